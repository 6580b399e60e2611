import { Calls, type TCapacityDetail } from '@metal/shared';
import ImageViewer from 'antd-mobile/es/components/image-viewer';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLoading } from '../../../app/PageLoading';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorScreen, NotFoundScreen } from '../../../components/ErrorScreen';
import { Page } from '../../../components/Page';
import { useDialogsClosedOnLeave } from '../../../lib/dialog';
import { Paths } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { useCompanyInfo } from '../../companies/api';
import { useProductSorts } from '../../markets/api';
import { SubmitIfAllowed } from '../../staff/NoPermissionNote';
import { useCapacityDetail } from '../api';
import {
  CategorySheet,
  ContactSection,
  MoreSection,
  OutputSection,
  ProductSection,
} from '../components/CapacityFormSections';
import { type CapacityDraft, draftFromDetail, emptyDraft } from '../form';
import { useCapacityForm } from '../useCapacityForm';
import '../capacities.css';

const positiveId = (value: string | null) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : 0;
};

/**
 * SPEC §2 pagesA/input_capacity/input_capacity: posts a capacity, or with `?id=` modifies one of the
 * company's. Minimum order, monthly production and contact are required (SPEC §5); the attributes are
 * chosen on choose_capacity_attr, which shares this page's draft.
 */
export default function InputCapacityPage() {
  const { t } = useTranslation(['capacities', 'common']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = positiveId(params.get('id'));
  const { loggedIn } = useSession();
  const detail = useCapacityDetail(loggedIn ? id : 0);
  const company = useCompanyInfo();
  const title = id > 0 ? t('input.editTitle') : t('input.title');

  const toManage = {
    label: t('input.backToManage'),
    onClick: () => navigate(Paths.capacityManage, { replace: true }),
  };
  let body: ReactNode;
  if (!loggedIn) {
    body = (
      <EmptyState
        title={t('manage.loginTitle')}
        action={{ label: t('manage.login'), onClick: () => navigate(Paths.login) }}
      />
    );
  } else if (id > 0 && detail.data && !detail.data.mine) {
    // Another company's capacity is, to this one, not there to change.
    body = <NotFoundScreen title={t('input.notFound')} way={toManage} />;
  } else if (id > 0 && detail.isError) {
    body = (
      <ErrorScreen
        error={detail.error}
        notFoundTitle={t('input.notFound')}
        way={toManage}
        onRetry={() => void detail.refetch()}
      />
    );
  } else if ((id > 0 && !detail.data) || (id === 0 && company.isPending)) {
    body = <PageLoading />;
  } else {
    const contact = company.data?.linkInfo;
    body = (
      <CapacityForm
        id={id}
        detail={detail.data}
        initial={
          detail.data
            ? draftFromDetail(detail.data)
            : emptyDraft({ name: contact?.linkName ?? '', phone: contact?.linkPhone ?? '' })
        }
      />
    );
  }

  return (
    <Page title={title} backTo={Paths.capacityManage} className="mm-form-page mm-cap-page">
      {body}
    </Page>
  );
}

function CapacityForm(props: { id: number; detail?: TCapacityDetail; initial: CapacityDraft }) {
  const { t } = useTranslation(['capacities', 'form']);
  useDialogsClosedOnLeave();
  const state = useCapacityForm(props);
  const { id, detail, draft, update } = state;
  const sorts = useProductSorts();
  const [choosing, setChoosing] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  const sortList = sorts.data ?? [];

  return (
    <>
      {detail?.status === 'notPassed' && (
        <p className="mm-cap-banner is-rejected" role="alert">
          {t('input.rejected', { reason: detail.reason })}
        </p>
      )}
      <ProductSection
        state={state}
        sort={sortList.find((s) => s.id === draft.sortId)}
        onChooseCategory={() => setChoosing(true)}
      />
      <OutputSection state={state} />
      <MoreSection state={state} onViewImage={setViewing} />
      <ContactSection state={state} />

      <div className="mm-form-footer">
        <span className="mm-cap-footnote">{t('input.reviewHint')}</span>
        <SubmitIfAllowed
          call={Calls.capacitySave}
          loading={state.submitting}
          disabled={state.unchanged}
          onSubmit={() => void state.submit()}
          testId="capacity-submit"
        >
          {id > 0 ? t('input.saveChanges') : t('form:submitForReview')}
        </SubmitIfAllowed>
      </div>

      <CategorySheet
        open={choosing}
        sorts={sortList}
        chosen={draft.sortId}
        onChoose={(sortId) => {
          update({ sortId });
          setChoosing(false);
        }}
        onClose={() => setChoosing(false)}
      />
      <ImageViewer.Multi
        visible={viewing !== null}
        images={draft.images.map((image) => image.url)}
        defaultIndex={viewing ?? 0}
        onClose={() => setViewing(null)}
      />
    </>
  );
}
