import { Calls, CodeFlag, type TInquiryDetail } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import Result from 'antd-mobile/es/components/result';
import ExclamationCircleOutline from 'antd-mobile-icons/es/ExclamationCircleOutline';
import QuestionCircleOutline from 'antd-mobile-icons/es/QuestionCircleOutline';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLoading } from '../../../app/PageLoading';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { drafts } from '../../../components/form/draft';
import { Page } from '../../../components/Page';
import { isApiError } from '../../../lib/api';
import { Paths, rootPath } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { SubmitIfAllowed } from '../../staff/NoPermissionNote';
import { useInquiryDetail } from '../api';
import { AttrSheet } from '../components/AttrSheet';
import {
  AddressSection,
  AttachmentsSection,
  ProductsSection,
  RemarkSection,
  TermsSection,
  VisibilitySection,
} from '../components/InquiryFormSections';
import { SupplierSheet } from '../components/SupplierSheet';
import { inquiryIdParam, isEditableInquiry } from '../form';
import { inquiryDraftKey, useInquiryForm } from '../useInquiryForm';
import '../locale';
import '../inquiry-form.css';

function Done({ inquiry, edited, onAnother }: { inquiry: TInquiryDetail; edited: boolean; onAnother: () => void }) {
  const { t } = useTranslation('inquiries');
  const navigate = useNavigate();
  const designated = inquiry.visibility === 'designated';
  let title = designated ? t('form.done.sentTitle') : t('form.done.reviewTitle');
  if (edited && !designated) title = t('form.edit.doneReviewTitle');
  return (
    <div className="mm-stock-done" data-testid="inquiry-submitted">
      <Result
        status={designated ? 'success' : 'waiting'}
        title={title}
        description={designated ? t('form.done.sentText') : t('form.done.reviewText')}
      />
      <div className="mm-stock-done-actions">
        <Button block color="primary" shape="rounded" onClick={() => navigate(Paths.myInquiries, { replace: true })}>
          {t('form.done.mine')}
        </Button>
        <Button block shape="rounded" onClick={onAnother}>
          {t('form.done.another')}
        </Button>
        <Button block fill="none" onClick={() => navigate(rootPath('me'))}>
          {t('form.done.back')}
        </Button>
      </div>
    </div>
  );
}

function InquiryFormBody(props: {
  userId: number;
  account: string;
  /** The company's own inquiry being changed; none when posting a new one. */
  editing?: TInquiryDetail;
  onSaved: (saved: TInquiryDetail) => void;
}) {
  const { t } = useTranslation('inquiries');
  const navigate = useNavigate();
  const state = useInquiryForm(props);
  const { form, editing, editId, updateSpec, update } = state;
  const [attrFor, setAttrFor] = useState<number | null>(null);
  const [choosingSuppliers, setChoosingSuppliers] = useState(false);

  const openHelp = () => {
    state.keepUploads();
    navigate(editId > 0 ? `${Paths.helpChooseInquiry}?id=${editId}` : Paths.helpChooseInquiry);
  };

  return (
    <div className="mm-stock-form">
      {editing?.status === 'rejected' && editing.reason && (
        <p className="mm-inq-edit-reason" role="note" data-testid="edit-reason">
          <ExclamationCircleOutline aria-hidden="true" />
          <span>{t('form.mine.reason', { reason: editing.reason })}</span>
        </p>
      )}
      <p className="mm-form-intro">
        {editing ? t('form.edit.intro') : t('form.intro')}{' '}
        <button type="button" className="mm-link" onClick={openHelp}>
          <QuestionCircleOutline aria-hidden="true" /> {t('form.helpLink')}
        </button>
      </p>
      <ProductsSection state={state} onAttributes={setAttrFor} />
      <TermsSection state={state} />
      <AddressSection state={state} />
      <VisibilitySection state={state} onChooseSuppliers={() => setChoosingSuppliers(true)} />
      <AttachmentsSection state={state} />
      <RemarkSection state={state} />

      <div className="mm-form-actions">
        <SubmitIfAllowed
          call={Calls.inquirySave}
          loading={state.submitting}
          onSubmit={() => void state.submit()}
          testId="inquiry-submit"
        >
          {editing ? t('form.edit.submit') : t('form.submit')}
        </SubmitIfAllowed>
      </div>

      <AttrSheet
        visible={attrFor !== null}
        initial={attrFor === null ? [] : (form.specs[attrFor]?.attributes ?? [])}
        onClose={() => setAttrFor(null)}
        onDone={(attributes) => {
          if (attrFor !== null) updateSpec(attrFor, { attributes }, 'attributes');
          setAttrFor(null);
        }}
      />
      {/* Mounted only while open, so the shop search runs only for those who designate suppliers. */}
      {choosingSuppliers && (
        <SupplierSheet
          visible
          chosen={form.suppliers}
          onClose={() => setChoosingSuppliers(false)}
          onDone={(suppliers) => {
            update({ suppliers }, 'designatedRootIds');
            setChoosingSuppliers(false);
          }}
        />
      )}
    </div>
  );
}

