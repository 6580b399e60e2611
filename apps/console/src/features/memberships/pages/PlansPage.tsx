import EditOutlined from '@ant-design/icons/EditOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import {
  Calls,
  ENTITLEMENT_KINDS,
  type EntitlementKind,
  formatShanghaiDateTime,
  type TConsolePlan,
} from '@metal/shared';
import { Alert, Button, Empty, Radio, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ALL_NAMESPACES } from '../../../lib/i18n';
import { fenToYuanText } from '../../../lib/money';
import { useMayCall } from '../../../lib/session';
import { usePlans } from '../api';
import { PlanModal } from '../components/PlanModal';

const isKind = (value: string | null): value is EntitlementKind =>
  (ENTITLEMENT_KINDS as readonly string[]).includes(value ?? '');

/** Every plan, on sale or not, by kind (the kind in the URL); a new plan or changes to one in a dialog. */
export default function PlansPage() {
  const { t } = useTranslation('memberships');
  const { t: tAll } = useTranslation(ALL_NAMESPACES);
  const [params, setParams] = useSearchParams();
  const kindParam = params.get('kind');
  const kind = isKind(kindParam) ? kindParam : '';
  const plans = usePlans(kind);
  const [editing, setEditing] = useState<TConsolePlan | 'new' | null>(null);
  // Prices are money: customer service sees the plans but only an administrator saves them.
  const maySave = useMayCall(Calls.consolePlanSave);

  const length = (plan: TConsolePlan) =>
    plan.viewCount !== null
      ? t('length.uses', { count: plan.viewCount })
      : plan.days !== null
        ? t('length.days', { count: plan.days })
        : t('length.months', { count: plan.months ?? 0 });

  const columns: TableColumnsType<TConsolePlan> = [
    { key: 'kind', title: t('form.kind'), width: 120, render: (_v, plan) => t(`kinds.${plan.kind}`) },
    {
      key: 'name',
      title: t('columns.name'),
      render: (_v, plan) => (
        <>
          <div>{plan.nameZh}</div>
          <Typography.Text type="secondary">{plan.nameEn}</Typography.Text>
        </>
      ),
    },
    { key: 'length', title: t('form.length'), width: 110, render: (_v, plan) => length(plan) },
    {
      key: 'price',
      title: t('columns.price'),
      width: 130,
      align: 'right',
      render: (_v, plan) => t('yuan', { amount: fenToYuanText(plan.priceFen) }),
    },
    {
      key: 'active',
      title: t('form.active'),
      width: 90,
      render: (_v, plan) => (plan.active ? <Tag color="green">{t('onSale')}</Tag> : <Tag>{t('offSale')}</Tag>),
    },
    { key: 'sortOrder', title: t('form.sortOrder'), width: 80, render: (_v, plan) => plan.sortOrder },
    {
      key: 'updatedAt',
      title: t('columns.updatedAt'),
      width: 170,
      render: (_v, plan) => formatShanghaiDateTime(new Date(plan.updatedAt)),
    },
    {
      key: 'edit',
      title: '',
      width: 90,
      align: 'right',
      render: (_v, plan) => (
        <Button size="small" icon={<EditOutlined />} disabled={!maySave} onClick={() => setEditing(plan)}>
          {t('edit')}
        </Button>
      ),
    },
  ];

  return (
    <section>
      <header className="mc-page-head">
        <div>
          <h1>{t('plans.title')}</h1>
          <Typography.Text type="secondary">{t('plans.subtitle')}</Typography.Text>
        </div>
        <Space>
          <Button icon={<ReloadOutlined />} onClick={() => void plans.refetch()} loading={plans.isFetching}>
            {tAll('common:refresh')}
          </Button>
          <Button type="primary" icon={<PlusOutlined />} disabled={!maySave} onClick={() => setEditing('new')}>
            {t('plans.new')}
          </Button>
        </Space>
      </header>
      {!maySave && (
        <Alert
          type="warning"
          showIcon
          title={t('plans.adminOnly')}
          style={{ marginBottom: 16 }}
          data-testid="plans-admin-only"
        />
      )}
      <Alert type="info" showIcon title={t('priceNote')} style={{ marginBottom: 16 }} />
      <Radio.Group
        optionType="button"
        value={kind}
        onChange={(event) => setParams(event.target.value ? { kind: String(event.target.value) } : {})}
        options={[
          { value: '', label: t('plans.allKinds') },
          ...ENTITLEMENT_KINDS.map((value) => ({ value, label: t(`kinds.${value}`) })),
        ]}
        style={{ marginBottom: 16 }}
      />
      <Table<TConsolePlan>
        rowKey="id"
        columns={columns}
        dataSource={plans.data?.list ?? []}
        loading={plans.isFetching}
        pagination={false}
        onRow={() => ({ 'data-testid': 'plan-row' }) as React.HTMLAttributes<HTMLElement>}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('plans.empty')} /> }}
      />
      {editing && maySave && (
        <PlanModal
          plan={editing === 'new' ? null : editing}
          newKind={kind || 'certified_supplier'}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}
