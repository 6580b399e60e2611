import { Calls, formatShanghaiDateTime, type TCapacityItem } from '@metal/shared';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import Skeleton from 'antd-mobile/es/components/skeleton';
import ClockCircleOutline from 'antd-mobile-icons/es/ClockCircleOutline';
import ExclamationCircleOutline from 'antd-mobile-icons/es/ExclamationCircleOutline';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { Page } from '../../../components/Page';
import { confirmDestructive, useDialogsClosedOnLeave } from '../../../lib/dialog';
import { showSuccess } from '../../../lib/feedback';
import { Paths, rootPath } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { useCompanyInfoGate } from '../../companies/useCompanyInfoGate';
import { useCanCall } from '../../staff/useCan';
import { useDeleteCapacity, useMyCapacities } from '../api';
import { CapacityCard, capacityTitle, StatusTag } from '../components/CapacityCard';
import '../capacities.css';

/** Where a capacity's review stands, in a line: the reason it did not pass, or when it is due. */
function ReviewLine({ item }: { item: TCapacityItem }) {
  const { t } = useTranslation('capacities');
  if (item.status === 'notPassed')
    return (
      <p className="mm-cap-review is-rejected" data-testid="capacity-reason">
        <ExclamationCircleOutline aria-hidden="true" />
        {t('manage.reason', { reason: item.reason })}
      </p>
    );
  if (item.status !== 'waiting') return null;
  const { review } = item;
  if (review.awaitingLicence)
    return (
      <p className="mm-cap-review" data-testid="capacity-due">
        <ClockCircleOutline aria-hidden="true" />
        {t('manage.awaitingLicence')}
      </p>
    );
  return (
    <p className={`mm-cap-review ${review.overdue ? 'is-overdue' : ''}`} data-testid="capacity-due">
      <ClockCircleOutline aria-hidden="true" />
      {review.overdue ? t('manage.overdue', { date: review.dueDate }) : t('manage.due', { date: review.dueDate })}
    </p>
  );
}

/**
 * SPEC §2 pagesA/capacity_manage/capacity_manage: the company's capacities with their review status,
 * the reason a capacity did not pass and when a waiting one is due; each may be modified (it goes
 * back to review) or deleted (after a confirmation). Employees manage their company's capacities too.
 */
export default function CapacityManagePage() {
  const { t } = useTranslation(['capacities', 'common']);
  useDialogsClosedOnLeave();
  const navigate = useNavigate();
  const { loggedIn } = useSession();
  const capacities = useMyCapacities();
  const remove = useDeleteCapacity();
  const gate = useCompanyInfoGate();
  // Posting, changing and deleting need 'stock' (staff); without it the page only lists.
  const canPost = useCanCall(Calls.capacitySave);
  const canDelete = useCanCall(Calls.capacityDelete);
  const pages = capacities.data?.pages ?? [];
  const items = pages.flatMap((page) => page.list);
  const first = pages[0];

  // SPEC §5: posting needs complete company info; the gate asks for it before the form opens.
  const post = () => void gate.guard(() => navigate(Paths.inputCapacity));
  const open = (item: TCapacityItem) => navigate(`${Paths.capacityDetail}?id=${item.id}`);

  const confirmDelete = async (item: TCapacityItem) => {
    const confirmed = await confirmDestructive({
      content: t('manage.deleteConfirm', { name: capacityTitle(item) }),
      confirmText: t('manage.deleteOk'),
      cancelText: t('manage.cancel'),
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(item.id);
      showSuccess(t('manage.deleted'));
    } catch {
      // The toast has said why.
    }
  };

  let body: ReactNode;
  if (!loggedIn) {
    body = (
      <EmptyState
        title={t('manage.loginTitle')}
        action={{ label: t('manage.login'), onClick: () => navigate(Paths.login) }}
      />
    );
  } else if (capacities.isError && items.length === 0) {
    body = <ErrorScreen error={capacities.error} onRetry={() => void capacities.refetch()} />;
  } else if (capacities.isPending) {
    body = (
      <section className="mm-card mm-cap-pad" aria-hidden="true">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={6} animated />
      </section>
    );
  } else {
    body = (
      <>
        {first && !first.licenceApproved && (
          <div className="mm-cap-banner" data-testid="licence-pending">
            <span>{t('manage.licencePending')}</span>
            <button type="button" className="mm-link" onClick={() => navigate(Paths.licensePage)}>
              {t('manage.uploadLicence')}
            </button>
          </div>
        )}
        {items.length === 0 ? (
          <EmptyState
            title={t('manage.empty')}
            description={t('manage.emptyText')}
            {...(canPost ? { action: { label: t('manage.post'), onClick: post } } : {})}
          />
        ) : (
          <>
            <p className="mm-cap-total">{t('manage.total', { count: first?.total ?? items.length })}</p>
            <div className="mm-cap-list" data-testid="capacity-list">
              {items.map((item) => (
                <CapacityCard
                  key={item.id}
                  item={item}
                  onOpen={() => open(item)}
                  aside={<StatusTag status={item.status} />}
                >
                  <div className="mm-cap-card-foot">
                    <ReviewLine item={item} />
                    <div className="mm-cap-card-actions">
                      <span className="mm-cap-card-time">
                        {t('manage.submittedAt', {
                          time: formatShanghaiDateTime(new Date(item.submittedAt)).slice(0, 16),
                        })}
                      </span>
                      {canPost && (
                        <button
                          type="button"
                          className="mm-cap-action"
                          onClick={() => navigate(`${Paths.inputCapacity}?id=${item.id}`)}
                          data-testid="capacity-modify"
                        >
                          {t('manage.modify')}
                        </button>
                      )}
                      {canDelete && (
                        <button
                          type="button"
                          className="mm-cap-action is-danger"
                          onClick={() => void confirmDelete(item)}
                          data-testid="capacity-delete"
                        >
                          {t('manage.delete')}
                        </button>
                      )}
                    </div>
                  </div>
                </CapacityCard>
              ))}
            </div>
            <InfiniteScroll
              loadMore={async () => void (await capacities.fetchNextPage())}
              hasMore={capacities.hasNextPage && !capacities.isFetchNextPageError}
            >
              {capacities.hasNextPage ? <Skeleton.Paragraph lineCount={1} animated /> : t('noMore')}
            </InfiniteScroll>
          </>
        )}
      </>
    );
  }

  return (
    <Page
      title={t('manage.title')}
      backTo={rootPath('me')}
      className="mm-cap-page"
      right={
        loggedIn &&
        canPost && (
          <button type="button" className="mm-header-action" onClick={post} data-testid="capacity-post">
            {t('manage.post')}
          </button>
        )
      }
    >
      <PullToRefresh onRefresh={async () => void (loggedIn && (await capacities.refetch()))}>{body}</PullToRefresh>
    </Page>
  );
}
