import { Calls, formatShanghaiDateTime, formatTons, type TInquirySummary } from '@metal/shared';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import Skeleton from 'antd-mobile/es/components/skeleton';
import Tabs from 'antd-mobile/es/components/tabs';
import ExclamationCircleOutline from 'antd-mobile-icons/es/ExclamationCircleOutline';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { Page } from '../../../components/Page';
import { confirmDestructive, Dialog, useDialogsClosedOnLeave } from '../../../lib/dialog';
import { showSuccess } from '../../../lib/feedback';
import { Paths, rootPath } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { useCompanyInfoGate } from '../../companies/useCompanyInfoGate';
import { useCanCall } from '../../staff/useCan';
import { type MineTab, useInquiryAction, useMyInquiries } from '../api';
import '../locale';
import '../inquiry-form.css';

const TABS: readonly MineTab[] = ['review', 'open', 'ended'];

/** Why an operator turned the inquiry down. */
function RejectedReason({ reason }: { reason: string }) {
  const { t } = useTranslation('inquiries');
  if (!reason) return null;
  return (
    <p className="mm-inq-reason" data-testid="inquiry-reason">
      <ExclamationCircleOutline aria-hidden="true" />
      {t('form.mine.reason', { reason })}
    </p>
  );
}

function InquiryRow({
  item,
  onOpen,
  actions,
}: {
  item: TInquirySummary;
  onOpen: () => void;
  /** Absent when the user may not edit the company's inquiries (staff permission 'inquiry'). */
  actions: { onEdit: () => void; onClose: () => void; onDelete: () => void } | undefined;
}) {
  const { t } = useTranslation('inquiries');
  return (
    <article className="mm-card mm-inq-row" data-testid="inquiry-row">
      <button type="button" className="mm-inq-row-main" onClick={onOpen}>
        <span className="mm-inq-row-head">
          <strong>{item.title || item.sortName}</strong>
          <span className={`mm-inq-status is-${item.status}`} data-testid="inquiry-status">
            {t(`form.status.${item.status}`)}
          </span>
        </span>
        <span className="mm-inq-row-meta">
          {t('form.mine.meta', {
            sort: item.sortName,
            count: item.specCount,
            tons: formatTons(item.totalQuantityKg),
          })}
        </span>
        <span className="mm-inq-row-meta">
          {t('form.mine.deadline', { time: formatShanghaiDateTime(new Date(item.quoteDeadline)).slice(0, 16) })}
        </span>
        <span className="mm-inq-row-meta">
          {t(`form.visibility.${item.visibility}`)} · {t('form.mine.quotes', { count: item.quoteCount })} ·{' '}
          {t('form.mine.views', { count: item.views })}
        </span>
      </button>
      {item.status === 'rejected' && <RejectedReason reason={item.reason} />}
      {actions && (
        <div className="mm-inq-row-actions">
          {(item.status === 'review' || item.status === 'rejected') && (
            <button type="button" className="mm-inq-action" onClick={actions.onEdit} data-testid="inquiry-edit">
              {t('form.edit.action')}
            </button>
          )}
          {item.status === 'open' && (
            <button type="button" className="mm-inq-action" onClick={actions.onClose} data-testid="inquiry-close">
              {t('form.mine.close')}
            </button>
          )}
          <button
            type="button"
            className="mm-inq-action is-danger"
            onClick={actions.onDelete}
            data-testid="inquiry-delete"
          >
            {t('form.mine.delete')}
          </button>
        </div>
      )}
    </article>
  );
}

/**
 * The buyer's own inquiries ('my inquiries', reached from the me tab) by state: waiting for review
 * (with the rejected ones and their reasons), open for quotes, and ended. Those waiting or rejected may
 * be changed (input_inquiry `?id=`), open ones closed and any deleted, each after a confirmation. Rows open procurement/inquiry_detail.
 */
