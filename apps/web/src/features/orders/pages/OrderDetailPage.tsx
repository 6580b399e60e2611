import {
  ORDER_PAYMENT_METHODS,
  type OrderAction,
  type OrderCancelReason,
  type OrderPaymentMethod,
  type TOrder,
} from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import Image from 'antd-mobile/es/components/image';
import Popup from 'antd-mobile/es/components/popup';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { Page } from '../../../components/Page';
import { isApiError } from '../../../lib/api';
import { confirmDestructive, Dialog, useDialogsClosedOnLeave } from '../../../lib/dialog';
import { showSuccess } from '../../../lib/feedback';
import { Paths, redirectToLogin } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { payDeskPath } from '../../payments/links';
import { useOrder, useOrderActions } from '../api';
import {
  CancelForm,
  QuoteForm,
  type QuoteValues,
  RejectSlipForm,
  ShipForm,
  type ShipValues,
  SlipForm,
} from '../components/ActionForms';
import { AddressBlock, InvoiceBlock } from '../components/Destination';
import { SlipCard } from '../components/SlipCard';
import { StateTag } from '../components/StateTag';
import { minuteOf, money, tons } from '../format';
import '../orders.css';

type Sheet = 'quote' | 'pay_slip' | 'reject_slip' | 'ship' | 'cancel' | null;

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="mm-order-kv" data-testid={testId}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Goods({ order }: { order: TOrder }) {
  const { t } = useTranslation('orders');
  return (
    <section className="mm-card mm-order-card" data-testid="order-goods">
      <h2 className="mm-section-title">
        {order.side === 'buyer' ? order.seller.companyName : order.buyer.companyName}
      </h2>
      <ul className="mm-order-lines">
        {order.items.map((item) => (
          <li key={item.id} className="mm-order-line">
            <div className="mm-order-line-main">
              <strong>{item.product.productName}</strong>
              <span className="mm-order-muted">
                {[item.product.sortName, item.product.specifications, item.product.brand].filter(Boolean).join(' · ')}
              </span>
              {item.product.place && <span className="mm-order-muted">{item.product.place}</span>}
            </div>
            <div className="mm-order-line-side">
              <span>
                {t('unit.perTon', { price: money(item.unitPriceFen ?? item.listPriceFen, t('priceOnRequest')) })}
              </span>
              <span className="mm-order-muted">{t('unit.tons', { tons: tons(item.quantityKg) })}</span>
              <strong>{money(item.amountFen, t('priceOnRequest'))}</strong>
            </div>
          </li>
        ))}
      </ul>
      <dl className="mm-order-kvs">
        {order.quote ? (
          <>
            <Row label={t('amounts.goods')}>{money(order.quote.goodsFen)}</Row>
            <Row label={t('amounts.freight')}>{money(order.quote.freightFen)}</Row>
            <Row label={t('amounts.total')} testId="order-total">
              <strong>{money(order.quote.totalFen)}</strong>
            </Row>
          </>
        ) : (
          <Row label={t('amounts.estimate')} testId="order-total">
            <strong>{money(order.totalFen, t('priceOnRequest'))}</strong>
          </Row>
        )}
      </dl>
    </section>
  );
}

function QuoteCard({ order }: { order: TOrder }) {
  const { t } = useTranslation('orders');
  const { quote } = order;
  if (!quote) {
    return order.state === 'awaiting_quote' ? (
      <section className="mm-card mm-order-card" data-testid="order-quote">
        <h2 className="mm-section-title">{t('quote.title')}</h2>
        <p className="mm-order-muted">{t(order.side === 'buyer' ? 'quote.waitingBuyer' : 'quote.waitingSeller')}</p>
      </section>
    ) : null;
  }
  return (
    <section className="mm-card mm-order-card" data-testid="order-quote">
      <h2 className="mm-section-title">{t('quote.titleVersion', { version: quote.version })}</h2>
      <dl className="mm-order-kvs">
        <Row label={t('quote.deliveryMethod')}>{t(`delivery.${quote.deliveryMethod}`)}</Row>
        <Row label={t('quote.deliveryDate')}>{quote.deliveryDate || t('quote.dateLater')}</Row>
        <Row label={t('quote.tax')}>{quote.taxIncluded ? t('quote.taxIncluded') : t('quote.taxExcluded')}</Row>
        <Row label={t('quote.quotedAt')}>{minuteOf(quote.quotedAt)}</Row>
        <Row label={t('quote.validUntil')}>{minuteOf(quote.validUntil)}</Row>
        {quote.note && <Row label={t('quote.note')}>{quote.note}</Row>}
      </dl>
    </section>
  );
}

