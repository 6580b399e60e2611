import { Calls, type TDispatchQueueItem } from '@metal/shared';
import { useQueryClient } from '@tanstack/react-query';
import ActionSheet from 'antd-mobile/es/components/action-sheet';
import Button from 'antd-mobile/es/components/button';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { Page } from '../../../components/Page';
import { callApi } from '../../../lib/api';
import { Dialog, useDialogsClosedOnLeave } from '../../../lib/dialog';
import { showSuccess } from '../../../lib/feedback';
import { inquiryDetailPath, Paths, rootPath } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { useColleagues } from '../../chat/actions';
import { useCan, usePermissions } from '../../staff/useCan';
import { inquiryKeys, useDispatchGroups, useDispatchQueue, useHandOver } from '../api';
import { InquiryRow } from '../components/InquiryRow';
import { deadlineTime } from '../format';
import '../locale';
import '../inquiries.css';
import '../dispatch.css';
import { useNow } from '../useNow';

/** Whom an inquiry is to go to: `assign` by a dispatcher, `transfer` by its holder. */
type Choosing = { item: TDispatchQueueItem; kind: 'assign' | 'transfer' } | null;

/**
 * SPEC §2 dispatch_order: what waits for the caller in their dispatch groups. A grab group's member
 * grabs; a dispatcher assigns to a member of the group (after a confirmation); what was assigned or
 * handed to the caller opens to be quoted, or is handed on to another member.
 */
