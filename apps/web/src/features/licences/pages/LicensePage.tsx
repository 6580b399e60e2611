import { epochSecondsOf, shanghaiDate, type TLicence } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLoading } from '../../../app/PageLoading';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { ImageUploader, useImageUploads } from '../../../components/ImageUploader';
import { Page } from '../../../components/Page';
import { showSuccess } from '../../../lib/feedback';
import { Paths } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { useLicenceState, useSubmitLicence } from '../api';
import { LicenceImage } from '../components/LicenceImage';
import '../licences.css';

const day = (iso: string) => shanghaiDate(epochSecondsOf(new Date(iso)));

function StatusTag({ status }: { status: TLicence['status'] }) {
  const { t } = useTranslation('licences');
  return <span className={`mm-licence-tag is-${status}`}>{t(`page.status.${status}`)}</span>;
}

/**
 * SPEC §2 pagesA/license_page: the company's business licence. The approved one stays shown while a
 * new one is reviewed (SPEC §4); a rejection says why; the owner uploads a new one.
 */
export default function LicensePage() {
  const { t } = useTranslation(['licences']);
  const navigate = useNavigate();
  const { loggedIn } = useSession();
  const state = useLicenceState();
  const submit = useSubmitLicence();
  const uploads = useImageUploads('licence', 1);
  const [problem, setProblem] = useState('');
  const data = state.data;

  const send = async () => {
    const [file] = uploads.uploaded;
    if (uploads.busy) return setProblem(t('licences:page.waitUpload'));
    if (!file) return setProblem(t('licences:page.needImage'));
    setProblem('');
    try {
      await submit.mutateAsync(file.id);
      uploads.remove(uploads.doneKeys);
      showSuccess(t('licences:page.submitted'));
    } catch {
      // The toast has said why; the picture stays for another try.
    }
  };

  let body: ReactNode;
  if (!loggedIn) {
    body = (
      <EmptyState
        title={t('licences:page.loginTitle')}
        description={t('licences:page.loginText')}
        action={{ label: t('licences:login'), onClick: () => navigate(Paths.login) }}
      />
    );
  } else if (state.isError) {
    body = <ErrorScreen error={state.error} onRetry={() => void state.refetch()} />;
  } else if (!data) {
    body = <PageLoading />;
  } else {
    const { current, pending, rejected } = data;
    body = (
      <>
        <section className="mm-card mm-licence-card" data-testid="licence-current">
          <div className="mm-licence-status">
            <h2 className="mm-section-title">{t('licences:page.current')}</h2>
            {current && <StatusTag status="approved" />}
          </div>
          {current ? (
            <>
              <LicenceImage image={current.image} testId="licence-current-image" />
              <p className="mm-licence-meta">
                {t('licences:page.approvedAt', { date: day(current.reviewedAt ?? current.submittedAt) })}
              </p>
            </>
          ) : (
            <p className="mm-licence-note">{t('licences:page.noneYet')}</p>
          )}
        </section>

        {pending && (
          <section className="mm-card mm-licence-card" data-testid="licence-pending">
            <div className="mm-licence-status">
              <h2 className="mm-section-title">{t('licences:page.pendingTitle')}</h2>
              <StatusTag status="pending" />
            </div>
            <LicenceImage image={pending.image} />
            <p className="mm-licence-note">
              {current ? t('licences:page.pendingKeepsOld') : t('licences:page.pendingFirst')}
            </p>
            {pending.forName && (
              <p className="mm-licence-note">{t('licences:page.forName', { name: pending.forName })}</p>
            )}
            <p className="mm-licence-meta">{t('licences:page.submittedAt', { date: day(pending.submittedAt) })}</p>
          </section>
        )}

        {rejected && (
          <section className="mm-card mm-licence-card" data-testid="licence-rejected">
            <div className="mm-licence-status">
              <h2 className="mm-section-title">{t('licences:page.rejectedTitle')}</h2>
              <StatusTag status="rejected" />
            </div>
            <p className="mm-licence-note is-error">{t('licences:page.reason', { reason: rejected.reason })}</p>
            <LicenceImage image={rejected.image} />
          </section>
        )}

        {data.editable && !pending && (
          <section className="mm-card mm-licence-card" data-testid="licence-upload">
            <h2 className="mm-section-title">
              {current ? t('licences:page.replaceTitle') : t('licences:page.uploadTitle')}
            </h2>
            <p className="mm-licence-note">{t('licences:page.uploadHint')}</p>
            <div className="mm-licence-field">
              <ImageUploader uploads={uploads} addLabel={t('licences:page.uploadLabel')} layout="document" />
              {problem && (
                <div className="mm-licence-error" role="alert">
                  {problem}
                </div>
              )}
            </div>
            <div className="mm-licence-actions">
              <Button
                block
                color="primary"
                shape="rounded"
                size="large"
                loading={submit.isPending}
                onClick={() => void send()}
                data-testid="licence-submit"
              >
                {t('licences:page.submit')}
              </Button>
            </div>
          </section>
        )}
        {!data.editable && <p className="mm-licence-note mm-licence-card">{t('licences:page.ownerOnly')}</p>}
      </>
    );
  }

  return (
    <Page title={t('licences:page.title')} backTo={Paths.userCenter} className="mm-licence">
      <PullToRefresh onRefresh={async () => void (loggedIn && (await state.refetch()))}>{body}</PullToRefresh>
    </Page>
  );
}
