import { formatShanghaiDateTime, formatTons, isMessageKey, type TOrder } from '@metal/shared';
import { Alert, Descriptions, Drawer, Image, Space, Spin, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../lib/i18n';
import { fenToYuanText } from '../../../lib/money';
import { useTradeOrder } from '../api';
import { ORDER_STATE_COLOURS } from '../words';

const time = (iso: string | null) => (iso ? formatShanghaiDateTime(new Date(iso)) : '—');

type Transition = TOrder['history'][number];
type Item = TOrder['items'][number];

/**
 * One trade order, read-only: both companies, what was ordered and quoted, where it goes, how it is
 * paid and shipped, and every change of state with the side and person that made it and why.
 */
export function TradeOrderDrawer({ orderId, onClose }: { orderId: number | null; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const message = useMessage();
  const order = useTradeOrder(orderId);
  const data = order.data;
  const stateName = (state: string) => {
    const key = `order.state.${state}`;
    return isMessageKey(key) ? message(key) : state;
  };
  const reasonName = (reason: string) => {
    const key = `order.reason.${reason}`;
    return reason === '' ? '' : isMessageKey(key) ? message(key) : reason;
  };
  const yuan = (fen: number | null) => (fen === null ? '—' : t('yuan', { amount: fenToYuanText(fen) }));

  return (
    <Drawer
      open={orderId !== null}
      onClose={onClose}
      size={820}
      title={data ? t('detail.title', { orderNo: data.orderNo }) : ''}
      destroyOnHidden
    >
      {order.isPending && orderId !== null && <Spin />}
      {order.isError && <Alert type="error" showIcon title={t('detail.failed')} />}
      {data && (
        <Space orientation="vertical" size={24} style={{ width: '100%' }} data-testid="trade-order-detail">
          <Descriptions
            bordered
            size="small"
            column={2}
            items={[
              { key: 'orderNo', label: t('fields.orderNo'), children: <span className="mc-mono">{data.orderNo}</span> },
              {
                key: 'state',
                label: t('fields.state'),
                children: <Tag color={ORDER_STATE_COLOURS[data.state]}>{stateName(data.state)}</Tag>,
              },
              { key: 'source', label: t('fields.source'), children: t(`sources.${data.source}`) },
              { key: 'deadline', label: t('fields.deadline'), children: time(data.deadline) },
              {
                key: 'buyer',
                label: t('fields.buyer'),
                children: `${data.buyer.companyName || '—'} · ${t('companyId', { id: data.buyer.rootId })} · ${data.buyer.contactName}`,
              },
              {
                key: 'seller',
                label: t('fields.seller'),
                children: `${data.seller.companyName || '—'} · ${t('companyId', { id: data.seller.rootId })} · ${data.seller.contactName}`,
              },
              { key: 'total', label: t('fields.total'), children: yuan(data.totalFen) },
              { key: 'tons', label: t('fields.tons'), children: t('tons', { tons: formatTons(data.totalKg) }) },
              {
                key: 'payment',
                label: t('fields.payment'),
                children: data.payment.method ? t(`methods.${data.payment.method}`) : t('methods.none'),
              },
              { key: 'paidAt', label: t('fields.paidAt'), children: time(data.payment.paidAt) },
              {
                key: 'address',
                label: t('fields.address'),
                span: 2,
                children: data.address
                  ? `${data.address.receiver} ${data.address.phone} · ${data.address.province}${data.address.city}${data.address.district}${data.address.detail}`
                  : t('pickup'),
              },
              {
                key: 'invoice',
                label: t('fields.invoice'),
                span: 2,
                children: data.invoice ? `${data.invoice.name} · ${data.invoice.taxpayerId}` : t('noInvoice'),
              },
              { key: 'remark', label: t('fields.remark'), span: 2, children: data.remark || '—' },
              {
                key: 'cancelReason',
                label: t('fields.cancelReason'),
                span: 2,
                children: data.cancelReason ? reasonName(data.cancelReason) : '—',
              },
            ]}
          />

          <section>
            <Typography.Title level={5}>{t('detail.items')}</Typography.Title>
            <Table<Item>
              size="small"
              pagination={false}
              rowKey="id"
              dataSource={data.items}
              columns={[
                {
                  key: 'product',
                  title: t('fields.goods'),
                  render: (_v, item) => (
                    <>
                      <div>
                        {item.product.sortName} {item.product.productName}
                      </div>
                      <Typography.Text type="secondary">
                        {[item.product.specifications, item.product.brand, item.product.place]
                          .filter(Boolean)
                          .join(' · ')}
                      </Typography.Text>
                    </>
                  ),
                },
                { key: 'tons', title: t('fields.tons'), width: 100, render: (_v, item) => formatTons(item.quantityKg) },
                {
                  key: 'list',
                  title: t('fields.listPrice'),
                  width: 130,
                  render: (_v, item) => yuan(item.listPriceFen),
                },
                {
                  key: 'unit',
                  title: t('fields.unitPrice'),
                  width: 130,
                  render: (_v, item) => yuan(item.unitPriceFen),
                },
                { key: 'amount', title: t('fields.amount'), width: 140, render: (_v, item) => yuan(item.amountFen) },
              ]}
            />
            {data.quote && (
              <Typography.Paragraph type="secondary" style={{ marginTop: 8 }} data-testid="trade-order-quote">
                {t('detail.quote', {
                  version: data.quote.version,
                  goods: fenToYuanText(data.quote.goodsFen),
                  freight: fenToYuanText(data.quote.freightFen),
                  total: fenToYuanText(data.quote.totalFen),
                  validUntil: time(data.quote.validUntil),
                })}
                {data.quote.note && ` · ${data.quote.note}`}
              </Typography.Paragraph>
            )}
          </section>

          <section>
            <Typography.Title level={5}>{t('detail.history')}</Typography.Title>
            <Table<Transition>
              size="small"
              pagination={false}
              rowKey={(transition) => `${transition.at}-${transition.from}-${transition.to}-${transition.reason}`}
              dataSource={data.history}
              onRow={() => ({ 'data-testid': 'trade-transition-row' }) as React.HTMLAttributes<HTMLElement>}
              columns={[
                { key: 'at', title: t('detail.at'), width: 170, render: (_v, tr) => time(tr.at) },
                {
                  key: 'change',
                  title: t('detail.change'),
                  width: 200,
                  render: (_v, tr) =>
                    tr.from === null || tr.from === tr.to
                      ? stateName(tr.to)
                      : `${stateName(tr.from)} → ${stateName(tr.to)}`,
                },
                {
                  key: 'actor',
                  title: t('detail.actor'),
                  width: 150,
                  render: (_v, tr) =>
                    tr.userId === null
                      ? t(`actors.${tr.actor}`)
                      : t('actorUser', { actor: t(`actors.${tr.actor}`), id: tr.userId }),
                },
                {
                  key: 'reason',
                  title: t('detail.reason'),
                  render: (_v, tr) => [reasonName(tr.reason), tr.note].filter(Boolean).join(' · '),
                },
              ]}
            />
          </section>

          {(data.slips.length > 0 || data.shipment) && (
            <section>
              <Typography.Title level={5}>{t('detail.evidence')}</Typography.Title>
              {data.shipment && (
                <Typography.Paragraph>
                  {t('detail.shipment', {
                    note: data.shipment.logisticsNote,
                    plate: data.shipment.vehiclePlate || '—',
                    phone: data.shipment.driverPhone || '—',
                    at: time(data.shipment.shippedAt),
                  })}
                </Typography.Paragraph>
              )}
              <Space size={16} wrap align="start">
                {data.slips.flatMap((slip) =>
                  slip.urls.map((url) => (
                    <figure key={url} style={{ margin: 0 }} data-testid="trade-slip">
                      <Image src={url} width={140} />
                      <figcaption>
                        {t('detail.slip')} · {time(slip.createdAt)}
                      </figcaption>
                    </figure>
                  )),
                )}
                {data.shipment?.photos.map((url) => (
                  <figure key={url} style={{ margin: 0 }}>
                    <Image src={url} width={140} />
                    <figcaption>{t('detail.photo')}</figcaption>
                  </figure>
                ))}
              </Space>
            </section>
          )}
        </Space>
      )}
    </Drawer>
  );
}
