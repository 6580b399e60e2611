import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import { formatShanghaiDateTime } from '@metal/shared';
import { Button, Empty, Result, Table, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ALL_NAMESPACES } from '../../../lib/i18n';
import { Paths } from '../../../lib/navigation';
import { useQueueItems } from '../api';
import type { ReviewItem, ReviewQueue } from '../queue';
import { waitedFor } from '../waited';

/** A queue's list: oldest first, how long each has waited, and the way into each item's review. */
export function ReviewQueuePage({ queue }: { queue: ReviewQueue }) {
  const { t } = useTranslation('reviews');
  const { t: tAll } = useTranslation(ALL_NAMESPACES);
  const navigate = useNavigate();
  const items = useQueueItems(queue);
  const now = items.dataUpdatedAt || Date.now();

  const columns: TableColumnsType<ReviewItem> = [
    {
      key: 'submittedAt',
      title: t('queue.submittedAt'),
      width: 180,
      render: (_value, item) => formatShanghaiDateTime(new Date(item.createdAt)),
    },
    {
      key: 'waited',
      title: t('queue.waited'),
      width: 100,
      render: (_value, item) => waitedFor(item.createdAt, now, t),
    },
    ...queue.columns(tAll).map((column) => ({
      key: column.key,
      title: column.title,
      width: column.width,
      render: (_v: unknown, item: ReviewItem) => column.render(item),
    })),
    {
      key: 'open',
      title: '',
      width: 80,
      align: 'right',
      render: (_value, item) => <Link to={Paths.reviewItem(queue.key, item.id)}>{t('queue.open')}</Link>,
    },
  ];

  return (
    <section>
      <header className="mc-page-head">
        <div>
          <h1>{queue.title(tAll)}</h1>
          {items.data && (
            <Typography.Text type="secondary" data-testid="queue-count">
              {items.data.length > 0 ? t('queue.waiting', { count: items.data.length }) : t('queue.waitingNone')}
            </Typography.Text>
          )}
        </div>
        <Button icon={<ReloadOutlined />} onClick={() => void items.refetch()} loading={items.isFetching}>
          {tAll('refresh')}
        </Button>
      </header>
      {items.isError && !items.data ? (
        <Result
          status="error"
          title={tAll('loadFailed')}
          extra={<Button onClick={() => void items.refetch()}>{tAll('retry')}</Button>}
        />
      ) : (
        <Table<ReviewItem>
          rowKey="id"
          columns={columns}
          dataSource={items.data ?? []}
          loading={items.isPending}
          pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
          onRow={(item) => ({
            onClick: () => navigate(Paths.reviewItem(queue.key, item.id)),
            style: { cursor: 'pointer' },
            'data-testid': 'queue-row',
          })}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={
                  <>
                    <Typography.Title level={5} style={{ margin: 0 }}>
                      {t('queue.empty')}
                    </Typography.Title>
                    <Typography.Text type="secondary">{t('queue.emptyHint')}</Typography.Text>
                  </>
                }
              />
            ),
          }}
        />
      )}
    </section>
  );
}
