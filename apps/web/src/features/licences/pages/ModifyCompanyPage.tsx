import { CodeFlag, companyName, translate, ZNameTakenFailure } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLoading } from '../../../app/PageLoading';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { ImageUploader, useImageUploads } from '../../../components/ImageUploader';
import { Page } from '../../../components/Page';
import { isApiError } from '../../../lib/api';
import { Dialog, useDialogsClosedOnLeave } from '../../../lib/dialog';
import { showFail, showSuccess } from '../../../lib/feedback';
import { useLanguage } from '../../../lib/i18n';
import { Paths } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { useMessage } from '../../../lib/validation';
import { useCompanyNameState, useContactHolder, useModifyName } from '../api';
import { LicenceImage } from '../components/LicenceImage';
import '../licences.css';

/**
 * SPEC §2 pagesA/modify_company ('change company name'): a new name with the business licence
 * uploaded again (SPEC §4), reviewed together; the old name stays in use meanwhile. A taken name
 * offers to contact its holder or to choose another.
 */
export default function ModifyCompanyPage() {
  const { t } = useTranslation(['licences']);
  useDialogsClosedOnLeave();
  const navigate = useNavigate();
  const message = useMessage();
  const [lang] = useLanguage();
  const { loggedIn } = useSession();
  const info = useCompanyNameState();
  const modify = useModifyName();
  const contact = useContactHolder();
  const uploads = useImageUploads('licence', 1);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState('');
  const [licenceError, setLicenceError] = useState('');

  /** SPEC §5: if taken, the user may contact the holder or choose another. */
  const offerHolder = async (taken: string, mesg: string) => {
    const contactHolder = await Dialog.confirm({
      title: t('licences:modify.takenTitle'),
      content: mesg,
      confirmText: t('licences:modify.contactHolder'),
      cancelText: t('licences:modify.chooseAnother'),
    });
    if (!contactHolder) {
      setNameError(t('licences:modify.chooseAnotherHint'));
      return;
    }
    try {
      await contact.mutateAsync(taken);
      showSuccess(translate('company.holderContacted', lang));
    } catch {
      // The toast has said why (for example: already told today).
    }
  };

  const send = async () => {
    const parsed = companyName().safeParse(name);
    const [licence] = uploads.uploaded;
    setNameError(parsed.success ? '' : message(parsed.error.issues[0]?.message ?? 'company.nameInvalid'));
    setLicenceError(uploads.busy ? t('licences:page.waitUpload') : licence ? '' : t('licences:modify.licenceRequired'));
    if (!parsed.success || !licence || uploads.busy) return;
    try {
      await modify.mutateAsync({ name: parsed.data, licenceFileId: licence.id });
      uploads.remove(uploads.doneKeys);
      setName('');
      showSuccess(t('licences:modify.submitted'));
    } catch (failure) {
      if (!isApiError(failure)) return;
      const data = ZNameTakenFailure.safeParse(failure.data).data;
      if (failure.codeFlag === CodeFlag.conflict && data?.canContactHolder)
        await offerHolder(parsed.data, failure.mesg);
      // Conflicts are quiet in the call (the taken name has its dialog); any other shows here.
      else if (failure.codeFlag === CodeFlag.conflict) showFail(failure.mesg);
      if (failure.errors?.name) setNameError(failure.errors.name);
      if (failure.errors?.licenceFileId) setLicenceError(failure.errors.licenceFileId);
    }
  };

  let body: ReactNode;
  const company = info.data;
  if (!loggedIn) {
    body = (
      <EmptyState
        title={t('licences:modify.loginTitle')}
        action={{ label: t('licences:login'), onClick: () => navigate(Paths.login) }}
      />
    );
  } else if (info.isError) {
    body = <ErrorScreen error={info.error} onRetry={() => void info.refetch()} />;
  } else if (!company) {
    body = <PageLoading />;
  } else if (!company.name) {
    body = (
      <EmptyState
        title={t('licences:modify.noName')}
        description={t('licences:modify.noNameText')}
        action={{ label: t('licences:modify.goSet'), onClick: () => navigate(Paths.userCenter) }}
      />
    );
  } else {
    const change = company.companyModifyInfo;
    const pending = change?.status === 'pending';
    body = (
      <>
        <section className="mm-card mm-licence-card">
          <h2 className="mm-section-title">{t('licences:modify.current')}</h2>
          <p className="mm-licence-company" data-testid="current-name">
            {company.name}
          </p>
        </section>

        {change && (
          <section className="mm-card mm-licence-card" data-testid={`name-change-${change.status}`}>
            <div className="mm-licence-status">
              <h2 className="mm-section-title">
                {pending ? t('licences:modify.pending') : t('licences:modify.rejected')}
              </h2>
              <span className={`mm-licence-tag is-${change.status}`}>{t(`licences:page.status.${change.status}`)}</span>
            </div>
            <dl className="mm-licence-names">
              <dt>{t('licences:modify.from')}</dt>
              <dd>{change.companyName}</dd>
              <dt>{t('licences:modify.to')}</dt>
              <dd>{change.modifyCompanyName}</dd>
            </dl>
            {pending ? (
              <p className="mm-licence-note">{t('licences:modify.pendingText', { name: company.name })}</p>
            ) : (
              <p className="mm-licence-note is-error">{t('licences:page.reason', { reason: change.reason })}</p>
            )}
            {change.licence && <LicenceImage image={change.licence} />}
          </section>
        )}

        {!company.editable && <p className="mm-licence-note mm-licence-card">{t('licences:modify.ownerOnly')}</p>}

        {company.editable && !pending && (
          <section className="mm-card mm-licence-card" data-testid="name-change-form">
            <h2 className="mm-section-title">{change ? t('licences:modify.again') : t('licences:modify.heading')}</h2>
            <div className={`mm-licence-field ${nameError ? 'has-error' : ''}`}>
              <label htmlFor="new-company-name">{t('licences:modify.newName')}</label>
              <Input
                id="new-company-name"
                name="name"
                value={name}
                onChange={(value) => {
                  setName(value);
                  setNameError('');
                }}
                placeholder={t('licences:modify.newNamePlaceholder')}
                clearable
              />
              {nameError && (
                <div className="mm-licence-error" role="alert">
                  {nameError}
                </div>
              )}
            </div>
            <div className="mm-licence-field">
              <span className="mm-licence-label">{t('licences:modify.licence')}</span>
              <p className="mm-licence-note">{t('licences:modify.licenceHint')}</p>
              <div className="mm-licence-field">
                <ImageUploader uploads={uploads} addLabel={t('licences:page.uploadLabel')} layout="document" />
              </div>
              {licenceError && (
                <div className="mm-licence-error" role="alert">
                  {licenceError}
                </div>
              )}
            </div>
            <div className="mm-licence-actions">
              <Button
                block
                color="primary"
                shape="rounded"
                size="large"
                loading={modify.isPending}
                onClick={() => void send()}
                data-testid="name-change-submit"
              >
                {t('licences:modify.submit')}
              </Button>
            </div>
          </section>
        )}
      </>
    );
  }

  return (
    <Page title={t('licences:modify.title')} backTo={Paths.userCenter} className="mm-licence">
      <PullToRefresh onRefresh={async () => void (loggedIn && (await info.refetch()))}>{body}</PullToRefresh>
    </Page>
  );
}
