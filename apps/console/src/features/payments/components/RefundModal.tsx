import { type MessageKey, PAY_REASON_MAX, type TConsolePayOrder, ZPayRefundRequest } from '@metal/shared';
import { Alert, Button, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api';
import { showSuccess } from '../../../lib/feedback';
import { useMessage } from '../../../lib/i18n';
import { fenToYuanText, yuanTextToFen } from '../../../lib/money';
import { useRefund } from '../api';

interface RefundValues {
  amount: string;
  reason: string;
}

/**
 * What of an order's own payment its refunds hold (a second payment's refunds give back other money): those
 * on their way back (pending), and those failed without the channel's word (unconfirmed: it may have paid
 * them, so they are sent again, never refunded anew). The server counts the same.
 */
export const heldFen = (order: TConsolePayOrder) => {
  let pending = 0;
  let unconfirmed = 0;
  for (const refund of order.refunds) {
    if (refund.secondPayment) continue;
    if (refund.state === 'pending') pending += refund.amountFen;
    else if (refund.state === 'failed' && refund.failure !== 'refused') unconfirmed += refund.amountFen;
  }
  return { pending, unconfirmed };
};

/** What can still be refunded of an order: what was paid, less what was refunded and what its refunds hold. */
export const refundableFen = (order: TConsolePayOrder) => {
  const held = heldFen(order);
  return Math.max(0, order.amountFen - order.refundedFen - held.pending - held.unconfirmed);
};

/**
 * A refund in two steps: the amount in yuan and the reason, checked by the call's own schema (and
 * against what is left to refund) before anything is sent; then a confirmation that names the amount.
 * A refusal (another refund got there first, the channel said no) stays in the dialog to be read.
 */
export function RefundModal({
  order,
  onClose,
  onRefunded,
}: {
  order: TConsolePayOrder;
  onClose: () => void;
  onRefunded: (order: TConsolePayOrder) => void;
}) {
  const { t } = useTranslation('payments');
  const { t: tCommon } = useTranslation();
  const message = useMessage();
  const [form] = Form.useForm<RefundValues>();
  const refund = useRefund();
  const [checked, setChecked] = useState<{ amountFen: number; reason: string } | null>(null);
  const maxFen = refundableFen(order);
  // No channel carries a transfer back: the server records the refund, the money goes by bank transfer.
  const paidByTransfer = order.receipt?.channel === 'offline';

  const check = ({ amount, reason }: RefundValues) => {
    refund.reset();
    form.setFields([
      { name: 'amount', errors: [] },
      { name: 'reason', errors: [] },
    ]);
    // Text that is not yuan ("1e3" too, which Number would read) goes to the schema as NaN, which it
    // refuses beside any other field's error.
    const amountFen = yuanTextToFen(amount ?? '') ?? Number.NaN;
    const parsed = ZPayRefundRequest.safeParse({ orderNo: order.orderNo, amountFen, reason: reason ?? '' });
    if (!parsed.success) {
      const errors = new Map<string, string>();
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'amountFen' ? 'amount' : String(issue.path[0]);
        if (!errors.has(field)) errors.set(field, message(issue.message as MessageKey));
      }
      form.setFields([...errors].map(([name, error]) => ({ name: name as keyof RefundValues, errors: [error] })));
      return;
    }
    if (parsed.data.amountFen > maxFen) {
      const { unconfirmed } = heldFen(order);
      const max = fenToYuanText(maxFen);
      form.setFields([
        {
          name: 'amount',
          errors: [
            unconfirmed > 0
              ? message('pay.refundUnconfirmed', { max, unconfirmed: fenToYuanText(unconfirmed) })
              : message('pay.refundTooMuch', { max }),
          ],
        },
      ]);
      return;
    }
    setChecked({ amountFen: parsed.data.amountFen, reason: parsed.data.reason });
  };

  const send = () => {
    if (!checked) return;
    refund.mutate(
      { orderNo: order.orderNo, ...checked },
      {
        onSuccess: (refunded) => {
          onRefunded(refunded);
          // WeChat Pay answers PROCESSING: the refund is on its way, not done, until the channel confirms it.
          const earlier = new Set(order.refunds.map((each) => each.refundNo));
          const made = refunded.refunds.find((each) => !earlier.has(each.refundNo));
          const outcome = paidByTransfer ? 'refund.owed' : made?.state === 'pending' ? 'refund.sent' : 'refund.done';
          showSuccess(t(outcome, { amount: fenToYuanText(checked.amountFen) }));
          onClose();
        },
        onError: () => setChecked(null),
      },
    );
  };

  const refusal = isApiError(refund.error) && !refund.error.isNetwork ? refund.error.mesg : null;
  return (
    <Modal
      open
      title={t('refund.title', { orderNo: order.orderNo })}
      onCancel={onClose}
      destroyOnHidden
      footer={
        checked
          ? [
              <Button key="back" onClick={() => setChecked(null)} disabled={refund.isPending}>
                {t('refund.back')}
              </Button>,
              <Button key="send" type="primary" danger loading={refund.isPending} onClick={send}>
                {t('refund.confirm')}
              </Button>,
            ]
          : [
              <Button key="cancel" onClick={onClose}>
                {tCommon('cancel')}
              </Button>,
              <Button key="check" type="primary" danger htmlType="submit" form="refund-form">
                {t('refund.submit')}
              </Button>,
            ]
      }
    >
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} data-testid="refusal" />}
      {checked && (
        <Alert
          type="warning"
          showIcon
          data-testid="refund-confirmation"
          title={t('refund.confirmTitle', { amount: fenToYuanText(checked.amountFen) })}
          description={
            <>
              <div>
                {t(paidByTransfer ? 'refund.confirmHintOffline' : 'refund.confirmHint', {
                  company: order.companyName || order.rootId,
                })}
              </div>
              {order.fulfilment === 'pending' && (
                <div data-testid="refund-undelivered">
                  <Typography.Text type="danger">{t('refund.undelivered')}</Typography.Text>
                </div>
              )}
              <div>
                {t('refund.reason')}: {checked.reason}
              </div>
            </>
          }
        />
      )}
      <div hidden={!!checked}>
        <Typography.Paragraph type="secondary">
          {t('refund.paidAndLeft', {
            paid: fenToYuanText(order.amountFen),
            refunded: fenToYuanText(order.refundedFen),
            left: fenToYuanText(maxFen),
          })}
        </Typography.Paragraph>
        <Form<RefundValues> id="refund-form" form={form} layout="vertical" requiredMark={false} onFinish={check}>
          <Form.Item
            name="amount"
            label={t('refund.amount')}
            extra={t('refund.amountHint', { max: fenToYuanText(maxFen) })}
          >
            <Input inputMode="decimal" suffix={t('yuanUnit')} autoFocus />
          </Form.Item>
          <Form.Item name="reason" label={t('refund.reason')}>
            <Input.TextArea rows={3} maxLength={PAY_REASON_MAX} showCount placeholder={t('refund.reasonPlaceholder')} />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}
