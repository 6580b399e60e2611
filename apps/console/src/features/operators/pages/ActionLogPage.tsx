import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import { formatShanghaiDateTime, OPERATOR_ACTIONS_PAGE_SIZE, type TOperatorAction } from '@metal/shared';
import { Button, Empty, Table, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useOperatorActions } from '../api';

const positiveInt = (value: string | null, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/**
 * An action's details, each named in words: a feature may name a key its own way (verification's
 * `kind` is why the user asked, not an entitlement) and word its coded values.
 */
function Detail({ action }: { action: TOperatorAction }) {
  const { t } = useTranslation('operators');
  const feature = action.action.split('.')[0];
  const entries = Object.entries(action.detail);
  if (entries.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <dl style={{ margin: 0 }}>
      {entries.map(([key, value]) => (
        <div key={key}>
          <Typography.Text type="secondary">
            {t([`featureDetailKeys.${feature}.${key}`, `detailKeys.${key}`] as unknown as 'detailKeys.reason', {
              defaultValue: key,
            })}
            :{' '}
          </Typography.Text>
          <span>
            {typeof value === 'string'
              ? t(`featureDetailValues.${feature}.${key}.${value}` as 'detailKeys.reason', { defaultValue: value })
              : JSON.stringify(value)}
          </span>
        </div>
      ))}
    </dl>
  );
}

/** Every recorded operator action, newest first, a page at a time (the page is kept in the URL). */
export default function ActionLogPage() {
  const { t } = useTranslation('operators');
  const { t: tAll } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = positiveInt(params.get('page'), 1);
  const pageSize = positiveInt(params.get('pageSize'), OPERATOR_ACTIONS_PAGE_SIZE);
  const actions = useOperatorActions(page, pageSize);

  const columns: TableColumnsType<TOperatorAction> = [
    {
      key: 'time',
      title: t('log.time'),
      width: 170,
      render: (_v, action) => formatShanghaiDateTime(new Date(action.createdAt)),
    },
    {
      key: 'operator',
      title: t('log.operator'),
      width: 170,
      render: (_v, action) => (
        <>
          <div>{action.operator.name}</div>
          <Typography.Text type="secondary" className="mc-mono">
            {action.operator.account}
          </Typography.Text>
        </>
      ),
    },
    {
      key: 'action',
      title: t('log.action'),
      width: 200,
      render: (_v, action) => (
        <>
          <div>{t(`actions.${action.action}` as 'actions.company_name.approve', { defaultValue: action.action })}</div>
          <Typography.Text type="secondary" className="mc-mono">
            {action.action}
          </Typography.Text>
        </>
      ),
    },
    {
      key: 'target',
      title: t('log.target'),
      width: 190,
      render: (_v, action) => <span className="mc-mono">{action.target}</span>,
    },
    { key: 'detail', title: t('log.detail'), render: (_v, action) => <Detail action={action} /> },
  ];

  return (
    <section>
      <header className="mc-page-head">
        <div>
          <h1>{t('log.title')}</h1>
          <Typography.Text type="secondary">{t('log.subtitle')}</Typography.Text>
        </div>
        <Button icon={<ReloadOutlined />} onClick={() => void actions.refetch()} loading={actions.isFetching}>
          {tAll('refresh')}
        </Button>
      </header>
      <Table<TOperatorAction>
        rowKey="id"
        columns={columns}
        dataSource={actions.data?.list ?? []}
        loading={actions.isFetching}
        onRow={() => ({ 'data-testid': 'action-row' }) as React.HTMLAttributes<HTMLElement>}
        pagination={{
          current: page,
          pageSize,
          total: actions.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (total) => t('log.total', { total }),
          onChange: (nextPage, nextSize) =>
            setParams({ page: String(nextSize === pageSize ? nextPage : 1), pageSize: String(nextSize) }),
        }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('log.empty')} /> }}
      />
    </section>
  );
}
