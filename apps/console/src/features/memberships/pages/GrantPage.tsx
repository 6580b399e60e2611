import GiftOutlined from '@ant-design/icons/GiftOutlined';
import {
  type CallResponse,
  type Calls,
  ENTITLEMENT_KINDS,
  type EntitlementKind,
  formatShanghaiDateTime,
  GRANT_REASON_MAX,
  type MessageKey,
  ZGrantEntitlementRequest,
} from '@metal/shared';
import { Alert, Button, Card, Form, Input, Modal, Radio, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api';
import { showSuccess } from '../../../lib/feedback';
import { useMessage } from '../../../lib/i18n';
import { useGrant } from '../api';

interface GrantValues {
  userId: string;
  kind: EntitlementKind;
  days: string;
  reason: string;
}

type Grant = { userId: number; kind: EntitlementKind; days: number; reason: string };
type Granted = CallResponse<typeof Calls.grantEntitlement>;

/**
 * An entitlement given by hand (`entitlement/grant`): a user by id (there is no operator lookup by
 * phone), what, for how many days and why; checked by the call's schema, confirmed, then what the user
 * now holds. Certified supplier is the company's, so the server takes it only for a company's owner.
 */
export default function GrantPage() {
  const { t } = useTranslation('memberships');
  const { t: tCommon } = useTranslation();
  const message = useMessage();
  const [form] = Form.useForm<GrantValues>();
  const grant = useGrant();
  const [checked, setChecked] = useState<Grant | null>(null);
  const [granted, setGranted] = useState<Granted | null>(null);

  const check = (values: GrantValues) => {
    // The last grant's result is about another user; it goes once the next one is under way.
    grant.reset();
    setGranted(null);
    const parsed = ZGrantEntitlementRequest.safeParse({
      userId: values.userId?.trim() ?? '',
      kind: values.kind,
      days: values.days?.trim() ?? '',
      reason: values.reason ?? '',
    });
    if (!parsed.success) {
      const errors = new Map<keyof GrantValues, string>();
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as keyof GrantValues;
        // The schema's word for a bad id is the generic "invalid input"; an operator is told what to type.
        const text = field === 'userId' ? t('grant.userIdInvalid') : message(issue.message as MessageKey);
        if (!errors.has(field)) errors.set(field, text);
      }
      form.setFields([...errors].map(([name, error]) => ({ name, errors: [error] })));
      return;
    }
    setChecked(parsed.data);
  };

  const send = () => {
    if (!checked) return;
    grant.mutate(checked, {
      onSuccess: (entitlement) => {
        setGranted(entitlement);
        setChecked(null);
        form.resetFields();
        showSuccess(t('grant.done'));
      },
      onError: () => setChecked(null),
    });
  };

  const refusal = isApiError(grant.error) && !grant.error.isNetwork ? grant.error.mesg : null;
  return (
    <section>
      <header className="mc-page-head">
        <div>
          <h1>{t('grant.title')}</h1>
          <Typography.Text type="secondary">{t('grant.subtitle')}</Typography.Text>
        </div>
      </header>
      <Card style={{ maxWidth: 640 }}>
        {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} data-testid="refusal" />}
        {granted && (
          <Alert
            type="success"
            showIcon
            style={{ marginBottom: 16 }}
            data-testid="granted"
            title={t('grant.granted', {
              userId: granted.userId,
              kind: t(`kinds.${granted.kind}`),
              start: formatShanghaiDateTime(new Date(granted.startsAt)),
              end: formatShanghaiDateTime(new Date(granted.endsAt)),
            })}
          />
        )}
        <Form<GrantValues>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ kind: 'forecast_vip', userId: '', days: '', reason: '' }}
          onFinish={check}
        >
          <Form.Item name="userId" label={t('grant.userId')} extra={t('grant.userIdHint')}>
            <Input inputMode="numeric" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="kind" label={t('form.kind')}>
            <Radio.Group
              optionType="button"
              options={ENTITLEMENT_KINDS.map((value) => ({ value, label: t(`kinds.${value}`) }))}
            />
          </Form.Item>
          <Form.Item name="days" label={t('grant.days')}>
            <Input inputMode="numeric" suffix={t('form.daysUnit')} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="reason" label={t('grant.reason')}>
            <Input.TextArea
              rows={3}
              maxLength={GRANT_REASON_MAX}
              showCount
              placeholder={t('grant.reasonPlaceholder')}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" icon={<GiftOutlined />}>
            {t('grant.submit')}
          </Button>
        </Form>
      </Card>
      <Modal
        open={!!checked}
        title={t('grant.confirmTitle')}
        okText={t('grant.confirm')}
        cancelText={tCommon('cancel')}
        okButtonProps={{ loading: grant.isPending }}
        onOk={send}
        onCancel={() => setChecked(null)}
        destroyOnHidden
      >
        {checked && (
          <Typography.Paragraph data-testid="grant-confirmation">
            {t('grant.confirmText', { userId: checked.userId, kind: t(`kinds.${checked.kind}`), days: checked.days })}
            <br />
            {t('grant.reason')}: {checked.reason}
          </Typography.Paragraph>
        )}
      </Modal>
    </section>
  );
}
