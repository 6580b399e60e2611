import {
  type MessageKey,
  PAY_BANK_REFERENCE_MAX,
  type TConsolePayOrder,
  type TConsolePayRefund,
  ZPayRefundDoneRequest,
} from '@metal/shared';
import { Alert, Button, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api';
import { showSuccess } from '../../../lib/feedback';
import { useMessage } from '../../../lib/i18n';
import { fenToYuanText } from '../../../lib/money';
import { useRefundDone } from '../api';

/**
 * A refund owed back by bank (a transfer confirmed after the order was paid, or a transfer-paid order
 * that could not be delivered): the operator transfers it, then records that transfer's bank reference
 * here, checked by the call's own schema first. A refusal (another operator recorded it first) stays in
 * the dialog to be read.
 */
export function RefundDoneModal({
  order,
  refund,
  onClose,
  onRefunded,
}: {
  order: TConsolePayOrder;
  refund: TConsolePayRefund;
  onClose: () => void;
  onRefunded: (order: TConsolePayOrder) => void;
}) {
  const { t } = useTranslation('payments');
  const { t: tCommon } = useTranslation();
  const message = useMessage();
  const [form] = Form.useForm<{ reference: string }>();
  const done = useRefundDone();

  const send = ({ reference }: { reference: string }) => {
    done.reset();
    const parsed = ZPayRefundDoneRequest.safeParse({ refundNo: refund.refundNo, reference: reference ?? '' });
    if (!parsed.success) {
      form.setFields([{ name: 'reference', errors: [message(parsed.error.issues[0]!.message as MessageKey)] }]);
      return;
    }
    form.setFields([{ name: 'reference', errors: [] }]);
    done.mutate(parsed.data, {
      onSuccess: (updated) => {
        onRefunded(updated);
        showSuccess(t('refundDone.done', { amount: fenToYuanText(refund.amountFen) }));
        onClose();
      },
    });
  };

  const refusal = isApiError(done.error) && !done.error.isNetwork ? done.error.mesg : null;
  return (
    <Modal
      open
      title={t('refundDone.title', { refundNo: refund.refundNo })}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose} disabled={done.isPending}>
          {tCommon('cancel')}
        </Button>,
        <Button key="send" type="primary" danger htmlType="submit" form="refund-done-form" loading={done.isPending}>
          {t('refundDone.submit')}
        </Button>,
      ]}
    >
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} data-testid="refusal" />}
      <Typography.Paragraph data-testid="refund-done-hint">
        {t('refundDone.hint', {
          amount: fenToYuanText(refund.amountFen),
          company: order.companyName || order.rootId,
        })}
      </Typography.Paragraph>
      <Form<{ reference: string }>
        id="refund-done-form"
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={send}
      >
        <Form.Item name="reference" label={t('refundDone.reference')}>
          <Input maxLength={PAY_BANK_REFERENCE_MAX} placeholder={t('refundDone.referencePlaceholder')} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
