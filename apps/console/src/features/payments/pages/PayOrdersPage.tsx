import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import SearchOutlined from '@ant-design/icons/SearchOutlined';
import {
  formatShanghaiDateTime,
  PAY_ORDERS_PAGE_SIZE,
  PAYMENT_STATES,
  type PaymentState,
  type TConsolePayOrder,
} from '@metal/shared';
import { Button, Empty, Form, Input, Radio, Table, type TableColumnsType, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALL_NAMESPACES } from '../../../lib/i18n';
import { fenToYuanText } from '../../../lib/money';
import { COMPANY_MAX, ORDER_NO_MAX, type OrderSearchValues, useOrderSearch } from '../../../lib/orderSearch';
import { PAY_ORDER_FILTERS, type PayOrderSearch, refundNeedsOperator, usePayOrders } from '../api';
import { OrderDrawer } from '../components/OrderDrawer';
import { channelName, FULFILMENT_COLOURS, fulfilmentName, STATE_COLOURS, stateName } from '../words';

type SearchValues = OrderSearchValues<PaymentState, typeof PAY_ORDER_FILTERS>;

/**
 * What the list says when it finds nothing: a search by one refund or delivery filter alone (the
 * operators' daily check) names what it looked for, so "nothing waits" reads plainly; any other, the
 * general words.
 */
function emptyText(search: PayOrderSearch, t: TFunction<'payments'>) {
  const { refundState, fulfilment } = search.filters;
  if (search.orderNo || search.company || search.state || (refundState && fulfilment)) return t('orders.empty');
  if (refundState) return t(`orders.emptyFor.refundState.${refundState}`);
  if (fulfilment) return t(`orders.emptyFor.fulfilment.${fulfilment}`);
  return t('orders.empty');
}

/**
 * Payment orders, newest first, searched by order number (or its start), company (name or number),
 * state, a refund pending or failed and a delivery pending or refused; the search and page live in the
 * URL so a search can be shared. A row opens the order's drawer.
 */
export default function PayOrdersPage() {
  const { t } = useTranslation('payments');
  const { t: tAll } = useTranslation(ALL_NAMESPACES);
  const { search, searchFor, formKey } = useOrderSearch(PAYMENT_STATES, PAY_ORDERS_PAGE_SIZE, PAY_ORDER_FILTERS);
  const orders = usePayOrders(search);
  // The order opened stays open when a refund or a refetch moves it out of the search's results.
  const [opened, setOpened] = useState<TConsolePayOrder | null>(null);
  const shown = (opened && orders.data?.list.find((order) => order.orderNo === opened.orderNo)) ?? opened;

  const columns: TableColumnsType<TConsolePayOrder> = [
    {
      key: 'orderNo',
      title: t('fields.orderNo'),
      width: 220,
      render: (_v, order) => <span className="mc-mono">{order.orderNo}</span>,
    },
    {
      key: 'company',
      title: t('fields.company'),
      render: (_v, order) => (
        <>
          <div>{order.companyName || '—'}</div>
          <Typography.Text type="secondary">{t('companyId', { id: order.rootId })}</Typography.Text>
        </>
      ),
    },
    { key: 'subject', title: t('fields.subject'), render: (_v, order) => order.subject },
    {
      key: 'amount',
      title: t('fields.amount'),
      width: 140,
      align: 'right',
      render: (_v, order) => (
        <>
          <div>{t('yuan', { amount: fenToYuanText(order.amountFen) })}</div>
          {order.refundedFen > 0 && (
            <Typography.Text type="danger">
              {t('refundedAmount', { amount: fenToYuanText(order.refundedFen) })}
            </Typography.Text>
          )}
        </>
      ),
    },
    {
      key: 'state',
      title: t('fields.state'),
      width: 130,
      render: (_v, order) => (
        <>
          <Tag color={STATE_COLOURS[order.state]}>{stateName(order.state, tAll)}</Tag>
          <div>
            <Typography.Text type="secondary">{channelName(order.channel, tAll)}</Typography.Text>
          </div>
          {/* Delivered is the rule: only a delivery still waiting, or one that never happens, is tagged. */}
          {(order.fulfilment === 'pending' || order.fulfilment === 'refused') && (
            <Tag color={FULFILMENT_COLOURS[order.fulfilment]} data-testid="fulfilment-tag">
              {fulfilmentName(order.fulfilment, tAll)}
            </Tag>
          )}
          {order.refunds.some(refundNeedsOperator) && (
            <Tag color="volcano" data-testid="refund-waiting">
              {t('orders.refundWaiting')}
            </Tag>
          )}
        </>
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
          <h1>{t('orders.title')}</h1>
          <Typography.Text type="secondary">{t('orders.subtitle')}</Typography.Text>
        </div>
        <Button icon={<ReloadOutlined />} onClick={() => void orders.refetch()} loading={orders.isFetching}>
          {tAll('common:refresh')}
        </Button>
      </header>
      <Form<SearchValues>
        layout="inline"
        className="mc-search"
        key={formKey}
        initialValues={{
          orderNo: search.orderNo,
          company: search.company,
          state: search.state,
          filters: search.filters,
        }}
        onFinish={(values) => searchFor(values)}
      >
        <Form.Item name="orderNo" label={t('fields.orderNo')}>
          <Input
            allowClear
            maxLength={ORDER_NO_MAX}
            placeholder={t('orders.orderNoPlaceholder')}
            style={{ width: 240 }}
          />
        </Form.Item>
        <Form.Item name="company" label={t('fields.company')}>
          <Input
            allowClear
            maxLength={COMPANY_MAX}
            placeholder={t('orders.companyPlaceholder')}
            style={{ width: 220 }}
          />
        </Form.Item>
        <Form.Item name="state" label={t('fields.state')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: '', label: t('orders.anyState') },
              ...PAYMENT_STATES.map((value) => ({ value, label: stateName(value, tAll) })),
            ]}
          />
        </Form.Item>
        <Form.Item name={['filters', 'refundState']} label={t('orders.refundFilter')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: '', label: t('orders.anyState') },
              ...PAY_ORDER_FILTERS.refundState.map((value) => ({ value, label: t(`orders.refundStates.${value}`) })),
            ]}
          />
        </Form.Item>
        <Form.Item name={['filters', 'fulfilment']} label={t('fields.fulfilment')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: '', label: t('orders.anyState') },
              ...PAY_ORDER_FILTERS.fulfilment.map((value) => ({ value, label: fulfilmentName(value, tAll) })),
            ]}
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('orders.search')}
          </Button>
        </Form.Item>
      </Form>
      <Table<TConsolePayOrder>
        rowKey="orderNo"
        columns={columns}
        dataSource={orders.data?.list ?? []}
        loading={orders.isFetching}
        onRow={(order) =>
          ({
            onClick: () => setOpened(order),
            style: { cursor: 'pointer' },
            'data-testid': 'order-row',
          }) as React.HTMLAttributes<HTMLElement>
        }
        pagination={{
          current: search.page,
          pageSize: search.pageSize,
          total: orders.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (total) => t('orders.total', { total }),
          onChange: (nextPage, nextSize) => searchFor(search, nextSize === search.pageSize ? nextPage : 1, nextSize),
        }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText(search, t)} /> }}
      />
      <OrderDrawer order={shown} onClose={() => setOpened(null)} onRefunded={setOpened} />
    </section>
  );
}