/** Why the inquiry cannot be changed here, with the way on: another status, gone, or another company's. */
function NotEditable({ id, reason }: { id: number; reason: 'status' | 'notFound' | 'notMine' }) {
  const { t } = useTranslation('inquiries');
  const navigate = useNavigate();
  const mine = { label: t('form.done.mine'), onClick: () => navigate(Paths.myInquiries, { replace: true }) };
  return (
    <div data-testid="inquiry-not-editable">
      <EmptyState
        kind={reason === 'status' ? 'inbox' : 'search'}
        title={t(`form.edit.${reason}Title`)}
        description={t(`form.edit.${reason}Text`)}
        action={
          reason === 'status'
            ? {
                label: t('form.edit.view'),
                onClick: () => navigate(`${Paths.inquiryDetail}?id=${id}`, { replace: true }),
              }
            : mine
        }
      />
    </div>
  );
}

/**
 * SPEC §2 /pages/input_inquiry/input_inquiry: SPEC §3's inquiry fields with §5's required category,
 * quantity per product, delivery address and quote deadline, and at most 10 specs; checked here by
 * the server's own schema first. Public inquiries wait for review, designated ones go out at once.
 * With `?id=` it changes the company's own inquiry while that waits for review or was rejected; a
 * public one then waits for review again.
 */
export default function InputInquiryPage() {
  const { t } = useTranslation('inquiries');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = inquiryIdParam(params.get('id'));
  const { loggedIn, user } = useSession();
  const detail = useInquiryDetail(id);
  // Kept here: after a designated change the inquiry is open, which must not swap the done screen away.
  // It belongs to the inquiry saved, so another `?id=` on the same page shows its own form.
  const [saved, setSaved] = useState<{ id: number; inquiry: TInquiryDetail } | null>(null);
  const done = saved?.id === id ? saved.inquiry : null;

  useEffect(() => {
    if (!loggedIn) navigate(Paths.login, { replace: true });
  }, [loggedIn, navigate]);

  const codeFlag = isApiError(detail.error) ? detail.error.codeFlag : undefined;
  let blocked: 'status' | 'notFound' | 'notMine' | null = null;
  if (id > 0 && !done) {
    if (codeFlag === CodeFlag.notFound) blocked = 'notFound';
    else if (codeFlag === CodeFlag.forbidden || (detail.data && !detail.data.mine)) blocked = 'notMine';
    else if (detail.data && !isEditableInquiry(detail.data)) blocked = 'status';
  }
  // A draft of an inquiry that can no longer be changed is of no use.
  const userId = user?.userId ?? 0;
  useEffect(() => {
    if (blocked && userId) drafts.write(inquiryDraftKey(userId, id), null);
  }, [blocked, userId, id]);

  let body: ReactNode = null;
  if (!user) body = null;
  else if (done)
    body = (
      <Done
        inquiry={done}
        edited={id > 0}
        onAnother={() => (id > 0 ? navigate(Paths.inputInquiry, { replace: true }) : setSaved(null))}
      />
    );
  else if (blocked) body = <NotEditable id={id} reason={blocked} />;
  else if (id > 0 && detail.isError) body = <ErrorScreen error={detail.error} onRetry={() => void detail.refetch()} />;
  else if (id > 0 && !detail.data) body = <PageLoading />;
  else
    body = (
      <InquiryFormBody
        key={id}
        userId={user.userId}
        account={user.account}
        editing={id > 0 ? detail.data : undefined}
        onSaved={(inquiry) => setSaved({ id, inquiry })}
      />
    );

  return (
    <Page
      title={id > 0 ? t('form.edit.title') : t('form.title')}
      backTo={id > 0 ? `${Paths.myInquiries}?tab=review` : rootPath('me')}
      className="mm-form-page mm-stock-input mm-inq-input"
    >
      {body}
    </Page>
  );
}