export default function MyInquiriesPage() {
  const { t } = useTranslation(['inquiries', 'common']);
  useDialogsClosedOnLeave();
  const navigate = useNavigate();
  const { loggedIn } = useSession();
  const [params, setParams] = useSearchParams();
  const tab: MineTab = TABS.find((key) => key === params.get('tab')) ?? 'open';
  const inquiries = useMyInquiries(tab);
  const close = useInquiryAction('close');
  const remove = useInquiryAction('delete');
  const gate = useCompanyInfoGate();
  // Posting, editing, closing and deleting the company's inquiries need 'inquiry' (staff).
  const canManage = useCanCall(Calls.inquirySave);
  const items = (inquiries.data?.pages ?? []).flatMap((page) => page.list);

  const post = () => void gate.guard(() => navigate(Paths.inputInquiry));
  const confirmed = (content: string, confirmText: string, ask = Dialog.confirm) =>
    ask({ content, confirmText, cancelText: t('form.mine.cancel') });

  const onClose = async (item: TInquirySummary) => {
    if (!(await confirmed(t('form.mine.closeConfirm', { name: item.title || item.sortName }), t('form.mine.close'))))
      return;
    try {
      await close.mutateAsync(item.id);
      showSuccess(t('form.mine.closed'));
    } catch {
      // The toast has said why.
    }
  };
  const onDelete = async (item: TInquirySummary) => {
    if (
      !(await confirmed(
        t('form.mine.deleteConfirm', { name: item.title || item.sortName }),
        t('form.mine.delete'),
        confirmDestructive,
      ))
    )
      return;
    try {
      await remove.mutateAsync(item.id);
      showSuccess(t('form.mine.deleted'));
    } catch {
      // The toast has said why.
    }
  };

  let body: ReactNode;
  if (!loggedIn) {
    body = (
      <EmptyState
        title={t('form.mine.loginTitle')}
        action={{ label: t('form.mine.login'), onClick: () => navigate(Paths.login) }}
      />
    );
  } else if (inquiries.isError && items.length === 0) {
    body = <ErrorScreen error={inquiries.error} onRetry={() => void inquiries.refetch()} />;
  } else if (inquiries.isPending) {
    body = (
      <section className="mm-card mm-inq-pad" aria-hidden="true">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={5} animated />
      </section>
    );
  } else if (items.length === 0) {
    body = (
      <EmptyState
        title={t(`form.mine.empty.${tab}`)}
        {...(canManage ? { action: { label: t('form.mine.post'), onClick: post } } : {})}
      />
    );
  } else {
    body = (
      <>
        <div className="mm-inq-list" data-testid="inquiry-list">
          {items.map((item) => (
            <InquiryRow
              key={item.id}
              item={item}
              onOpen={() => navigate(`${Paths.inquiryDetail}?id=${item.id}`)}
              actions={
                canManage
                  ? {
                      onEdit: () => navigate(`${Paths.inputInquiry}?id=${item.id}`),
                      onClose: () => void onClose(item),
                      onDelete: () => void onDelete(item),
                    }
                  : undefined
              }
            />
          ))}
        </div>
        <InfiniteScroll
          loadMore={async () => void (await inquiries.fetchNextPage())}
          hasMore={inquiries.hasNextPage && !inquiries.isFetchNextPageError}
        >
          {inquiries.hasNextPage ? <Skeleton.Paragraph lineCount={1} animated /> : t('form.mine.noMore')}
        </InfiniteScroll>
      </>
    );
  }

  return (
    <Page
      title={t('form.mine.title')}
      backTo={rootPath('me')}
      className="mm-inq-mine"
      right={
        loggedIn &&
        canManage && (
          <button type="button" className="mm-header-action" onClick={post} data-testid="inquiry-post">
            {t('form.mine.post')}
          </button>
        )
      }
    >
      {loggedIn && (
        <Tabs activeKey={tab} onChange={(key) => setParams({ tab: key }, { replace: true })}>
          {TABS.map((key) => (
            <Tabs.Tab key={key} title={t(`form.mine.tabs.${key}`)} />
          ))}
        </Tabs>
      )}
      <PullToRefresh onRefresh={async () => void (loggedIn && (await inquiries.refetch()))}>{body}</PullToRefresh>
    </Page>
  );
}