function PaymentCard({ order }: { order: TOrder }) {
  const { t } = useTranslation('orders');
  const { payment } = order;
  if (!payment.method && order.slips.length === 0) return null;
  return (
    <section className="mm-card mm-order-card" data-testid="order-payment">
      <h2 className="mm-section-title">{t('payment.title')}</h2>
      <dl className="mm-order-kvs">
        {payment.method && <Row label={t('payment.method')}>{t(`payment.methods.${payment.method}`)}</Row>}
        {payment.method === 'offline_transfer' && payment.bankAccount && (
          <>
            <Row label={t('payment.accountName')}>{payment.bankAccount.accountName}</Row>
            <Row label={t('payment.bankName')}>{payment.bankAccount.bankName}</Row>
            <Row label={t('payment.accountNo')}>{payment.bankAccount.accountNo}</Row>
          </>
        )}
        {payment.paidAt && <Row label={t('payment.paidAt')}>{minuteOf(payment.paidAt)}</Row>}
      </dl>
      {order.slips.map((slip) => (
        <SlipCard
          key={slip.id}
          slip={slip}
          caption={t('payment.slipAt', { time: minuteOf(slip.createdAt) })}
          photoSize={72}
          testId="order-slip"
        />
      ))}
    </section>
  );
}

function ShipmentCard({ order }: { order: TOrder }) {
  const { t } = useTranslation('orders');
  const { shipment } = order;
  if (!shipment) return null;
  return (
    <section className="mm-card mm-order-card" data-testid="order-shipment">
      <h2 className="mm-section-title">{t('ship.shipped')}</h2>
      <dl className="mm-order-kvs">
        <Row label={t('ship.logisticsNote')}>{shipment.logisticsNote}</Row>
        {shipment.vehiclePlate && <Row label={t('ship.plate')}>{shipment.vehiclePlate}</Row>}
        {shipment.driverPhone && (
          <Row label={t('ship.driverPhone')}>
            <a href={`tel:${shipment.driverPhone}`}>{shipment.driverPhone}</a>
          </Row>
        )}
        <Row label={t('ship.at')}>{minuteOf(shipment.shippedAt)}</Row>
      </dl>
      {shipment.photos.length > 0 && (
        <div className="mm-order-photos">
          {shipment.photos.map((url) => (
            <Image key={url} src={url} width={72} height={72} fit="cover" alt={t('ship.photos')} />
          ))}
        </div>
      )}
    </section>
  );
}

