import { ENTITLEMENT_KINDS, PLAN_NAME_MAX, type TConsolePlan } from '@metal/shared';
import { Alert, Form, Input, Modal, Radio, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api';
import { showSuccess } from '../../../lib/feedback';
import { useLanguage, useMessage } from '../../../lib/i18n';
import { useSavePlan } from '../api';
import {
  emptyPlanForm,
  isPeriodKind,
  type PlanFormValues,
  planFormErrors,
  planFormFrom,
  toPlanSaveInput,
} from '../form';

/**
 * A new plan, or changes to one (its kind stays what it was sold as). The form is checked by the save
 * call's own schema before it is sent, and says that a new price applies to orders made from now on.
 */
export function PlanModal({
  plan,
  onClose,
  newKind,
}: {
  /** The plan to change; null for a new one. */
  plan: TConsolePlan | null;
  onClose: () => void;
  /** A new plan's kind to start with (the list's filter). */
  newKind: PlanFormValues['kind'];
}) {
  const { t } = useTranslation('memberships');
  const message = useMessage();
  const [lang] = useLanguage();
  const [form] = Form.useForm<PlanFormValues>();
  const save = useSavePlan();
  const kind = Form.useWatch('kind', form) ?? plan?.kind ?? newKind;
  const lengthUnit = Form.useWatch('lengthUnit', form) ?? 'months';

  const submit = (values: PlanFormValues) => {
    save.reset();
    const input = toPlanSaveInput(values, plan?.id);
    const errors = planFormErrors(input);
    const fields = Object.entries(errors) as [
      keyof PlanFormValues,
      NonNullable<(typeof errors)[keyof PlanFormValues]>,
    ][];
    if (fields.length > 0) {
      form.setFields(fields.map(([name, key]) => ({ name, errors: [message(key)] })));
      return;
    }
    save.mutate(input, {
      onSuccess: () => {
        showSuccess(t('form.saved'));
        onClose();
      },
    });
  };

  const refusal = isApiError(save.error) && !save.error.isNetwork ? save.error.mesg : null;
  return (
    <Modal
      open
      title={plan ? t('form.editTitle', { name: lang === 'zh-CN' ? plan.nameZh : plan.nameEn }) : t('form.newTitle')}
      okText={t('form.save')}
      okButtonProps={{ htmlType: 'submit', form: 'plan-form', loading: save.isPending }}
      onCancel={onClose}
      destroyOnHidden
      width={600}
    >
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} data-testid="refusal" />}
      <Form<PlanFormValues>
        id="plan-form"
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={plan ? planFormFrom(plan) : emptyPlanForm(newKind)}
        onFinish={submit}
      >
        <Form.Item name="kind" label={t('form.kind')} extra={plan ? t('form.kindFixed') : undefined}>
          <Radio.Group
            optionType="button"
            disabled={!!plan}
            options={ENTITLEMENT_KINDS.map((value) => ({ value, label: t(`kinds.${value}`) }))}
          />
        </Form.Item>
        <Form.Item name="nameZh" label={t('form.nameZh')}>
          <Input maxLength={PLAN_NAME_MAX} showCount />
        </Form.Item>
        <Form.Item name="nameEn" label={t('form.nameEn')}>
          <Input maxLength={PLAN_NAME_MAX * 2} showCount />
        </Form.Item>
        {isPeriodKind(kind) ? (
          <Form.Item label={t('form.length')} required={false} style={{ marginBottom: 0 }}>
            <div style={{ display: 'flex', gap: 12 }}>
              <Form.Item name="lengthUnit" noStyle>
                <Radio.Group
                  optionType="button"
                  options={[
                    { value: 'months', label: t('form.months') },
                    { value: 'days', label: t('form.days') },
                  ]}
                />
              </Form.Item>
              <Form.Item name="length" style={{ flex: 1 }}>
                <Input inputMode="numeric" suffix={lengthUnit === 'days' ? t('form.daysUnit') : t('form.monthsUnit')} />
              </Form.Item>
            </div>
          </Form.Item>
        ) : (
          <Form.Item name="viewCount" label={t('form.viewCount')} extra={t('form.viewCountHint')}>
            <Input inputMode="numeric" suffix={t('form.viewCountUnit')} />
          </Form.Item>
        )}
        <Form.Item name="price" label={t('form.price')} extra={t('priceNote')}>
          <Input inputMode="decimal" suffix={t('form.yuanUnit')} />
        </Form.Item>
        <div style={{ display: 'flex', gap: 24 }}>
          <Form.Item name="active" label={t('form.active')} valuePropName="checked">
            <Switch checkedChildren={t('onSale')} unCheckedChildren={t('offSale')} />
          </Form.Item>
          <Form.Item name="sortOrder" label={t('form.sortOrder')} extra={t('form.sortOrderHint')} style={{ flex: 1 }}>
            <Input inputMode="numeric" style={{ width: 120 }} />
          </Form.Item>
        </div>
      </Form>
    </Modal>
  );
}