export default function DispatchOrderPage() {
  const { t } = useTranslation('inquiries');
  const navigate = useNavigate();
  useDialogsClosedOnLeave();
  const { loggedIn } = useSession();
  const now = useNow();
  const client = useQueryClient();
  const queue = useDispatchQueue();
  // Members of each group, for the assignee sheet: only dispatchers assign, and only they may read the
  // groups, so they are asked for once the profile says so (an order taker would be refused with a toast).
  const canDispatch = useCan('dispatch');
  const groups = useDispatchGroups(usePermissions()?.includes('dispatch') ?? false);
  const colleagues = useColleagues(loggedIn);
  const { distribute, transfer } = useHandOver();
  const [choosing, setChoosing] = useState<Choosing>(null);
  const [grabbing, setGrabbing] = useState(0);
  const items = queue.data?.pages.flatMap((page) => page.list) ?? [];

  const grab = async (item: TDispatchQueueItem) => {
    setGrabbing(item.id);
    try {
      await callApi(Calls.inquiryGrab, { id: item.id });
      showSuccess(t('dispatch.grabbed'));
      await client.invalidateQueries({ queryKey: inquiryKeys.all });
    } catch {
      // The toast has said why (a colleague was quicker, it ended).
      await queue.refetch();
    } finally {
      setGrabbing(0);
    }
  };

  const handOver = async (
    item: TDispatchQueueItem,
    kind: 'assign' | 'transfer',
    member: { userId: number; nickName: string },
  ) => {
    setChoosing(null);
    const confirmed = await Dialog.confirm({
      content: t(kind === 'assign' ? 'dispatch.assignConfirm' : 'dispatch.transferConfirm', {
        name: member.nickName,
        title: item.title || item.sortName,
      }),
      confirmText: t('dispatch.confirm'),
      cancelText: t('dispatch.cancel'),
    });
    if (!confirmed) return;
    try {
      await (kind === 'assign' ? distribute : transfer).mutateAsync({ id: item.id, userId: member.userId });
      showSuccess(t(kind === 'assign' ? 'dispatch.assigned' : 'dispatch.transferred', { name: member.nickName }));
    } catch {
      await queue.refetch();
    }
  };

  // A dispatcher picks among the group's members; a holder hands on to a colleague (the server keeps it within the group).
  const candidates = (choice: NonNullable<Choosing>): { userId: number; nickName: string; tag: string }[] =>
    choice.kind === 'assign'
      ? (groups.data?.list.find((g) => g.id === choice.item.groupId)?.members ?? []).map((m) => ({
          userId: m.userId,
          nickName: m.nickName,
          tag: t(`dispatch.role.${m.role}`),
        }))
      : (colleagues.data?.list ?? []).map((c) => ({
          userId: c.userId,
          nickName: c.nickName,
          tag: c.owner ? t('dispatch.owner') : '',
        }));

  let body: ReactNode;
  if (!loggedIn)
    body = (
      <EmptyState
        title={t('dispatch.loginTitle')}
        action={{ label: t('taking.login'), onClick: () => navigate(Paths.login) }}
      />
    );
  else if (queue.isError && items.length === 0)
    body = <ErrorScreen error={queue.error} onRetry={() => void queue.refetch()} />;
  else if (queue.isPending)
    body = (
      <div className="mm-pc-list" aria-hidden="true">
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  else if (items.length === 0)
    body = (
      <EmptyState
        title={t('dispatch.queueEmpty')}
        description={t('dispatch.queueEmptyText')}
        action={
          canDispatch ? { label: t('dispatch.groupsTitle'), onClick: () => navigate(Paths.orderDistribute) } : undefined
        }
      />
    );
  else
    body = (
      <>
        <div className="mm-pc-list" data-testid="dispatch-queue">
          {items.map((item) => (
            <div key={item.id} className="mm-dp-item" data-testid="dispatch-item">
              <InquiryRow inquiry={item} now={now} />
              <div className="mm-dp-item-bar">
                <span className="mm-dp-item-group">
                  {item.groupName}
                  {item.escalated ? (
                    <span className="mm-dp-escalated">{t('dispatch.escalated')}</span>
                  ) : (
                    item.dueAt && (
                      <span className="mm-dp-due">{t('dispatch.dueAt', { time: deadlineTime(item.dueAt) })}</span>
                    )
                  )}
                </span>
                {item.action === 'grab' && (
                  <Button
                    size="small"
                    color="primary"
                    shape="rounded"
                    loading={grabbing === item.id}
                    onClick={() => void grab(item)}
                  >
                    {t('dispatch.grab')}
                  </Button>
                )}
                {item.action === 'assign' && (
                  <Button
                    size="small"
                    color="primary"
                    shape="rounded"
                    onClick={() => setChoosing({ item, kind: 'assign' })}
                    data-testid="dispatch-assign"
                  >
                    {t('dispatch.assign')}
                  </Button>
                )}
                {item.action === 'handle' && (
                  <span className="mm-dp-item-buttons">
                    <Button size="small" shape="rounded" onClick={() => setChoosing({ item, kind: 'transfer' })}>
                      {t('dispatch.transfer')}
                    </Button>
                    <Button
                      size="small"
                      color="primary"
                      shape="rounded"
                      onClick={() => navigate(inquiryDetailPath(item.id))}
                    >
                      {t('dispatch.quote')}
                    </Button>
                  </span>
                )}
              </div>
            </div>
          ))}
        </div>
        <InfiniteScroll
          loadMore={async () => void (await queue.fetchNextPage())}
          hasMore={queue.hasNextPage && !queue.isFetchNextPageError}
        >
          {queue.hasNextPage ? <Skeleton.Paragraph lineCount={1} animated /> : t('taking.noMore')}
        </InfiniteScroll>
      </>
    );

  const members = choosing ? candidates(choosing) : [];
  return (
    <Page
      title={t('dispatch.queueTitle')}
      backTo={rootPath('me')}
      className="mm-pc-page mm-dp-page"
      right={
        loggedIn && canDispatch ? (
          <button
            type="button"
            className="mm-pc-post"
            onClick={() => navigate(Paths.orderDistribute)}
            data-testid="dispatch-groups-link"
          >
            {t('dispatch.groupsTitle')}
          </button>
        ) : undefined
      }
    >
      <PullToRefresh onRefresh={async () => void (loggedIn && (await queue.refetch()))}>{body}</PullToRefresh>
      <ActionSheet
        visible={choosing !== null}
        onClose={() => setChoosing(null)}
        cancelText={t('dispatch.cancel')}
        extra={
          choosing &&
          (members.length > 0
            ? t(choosing.kind === 'assign' ? 'dispatch.chooseAssignee' : 'dispatch.chooseColleague')
            : t('dispatch.noMembers'))
        }
        actions={members.map((member) => ({
          key: member.userId,
          text: member.tag ? `${member.nickName} · ${member.tag}` : member.nickName,
          onClick: () => choosing && void handOver(choosing.item, choosing.kind, member),
        }))}
      />
    </Page>
  );
}