function History({ order }: { order: TOrder }) {
  const { t } = useTranslation('orders');
  const reason = (value: string) => (value ? t(`reasons.${value}`, { defaultValue: value }) : '');
  return (
    <section className="mm-card mm-order-card" data-testid="order-history">
      <h2 className="mm-section-title">{t('history.title')}</h2>
      <ol className="mm-order-timeline">
        {[...order.history].reverse().map((step) => (
          <li key={`${step.at}-${step.to}`}>
            <strong>{t(`states.${step.to}`)}</strong>
            <span className="mm-order-muted">
              {t(`actors.${step.actor}`)} · {minuteOf(step.at)}
            </span>
            {(step.reason || step.note) && (
              <span className="mm-order-muted">{[reason(step.reason), step.note].filter(Boolean).join(' · ')}</span>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The order's number, parties, address, invoice and remark. */
function Facts({ order }: { order: TOrder }) {
  const { t } = useTranslation('orders');
  return (
    <section className="mm-card mm-order-card" data-testid="order-facts">
      <dl className="mm-order-kvs">
        <Row label={t('facts.orderNo')}>{order.orderNo}</Row>
        <Row label={t('facts.createdAt')}>{minuteOf(order.createdAt)}</Row>
        <Row label={t('facts.buyer')}>{`${order.buyer.companyName} · ${order.buyer.contactName}`}</Row>
        <Row label={t('facts.seller')}>{`${order.seller.companyName} · ${order.seller.contactName}`}</Row>
        <Row label={t('address.title')}>
          {order.address ? <AddressBlock address={order.address} /> : t('address.pickup')}
        </Row>
        <Row label={t('invoice.title')}>
          {order.invoice ? <InvoiceBlock invoice={order.invoice} /> : t('invoice.none')}
        </Row>
        {order.remark && <Row label={t('checkout.remark')}>{order.remark}</Row>}
        {order.cancelReason && <Row label={t('cancel.reason')}>{t(`cancelReasons.${order.cancelReason}`)}</Row>}
      </dl>
    </section>
  );
}

/**
 * Why an order the platform ended is over (expiry, a payment refunded in full): the reason its last step
 * records. A side's cancellation shows its reason among the facts instead.
 */
function EndedBecause({ order }: { order: TOrder }) {
  const { t } = useTranslation('orders');
  if ((order.state !== 'cancelled' && order.state !== 'expired') || order.cancelReason) return null;
  const ending = [...order.history].reverse().find((step) => step.to === order.state);
  if (!ending?.reason) return null;
  return (
    <span className="mm-order-returned" data-testid="order-end-reason">
      {t(`reasons.${ending.reason}`, { defaultValue: ending.reason })}
    </span>
  );
}

/** While the order waits for payment again because the seller returned the slip: that, and why. */
function SlipReturned({ order }: { order: TOrder }) {
  const { t } = useTranslation('orders');
  const last = order.history.at(-1);
  if (order.state !== 'agreed' || last?.from !== 'payment_submitted' || last.to !== 'agreed') return null;
  return (
    <span className="mm-order-returned" data-testid="order-slip-returned">
      {t(`rejectSlip.returned.${order.side}`, { note: last.note })}
    </span>
  );
}

/** The buttons the server lists for the caller, the forward step first and cancel last. */
const ACTION_ORDER: OrderAction[] = [
  'quote',
  'agree',
  'pay_slip',
  'pay_online',
  'confirm_paid',
  'ship',
  'receive',
  'reject_slip',
  'cancel',
];

function Actions({ order, onSheet }: { order: TOrder; onSheet: (sheet: Sheet) => void }) {
  const { t } = useTranslation(['orders', 'common']);
  const navigate = useNavigate();
  const actions = useOrderActions();
  const confirmed = (content: string, confirmText: string) =>
    Dialog.confirm({ content, confirmText, cancelText: t('common:cancel') });

  const run: Record<OrderAction, () => Promise<void>> = {
    quote: async () => onSheet('quote'),
    agree: async () => {
      // The quote shown is the one agreed: one the seller replaced meanwhile is refused, and shown.
      const version = order.quote?.version ?? 0;
      const total = money(order.quote?.totalFen ?? order.totalFen);
      if (order.payment.onlineAccepted) {
        // The first answer counts: a method's button, or closing the dialog (null).
        const method = await new Promise<OrderPaymentMethod | null>((resolve) => {
          Dialog.show({
            content: t('agree.choose', { total }),
            closeOnAction: true,
            closeOnMaskClick: true,
            onClose: () => resolve(null),
            actions: [
              ...ORDER_PAYMENT_METHODS.map((key) => ({
                key,
                text: t(`payment.methods.${key}`),
                onClick: () => resolve(key),
              })),
              { key: 'cancel', text: t('common:cancel'), onClick: () => resolve(null) },
            ],
          });
        });
        if (!method) return;
        await actions.agree.mutateAsync({ orderId: order.id, quoteVersion: version, paymentMethod: method });
      } else {
        if (!(await confirmed(t('agree.confirm', { total }), t('actions.agree')))) return;
        await actions.agree.mutateAsync({
          orderId: order.id,
          quoteVersion: version,
          paymentMethod: 'offline_transfer',
        });
      }
      showSuccess(t('done.agree'));
    },
    pay_slip: async () => onSheet('pay_slip'),
    pay_online: async () => {
      const { payOrderNo } = await actions.payOnline.mutateAsync(order.id);
      navigate(payDeskPath(payOrderNo));
    },
    confirm_paid: async () => {
      if (!(await confirmed(t('confirmPaid.confirm', { total: money(order.totalFen) }), t('actions.confirm_paid'))))
        return;
      await actions.confirmPaid.mutateAsync(order.id);
      showSuccess(t('done.confirm_paid'));
    },
    reject_slip: async () => onSheet('reject_slip'),
    ship: async () => onSheet('ship'),
    receive: async () => {
      if (!(await confirmed(t('receive.confirm'), t('actions.receive')))) return;
      await actions.receive.mutateAsync(order.id);
      showSuccess(t('done.receive'));
    },
    cancel: async () => onSheet('cancel'),
  };

  const open = ACTION_ORDER.filter((action) => order.actions.includes(action));
  if (open.length === 0) return null;
  return (
    <div className="mm-order-bar is-actions" data-testid="order-actions">
      {open.map((action) => (
        <Button
          key={action}
          size="small"
          shape="rounded"
          color={action === 'cancel' || action === 'reject_slip' ? 'default' : 'primary'}
          fill={action === 'cancel' || action === 'reject_slip' ? 'outline' : 'solid'}
          onClick={() => void run[action]().catch(() => undefined)}
          data-testid={`order-action-${action}`}
        >
          {t(`actions.${action}`)}
        </Button>
      ))}
    </div>
  );
}

function Sheets({ order, sheet, onClose }: { order: TOrder; sheet: Sheet; onClose: () => void }) {
  const { t } = useTranslation(['orders', 'common']);
  const actions = useOrderActions();
  const after = (message: string) => {
    onClose();
    showSuccess(message);
  };
  const quote = (values: QuoteValues) =>
    void actions.quote
      .mutateAsync({ orderId: order.id, ...values })
      .then(() => after(t('done.quote')))
      .catch(() => undefined);
  const slip = (fileIds: number[], note: string) =>
    void actions.paySlip
      .mutateAsync({ orderId: order.id, fileIds, note })
      .then(() => after(t('done.pay_slip')))
      .catch(() => undefined);
  const rejectSlip = async (slipId: number, note: string) => {
    const ok = await confirmDestructive({
      content: t('rejectSlip.confirm'),
      confirmText: t('actions.reject_slip'),
      cancelText: t('common:cancel'),
    });
    if (!ok) return;
    await actions.rejectSlip
      .mutateAsync({ orderId: order.id, slipId, note })
      .then(() => after(t('done.reject_slip')))
      .catch((error: unknown) => {
        // The buyer handed in another slip meanwhile (the toast says so): the sheet closes on the
        // order, which asks again and shows the new slip, so the seller looks at it before returning one.
        if (isApiError(error) && error.errors?.slipId) onClose();
      });
  };
  const slipShown = order.slips.at(-1);
  const ship = async (values: ShipValues) => {
    const ok = await Dialog.confirm({
      content: t('ship.confirm'),
      confirmText: t('actions.ship'),
      cancelText: t('common:cancel'),
    });
    if (!ok) return;
    await actions.ship
      .mutateAsync({ orderId: order.id, ...values })
      .then(() => after(t('done.ship')))
      .catch(() => undefined);
  };
  const cancel = async (reason: OrderCancelReason, note: string) => {
    const ok = await confirmDestructive({
      content: t('cancel.confirm'),
      confirmText: t('actions.cancel'),
      cancelText: t('cancel.keep'),
    });
    if (!ok) return;
    await actions.cancel
      .mutateAsync({ orderId: order.id, reason, note })
      .then(() => after(t('done.cancel')))
      .catch(() => undefined);
  };
  return (
    <Popup
      visible={sheet !== null}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="mm-order-sheet"
      destroyOnClose
    >
      {sheet === 'quote' && <QuoteForm order={order} onSubmit={quote} />}
      {sheet === 'pay_slip' && <SlipForm onSubmit={slip} />}
      {sheet === 'reject_slip' && slipShown && (
        <RejectSlipForm slip={slipShown} onSubmit={(slipId, note) => void rejectSlip(slipId, note)} />
      )}
      {sheet === 'ship' && <ShipForm onSubmit={(values) => void ship(values)} />}
      {sheet === 'cancel' && <CancelForm side={order.side} onSubmit={(reason, note) => void cancel(reason, note)} />}
    </Popup>
  );
}

/**
 * order_detail?id=: one order as the caller's side sees it — goods and amounts, the quote, payment,
 * shipment and history — and the buttons for what the server says the caller may do now.
 */
export default function OrderDetailPage() {
  const { t } = useTranslation('orders');
  useDialogsClosedOnLeave();
  const [params] = useSearchParams();
  const orderId = Number(params.get('id'));
  const valid = Number.isSafeInteger(orderId) && orderId > 0;
  const { loggedIn } = useSession();
  const order = useOrder(valid ? orderId : 0);
  const [sheet, setSheet] = useState<Sheet>(null);

  let body: ReactNode;
  if (!loggedIn) {
    body = <EmptyState kind="inbox" title={t('loginTitle')} action={{ label: t('login'), onClick: redirectToLogin }} />;
  } else if (!valid) {
    body = <EmptyState kind="inbox" title={t('detail.notFound')} />;
  } else if (order.isError && !order.data) {
    body = <ErrorScreen error={order.error} onRetry={() => void order.refetch()} />;
  } else if (order.isPending) {
    body = (
      <section className="mm-card" aria-hidden="true">
        <Skeleton.Paragraph lineCount={10} animated />
      </section>
    );
  } else {
    const data = order.data;
    body = (
      <PullToRefresh onRefresh={async () => void (await order.refetch())}>
        <section className="mm-card mm-order-card mm-order-head" data-testid="order-head">
          <StateTag state={data.state} />
          <span className="mm-order-muted">{t(`hints.${data.side}.${data.state}`)}</span>
          <SlipReturned order={data} />
          <EndedBecause order={data} />
          {data.deadline && (
            <span className="mm-order-deadline">{t('list.deadline', { time: minuteOf(data.deadline) })}</span>
          )}
        </section>
        <Goods order={data} />
        <QuoteCard order={data} />
        <PaymentCard order={data} />
        <ShipmentCard order={data} />
        <Facts order={data} />
        <History order={data} />
        <Actions order={data} onSheet={setSheet} />
        <Sheets order={data} sheet={sheet} onClose={() => setSheet(null)} />
      </PullToRefresh>
    );
  }

  return (
    <Page
      title={t('detail.title')}
      backTo={Paths.myOrders}
      className="mm-order-page"
      bodyClassName={order.data && order.data.actions.length > 0 ? 'has-bar' : ''}
    >
      {body}
    </Page>
  );
}
