import type { TCompanyInfo } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldRow, required } from '../../../components/form/Rows';
import { useFieldErrors } from '../../../components/form/useFieldErrors';
import { useBack } from '../../../components/Page';
import { showFail, showSuccess } from '../../../lib/feedback';
import { Paths } from '../../../lib/navigation';
import { useMessage } from '../../../lib/validation';
import { useSaveLinkInfo } from '../api';
import { CompanyPage } from '../components/CompanyPage';
import { linkInfoErrors } from '../form';
import '../companies.css';

/** SPEC §2 pagesA/user_center/link_info ('contact info'): the contact person and business phone, both required. */
export default function LinkInfoPage() {
  const { t } = useTranslation('companies');
  return (
    <CompanyPage title={t('titles.linkInfo')} backTo={Paths.userCenter}>
      {(info) => <LinkInfoForm info={info} />}
    </CompanyPage>
  );
}

function LinkInfoForm({ info }: { info: TCompanyInfo }) {
  const { t } = useTranslation('companies');
  const message = useMessage();
  const back = useBack(Paths.userCenter);
  const save = useSaveLinkInfo();
  const errors = useFieldErrors();
  const [values, setValues] = useState(info.linkInfo);
  const unchanged =
    values.linkName.trim() === info.linkInfo.linkName && values.linkPhone.trim() === info.linkInfo.linkPhone;

  const change = (field: 'linkName' | 'linkPhone', value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors.keys[field]) errors.set(field, '');
  };

  const onSave = async () => {
    const input = { linkName: values.linkName.trim(), linkPhone: values.linkPhone.trim() };
    const problems = linkInfoErrors(input);
    errors.setAll(problems);
    const first = Object.values(problems)[0];
    if (first) {
      showFail(message(first));
      return;
    }
    try {
      await save.mutateAsync(input);
      showSuccess(t('saved'));
      back();
    } catch (error) {
      // What was typed stays; the server's reasons go beside their fields.
      errors.setFromServer(error);
    }
  };

  if (!info.editable) {
    return (
      <section className="mm-card mm-form-card">
        <FieldRow label={t('link.linkName')} field="linkName">
          <span className="mm-form-value">{info.linkInfo.linkName || t('notFilled')}</span>
        </FieldRow>
        <FieldRow label={t('link.linkPhone')} field="linkPhone">
          <span className="mm-form-value">{info.linkInfo.linkPhone || t('notFilled')}</span>
        </FieldRow>
      </section>
    );
  }

  return (
    <>
      <p className="mm-form-intro">{t('link.intro')}</p>
      <section className="mm-card mm-form-card">
        <FieldRow
          label={required(t('link.linkName'))}
          htmlFor="link-name"
          field="linkName"
          error={errors.show('linkName')}
        >
          <Input
            id="link-name"
            name="linkName"
            value={values.linkName}
            maxLength={20}
            placeholder={t('link.linkNamePlaceholder')}
            onChange={(value) => change('linkName', value)}
            clearable
          />
        </FieldRow>
        <FieldRow
          label={required(t('link.linkPhone'))}
          htmlFor="link-phone"
          field="linkPhone"
          error={errors.show('linkPhone')}
        >
          <Input
            id="link-phone"
            name="linkPhone"
            value={values.linkPhone}
            maxLength={20}
            inputMode="tel"
            placeholder={t('link.linkPhonePlaceholder')}
            onChange={(value) => change('linkPhone', value)}
            clearable
          />
        </FieldRow>
      </section>
      <div className="mm-form-actions">
        <Button
          block
          color="primary"
          shape="rounded"
          size="large"
          disabled={unchanged}
          loading={save.isPending}
          onClick={onSave}
          data-testid="link-save"
        >
          {t('save')}
        </Button>
      </div>
    </>
  );
}
