import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../lib/i18n';

/** As long as the server takes (ZReviewRequest). */
export const REASON_MAX = 100;

interface RejectModalProps {
  open: boolean;
  submitting: boolean;
  onCancel: () => void;
  onSubmit: (reason: string) => void;
}

/** Rejecting needs a reason the user will read; the modal will not send without one. */
export function RejectModal({ open, submitting, onCancel, onSubmit }: RejectModalProps) {
  const { t } = useTranslation('reviews');
  const message = useMessage();
  return (
    <Modal
      open={open}
      title={t('decision.rejectTitle')}
      okText={t('decision.reject')}
      okButtonProps={{ danger: true, loading: submitting, htmlType: 'submit', form: 'reject-form' }}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form
        id="reject-form"
        layout="vertical"
        requiredMark={false}
        onFinish={({ reason }: { reason: string }) => onSubmit(reason.trim())}
        preserve={false}
      >
        <Form.Item
          name="reason"
          label={t('decision.reason')}
          rules={[
            { required: true, whitespace: true, message: message('review.reasonRequired') },
            { max: REASON_MAX, message: message('common.tooLong') },
          ]}
        >
          <Input.TextArea
            rows={4}
            maxLength={REASON_MAX}
            showCount
            placeholder={t('decision.reasonPlaceholder')}
            autoFocus
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
