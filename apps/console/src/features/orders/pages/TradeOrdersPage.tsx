import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import SearchOutlined from '@ant-design/icons/SearchOutlined';
import {
  formatShanghaiDateTime,
  formatTons,
  ORDER_PAGE_SIZE,
  ORDER_STATES,
  type OrderState,
  type TOrderSummary,
} from '@metal/shared';
import { Button, Empty, Form, Input, Select, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../lib/i18n';
import { fenToYuanText } from '../../../lib/money';
import { COMPANY_MAX, ORDER_NO_MAX, type OrderSearch, useOrderSearch } from '../../../lib/orderSearch';
import { useTradeOrders } from '../api';
import { TradeOrderDrawer } from '../components/TradeOrderDrawer';
import { ORDER_STATE_COLOURS } from '../words';

type SearchValues = Pick<OrderSearch<OrderState>, 'orderNo' | 'company' | 'state'>;

/**
 * Trade orders between companies, newest first, searched by number (or its start), company (either
 * side, name or number) and state; read-only: a row opens the order with its history. The search and
 * page live in the URL so a search can be shared.
 */
export default function TradeOrdersPage() {
  const { t } = useTranslation('orders');
  const message = useMessage();
  const { search, searchFor, formKey } = useOrderSearch(ORDER_STATES, ORDER_PAGE_SIZE);
  const orders = useTradeOrders(search);
  const [opened, setOpened] = useState<number | null>(null);

  const party = (p: TOrderSummary['buyer']) => (
    <>
      <div>{p.companyName || '—'}</div>
      <Typography.Text type="secondary">{t('companyId', { id: p.rootId })}</Typography.Text>
    </>
  );
  const columns: TableColumnsType<TOrderSummary> = [
    {
      key: 'orderNo',
      title: t('fields.orderNo'),
      width: 230,
      render: (_v, order) => <span className="mc-mono">{order.orderNo}</span>,
    },
    { key: 'buyer', title: t('fields.buyer'), render: (_v, order) => party(order.buyer) },
    { key: 'seller', title: t('fields.seller'), render: (_v, order) => party(order.seller) },
    {
      key: 'goods',
      title: t('fields.goods'),
      render: (_v, order) => (
        <>
          <div>{order.firstItem.product.productName || order.firstItem.product.sortName}</div>
          <Typography.Text type="secondary">
            {t('goodsSummary', { lines: order.itemCount, tons: formatTons(order.totalKg) })}
          </Typography.Text>
        </>
      ),
    },
    {
      key: 'total',
      title: t('fields.total'),
      width: 140,
      align: 'right',
      render: (_v, order) => (order.totalFen === null ? '—' : t('yuan', { amount: fenToYuanText(order.totalFen) })),
    },
    {
      key: 'state',
      title: t('fields.state'),
      width: 130,
      render: (_v, order) => (
        <Tag color={ORDER_STATE_COLOURS[order.state]}>{message(`order.state.${order.state}`)}</Tag>
      ),
    },
    {
      key: 'createdAt',
      title: t('fields.createdAt'),
      width: 170,
      render: (_v, order) => formatShanghaiDateTime(new Date(order.createdAt)),
    },
  ];

  return (
    <section>
      <header className="mc-page-head">
        <div>
          <h1>{t('title')}</h1>
          <Typography.Text type="secondary">{t('subtitle')}</Typography.Text>
        </div>
        <Button icon={<ReloadOutlined />} onClick={() => void orders.refetch()} loading={orders.isFetching}>
          {t('refresh')}
        </Button>
      </header>
      <Form<SearchValues>
        layout="inline"
        className="mc-search"
        key={formKey}
        initialValues={{ orderNo: search.orderNo, company: search.company, state: search.state }}
        onFinish={(values) => searchFor(values)}
      >
        <Form.Item name="orderNo" label={t('fields.orderNo')}>
          <Input allowClear maxLength={ORDER_NO_MAX} placeholder={t('orderNoPlaceholder')} style={{ width: 240 }} />
        </Form.Item>
        <Form.Item name="company" label={t('fields.company')}>
          <Input allowClear maxLength={COMPANY_MAX} placeholder={t('companyPlaceholder')} style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="state" label={t('fields.state')}>
          <Select
            style={{ width: 160 }}
            options={[
              { value: '', label: t('anyState') },
              ...ORDER_STATES.map((value) => ({ value, label: message(`order.state.${value}`) })),
            ]}
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('search')}
          </Button>
        </Form.Item>
      </Form>
      <Table<TOrderSummary>
        rowKey="id"
        columns={columns}
        dataSource={orders.data?.list ?? []}
        loading={orders.isFetching}
        onRow={(order) =>
          ({
            onClick: () => setOpened(order.id),
            style: { cursor: 'pointer' },
            'data-testid': 'trade-order-row',
          }) as React.HTMLAttributes<HTMLElement>
        }
        pagination={{
          current: search.page,
          pageSize: search.pageSize,
          total: orders.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (total) => t('total', { total }),
          onChange: (nextPage, nextSize) => searchFor(search, nextSize === search.pageSize ? nextPage : 1, nextSize),
        }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} /> }}
      />
      <TradeOrderDrawer orderId={opened} onClose={() => setOpened(null)} />
    </section>
  );
}
