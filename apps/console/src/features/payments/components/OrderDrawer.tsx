import RollbackOutlined from '@ant-design/icons/RollbackOutlined';
import { Calls, formatShanghaiDateTime, type TConsolePayOrder, type TConsolePayRefund } from '@metal/shared';
import { Button, Descriptions, Drawer, Image, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../lib/feedback';
import { ALL_NAMESPACES, type ConsoleT } from '../../../lib/i18n';
import { fenToYuanText } from '../../../lib/money';
import { useMayCall } from '../../../lib/session';
import { useRefundRetry } from '../api';
import { causeName, channelName, FULFILMENT_COLOURS, fulfilmentName, STATE_COLOURS, stateName } from '../words';
import { RefundDoneModal } from './RefundDoneModal';
import { RefundModal, refundableFen } from './RefundModal';

const time = (iso: string | null) => (iso ? formatShanghaiDateTime(new Date(iso)) : '—');

type Transition = TConsolePayOrder['transitions'][number];

/** What a transition's recorded details add, in words: a late payment, a second one, a refund, a slip. */
function transitionNotes(transition: Transition, t: ConsoleT): string[] {
  const details = transition.details;
  const notes: string[] = [];
  if (details.late === true) notes.push(t('payments:notes.late'));
  if (details.secondPayment === true) notes.push(t('payments:notes.secondPayment'));
  if (typeof details.fulfilmentFailed === 'string')
    notes.push(t('payments:notes.fulfilmentFailed', { error: details.fulfilmentFailed }));
  if (details.fulfilled === true) notes.push(t('payments:notes.fulfilled'));
  if (typeof details.fulfilmentRefused === 'string')
    notes.push(t('payments:notes.fulfilmentRefused', { why: details.fulfilmentRefused }));
  if (details.fulfilmentAbandoned === true) notes.push(t('payments:notes.fulfilmentAbandoned'));
  if (details.refundSentAgain === true) notes.push(t('payments:notes.refundSentAgain'));
  if (details.afterFailure === true) notes.push(t('payments:notes.afterFailure'));
  if (details.refusedAfterUnconfirmed === true) notes.push(t('payments:notes.refusedAfterUnconfirmed'));
  if (typeof details.secondPaymentRefunded === 'string') notes.push(t('payments:notes.secondPaymentRefunded'));
  if (typeof details.refundNo === 'string' && typeof details.amountFen === 'number')
    notes.push(
      t('payments:notes.refund', {
        amount: fenToYuanText(details.amountFen),
        refundNo: details.refundNo,
        reason: typeof details.reason === 'string' ? details.reason : '',
      }),
    );
  if (typeof details.slipId === 'number') notes.push(t('payments:notes.slip', { id: details.slipId }));
  if (typeof details.transactionId === 'string')
    notes.push(t('payments:notes.transaction', { id: details.transactionId }));
  return notes;
}

/**
 * Why what the order bought is not delivered, as its history recorded it (the latest word): the purpose's
 * refusal (it never can be; what was left of the payment went back), or a refund that succeeded before the
 * delivery (which then stops; what was not refunded stays paid, so the operator is told what can still be
 * refunded). Null when the history says neither.
 */
function undeliveredBecause(order: TConsolePayOrder, t: ConsoleT): string[] | null {
  for (const { details } of [...order.transitions].reverse()) {
    if (typeof details.fulfilmentRefused === 'string')
      return [t('payments:fulfilment.refused', { why: details.fulfilmentRefused })];
    if (
      details.fulfilmentAbandoned === true &&
      typeof details.refundNo === 'string' &&
      typeof details.amountFen === 'number'
    ) {
      const rest = refundableFen(order);
      return [
        t('payments:fulfilment.abandoned', { amount: fenToYuanText(details.amountFen), refundNo: details.refundNo }),
        ...(rest > 0 ? [t('payments:fulfilment.restRefundable', { rest: fenToYuanText(rest) })] : []),
      ];
    }
  }
  return null;
}

/** Where the delivery stands, and, when it is not done, what the operator should know of it. */
function FulfilmentView({ order }: { order: TConsolePayOrder }) {
  const { t: tAll } = useTranslation(ALL_NAMESPACES);
  if (!order.fulfilment) return <>—</>;
  const notes =
    order.fulfilment === 'pending'
      ? [tAll('payments:fulfilment.pendingHint')]
      : order.fulfilment === 'refused'
        ? undeliveredBecause(order, tAll)
        : null;
  return (
    <div data-testid="fulfilment">
      <Tag color={FULFILMENT_COLOURS[order.fulfilment]}>{fulfilmentName(order.fulfilment, tAll)}</Tag>
      {notes?.map((note) => (
        <div key={note}>
          <Typography.Text type={order.fulfilment === 'refused' ? 'danger' : 'warning'}>{note}</Typography.Text>
        </div>
      ))}
    </div>
  );
}

/**
 * A refund's state in words: one owed back by bank waits for the operator's transfer, not for a channel;
 * a failure the channel did not confirm (it may have paid it) is to be sent again, not refunded anew.
 */
const refundStateName = (refund: TConsolePayRefund, t: ConsoleT) => {
  if (refund.channel === 'offline' && refund.state === 'pending') return t('payments:refundStates.owedByBank');
  if (refund.state === 'failed' && refund.failure !== 'refused') return t('payments:refundStates.unconfirmed');
  return t(`payments:refundStates.${refund.state}`);
};

/** Refunds are for money taken: a paid order, or one partly refunded already. */
export const canRefund = (order: TConsolePayOrder) =>
  (order.state === 'paid' || order.state === 'partly_refunded') && refundableFen(order) > 0;

/**
 * An order in full: whose it is, what was paid and refunded, every state it went through and who or
 * what moved it there, its refunds and transfer slips; and the refund action while money is left.
 */
export function OrderDrawer({
  order,
  onClose,
  onRefunded,
}: {
  order: TConsolePayOrder | null;
  onClose: () => void;
  onRefunded: (order: TConsolePayOrder) => void;
}) {
  const { t } = useTranslation('payments');
  const { t: tAll } = useTranslation(ALL_NAMESPACES);
  const [refunding, setRefunding] = useState(false);
  // Refunds move money: customer service reads the order but only an administrator refunds.
  const mayRefund = useMayCall(Calls.consolePayRefund);
  const mayRetry = useMayCall(Calls.consolePayRefundRetry);
  const mayRecordPaidBack = useMayCall(Calls.consolePayRefundDone);
  const retry = useRefundRetry();
  const [payingBack, setPayingBack] = useState<TConsolePayRefund | null>(null);
  const sendAgain = (refund: TConsolePayRefund) =>
    retry.mutate(
      { refundNo: refund.refundNo },
      {
        onSuccess: (updated) => {
          onRefunded(updated);
          showSuccess(t('refundRetry.done', { refundNo: refund.refundNo }));
        },
      },
    );

  return (
    <Drawer
      open={!!order}
      onClose={onClose}
      size={760}
      title={order ? t('detail.title', { orderNo: order.orderNo }) : ''}
      destroyOnHidden
      extra={
        order &&
        (canRefund(order) ? (
          <Space>
            {!mayRefund && (
              <Typography.Text type="secondary" data-testid="refund-admin-only">
                {t('refund.adminOnly')}
              </Typography.Text>
            )}
            <Button danger icon={<RollbackOutlined />} disabled={!mayRefund} onClick={() => setRefunding(true)}>
              {t('refund.action')}
            </Button>
          </Space>
        ) : (
          <Typography.Text type="secondary" data-testid="refund-unavailable">
            {t('refund.onlyPaid')}
          </Typography.Text>
        ))
      }
    >
      {order && (
        <Space orientation="vertical" size={24} style={{ width: '100%' }} data-testid="order-detail">
          <Descriptions
            bordered
            size="small"
            column={2}
            items={[
              {
                key: 'orderNo',
                label: t('fields.orderNo'),
                children: <span className="mc-mono">{order.orderNo}</span>,
              },
              {
                key: 'state',
                label: t('fields.state'),
                children: <Tag color={STATE_COLOURS[order.state]}>{stateName(order.state, tAll)}</Tag>,
              },
              { key: 'subject', label: t('fields.subject'), children: order.subject },
              {
                key: 'purpose',
                label: t('fields.purpose'),
                children: t('purpose', {
                  purpose: t(`purposes.${order.purpose}`, { defaultValue: order.purpose }),
                  ref: order.purposeRef,
                }),
              },
              {
                key: 'fulfilment',
                label: t('fields.fulfilment'),
                span: 2,
                children: <FulfilmentView order={order} />,
              },
              {
                key: 'company',
                label: t('fields.company'),
                children: `${order.companyName || '—'} · ${t('companyId', { id: order.rootId })}`,
              },
              { key: 'userId', label: t('fields.userId'), children: order.userId },
              {
                key: 'amount',
                label: t('fields.amount'),
                children: t('yuan', { amount: fenToYuanText(order.amountFen) }),
              },
              {
                key: 'refunded',
                label: t('fields.refunded'),
                children: t('yuan', { amount: fenToYuanText(order.refundedFen) }),
              },
              { key: 'channel', label: t('fields.channel'), children: channelName(order.channel, tAll) },
              {
                key: 'transactionId',
                label: t('fields.transactionId'),
                children: <span className="mc-mono">{order.receipt?.transactionId ?? '—'}</span>,
              },
              { key: 'createdAt', label: t('fields.createdAt'), children: time(order.createdAt) },
              { key: 'paidAt', label: t('fields.paidAt'), children: time(order.paidAt) },
              { key: 'expiresAt', label: t('fields.expiresAt'), children: time(order.expiresAt) },
              {
                key: 'reference',
                label: t('fields.reference'),
                children: <span className="mc-mono">{order.offlineReference ?? '—'}</span>,
              },
            ]}
          />

          <section>
            <Typography.Title level={5}>{t('detail.history')}</Typography.Title>
            <Table<Transition>
              size="small"
              pagination={false}
              rowKey={(transition) => `${transition.at}-${transition.from}-${transition.to}-${transition.cause}`}
              dataSource={order.transitions}
              onRow={() => ({ 'data-testid': 'transition-row' }) as React.HTMLAttributes<HTMLElement>}
              columns={[
                { key: 'at', title: t('detail.at'), width: 170, render: (_v, transition) => time(transition.at) },
                {
                  key: 'change',
                  title: t('detail.change'),
                  width: 190,
                  render: (_v, transition) =>
                    transition.from === transition.to
                      ? stateName(transition.to, tAll)
                      : `${stateName(transition.from, tAll)} → ${stateName(transition.to, tAll)}`,
                },
                {
                  key: 'cause',
                  title: t('detail.cause'),
                  width: 170,
                  render: (_v, transition) => causeName(transition.cause, tAll),
                },
                {
                  key: 'notes',
                  title: t('detail.notes'),
                  render: (_v, transition) =>
                    transitionNotes(transition, tAll).map((note) => <div key={note}>{note}</div>),
                },
              ]}
            />
          </section>

          <section>
            <Typography.Title level={5}>{t('detail.refunds')}</Typography.Title>
            <Table
              size="small"
              pagination={false}
              rowKey="refundNo"
              dataSource={order.refunds}
              onRow={() => ({ 'data-testid': 'refund-row' }) as React.HTMLAttributes<HTMLElement>}
              locale={{ emptyText: t('detail.noRefunds') }}
              columns={[
                { key: 'at', title: t('detail.at'), width: 170, render: (_v, refund) => time(refund.createdAt) },
                {
                  key: 'amount',
                  title: t('fields.amount'),
                  width: 120,
                  render: (_v, refund) => t('yuan', { amount: fenToYuanText(refund.amountFen) }),
                },
                {
                  key: 'state',
                  title: t('fields.state'),
                  width: 90,
                  render: (_v, refund) =>
                    refund.state === 'failed' && refund.failure !== 'refused' ? (
                      <Typography.Text type="warning" data-testid="refund-unconfirmed">
                        {refundStateName(refund, tAll)}
                      </Typography.Text>
                    ) : (
                      refundStateName(refund, tAll)
                    ),
                },
                {
                  // The reason beside its refund number (and a bank refund's reference) in one column: the
                  // drawer is narrow, and an automatic refund's reason is long (both languages).
                  key: 'reason',
                  title: `${t('refund.reason')} / ${t('detail.refundNo')}`,
                  render: (_v, refund) => (
                    <>
                      <div>{refund.reason}</div>
                      <Typography.Text type="secondary" className="mc-mono">
                        {refund.refundNo}
                      </Typography.Text>
                      {refund.channel === 'offline' && refund.providerRefundId && (
                        <div>
                          <Typography.Text type="secondary">
                            {t('detail.bankReference', { reference: refund.providerRefundId })}
                          </Typography.Text>
                        </div>
                      )}
                    </>
                  ),
                },
                {
                  key: 'action',
                  title: '',
                  width: 120,
                  render: (_v, refund) => {
                    if (refund.channel !== 'offline' && refund.state === 'failed')
                      return (
                        <Popconfirm
                          title={t('refundRetry.confirmTitle')}
                          description={t('refundRetry.confirmHint')}
                          okText={t('refundRetry.action')}
                          cancelText={tAll('common:cancel')}
                          disabled={!mayRetry}
                          onConfirm={() => sendAgain(refund)}
                        >
                          <Button
                            size="small"
                            disabled={!mayRetry}
                            loading={retry.isPending && retry.variables?.refundNo === refund.refundNo}
                          >
                            {t('refundRetry.action')}
                          </Button>
                        </Popconfirm>
                      );
                    if (refund.channel === 'offline' && refund.state === 'pending')
                      return (
                        <Button size="small" disabled={!mayRecordPaidBack} onClick={() => setPayingBack(refund)}>
                          {t('refundDone.action')}
                        </Button>
                      );
                    return null;
                  },
                },
              ]}
            />
          </section>

          {order.slips.length > 0 && (
            <section>
              <Typography.Title level={5}>{t('detail.slips')}</Typography.Title>
              <Space size={16} wrap align="start">
                {order.slips.map((slip) => (
                  <figure key={slip.id} style={{ margin: 0 }} data-testid="slip">
                    <Image src={slip.url} width={160} />
                    <figcaption>
                      {t(`slipStates.${slip.state}`)} · {time(slip.createdAt)}
                      {slip.reason && <div>{slip.reason}</div>}
                    </figcaption>
                  </figure>
                ))}
              </Space>
            </section>
          )}
        </Space>
      )}
      {order && refunding && mayRefund && (
        <RefundModal order={order} onClose={() => setRefunding(false)} onRefunded={onRefunded} />
      )}
      {order && payingBack && mayRecordPaidBack && (
        <RefundDoneModal
          order={order}
          refund={payingBack}
          onClose={() => setPayingBack(null)}
          onRefunded={onRefunded}
        />
      )}
    </Drawer>
  );
}
