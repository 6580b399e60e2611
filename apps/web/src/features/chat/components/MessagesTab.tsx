import { formatRelativeTime, type TConversation } from '@metal/shared';
import Badge from 'antd-mobile/es/components/badge';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import Skeleton from 'antd-mobile/es/components/skeleton';
import SwipeAction from 'antd-mobile/es/components/swipe-action';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { EmptyTab } from '../../../components/EmptyTab';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { TabHeader } from '../../../components/TabHeader';
import { formatBadge } from '../../../lib/badge';
import { confirmDestructive, useDialogsClosedOnLeave } from '../../../lib/dialog';
import { showSuccess } from '../../../lib/feedback';
import { useLanguage } from '../../../lib/i18n';
import { chatPagePath, Paths } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { ContactsButton } from '../../contacts/components/ContactsButton';
import { useRefreshNotices } from '../../notices/api';
import NoticeEntries from '../../notices/components/NoticeEntries';
import { useConversations, useDeleteConversation, useRefreshChatCounts } from '../conversations';
import '../locale';
import '../chat.css';

/** How long a long press on a row takes to offer deleting it. */
const LONG_PRESS_MS = 600;

function ConversationRow({
  conversation,
  onOpen,
  onLongPress,
}: {
  conversation: TConversation;
  onOpen: () => void;
  onLongPress: () => void;
}) {
  const { t } = useTranslation('chat');
  const [lang] = useLanguage();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pressed = useRef(false);
  /** When delete was last offered: Android follows a long touch with a contextmenu event, one offer is enough. */
  const offeredAt = useRef(0);
  const name = conversation.nickName || t('list.unnamed', { userId: conversation.userId });
  const offer = () => {
    if (Date.now() - offeredAt.current < 1500) return;
    offeredAt.current = Date.now();
    onLongPress();
  };
  const startPress = () => {
    pressed.current = false;
    timer.current = setTimeout(() => {
      pressed.current = true;
      offer();
    }, LONG_PRESS_MS);
  };
  const endPress = () => clearTimeout(timer.current);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <button
      type="button"
      className="mm-conversation"
      data-testid="conversation"
      onClick={() => {
        if (!pressed.current) onOpen();
      }}
      onTouchStart={startPress}
      onTouchEnd={endPress}
      onTouchMove={endPress}
      onContextMenu={(event) => {
        event.preventDefault();
        offer();
      }}
    >
      <Badge content={formatBadge(conversation.unreadSize)}>
        {conversation.headImage ? (
          <img className="mm-conversation-avatar" src={conversation.headImage} alt="" />
        ) : (
          <span className="mm-conversation-avatar" aria-hidden="true">
            {name.slice(0, 1)}
          </span>
        )}
      </Badge>
      <span className="mm-conversation-main">
        <span className="mm-conversation-top">
          <strong className="mm-conversation-name">{name}</strong>
          <span className="mm-conversation-time">
            {formatRelativeTime(conversation.sendDate, Math.floor(Date.now() / 1000), lang)}
          </span>
        </span>
        <span className="mm-conversation-summary">{conversation.message}</span>
      </span>
    </button>
  );
}

/** The messages tab: conversations newest first, live while the chat connection brings messages. */
export default function MessagesTab() {
  const { t } = useTranslation(['root', 'chat']);
  useDialogsClosedOnLeave();
  const navigate = useNavigate();
  const { loggedIn } = useSession();
  const conversations = useConversations();
  const remove = useDeleteConversation();
  const refreshCounts = useRefreshChatCounts();
  const refreshNotices = useRefreshNotices();
  const refreshRef = useRef(refreshCounts);
  refreshRef.current = refreshCounts;

  // A message arriving (or a read mark from another device) changes the list and the unread count.
  useEffect(() => {
    if (!loggedIn) return;
    let stop: (() => void) | undefined;
    let gone = false;
    void import('../../../lib/chat/connection').then(({ getChatConnection }) => {
      if (gone) return;
      const chat = getChatConnection();
      const stopMessages = chat.onMessage(() => void refreshRef.current());
      const stopState = chat.onStateChange((state) => {
        if (state === 'connected') void refreshRef.current();
      });
      stop = () => {
        stopMessages();
        stopState();
      };
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, [loggedIn]);

  if (!loggedIn) {
    return (
      <EmptyTab
        tabTitle={t('messages.title')}
        kind="message"
        title={t('messages.visitorTitle')}
        description={t('messages.visitorText')}
        action={{ label: t('messages.login'), onClick: () => navigate(Paths.login) }}
      />
    );
  }

  const list = conversations.data?.pages.flatMap((page) => page.list) ?? [];
  const confirmDelete = async (conversation: TConversation) => {
    const name = conversation.nickName || t('chat:list.unnamed', { userId: conversation.userId });
    const confirmed = await confirmDestructive({
      content: t('chat:list.deleteConfirm', { name }),
      confirmText: t('chat:list.delete'),
      cancelText: t('chat:list.deleteCancel'),
    });
    if (!confirmed) return;
    await remove.mutateAsync(conversation.userId);
    showSuccess(t('chat:list.deleteDone'));
  };

  let body: ReactNode;
  if (conversations.isError && list.length === 0) {
    body = <ErrorScreen error={conversations.error} onRetry={() => void conversations.refetch()} />;
  } else if (conversations.isPending) {
    body = (
      <section className="mm-card mm-conversation-skeleton" aria-hidden="true">
        <Skeleton.Paragraph lineCount={6} animated />
      </section>
    );
  } else if (list.length === 0) {
    body = <EmptyState kind="message" title={t('chat:list.empty')} description={t('chat:list.emptyText')} />;
  } else {
    body = (
      <>
        <section className="mm-card mm-conversation-list" data-testid="conversation-list">
          {list.map((conversation) => (
            <SwipeAction
              key={conversation.chatId}
              rightActions={[
                {
                  key: 'delete',
                  text: t('chat:list.delete'),
                  color: 'danger',
                  onClick: () => void confirmDelete(conversation).catch(() => undefined),
                },
              ]}
            >
              <ConversationRow
                conversation={conversation}
                onOpen={() => navigate(chatPagePath(conversation.userId))}
                onLongPress={() => void confirmDelete(conversation).catch(() => undefined)}
              />
            </SwipeAction>
          ))}
        </section>
        <InfiniteScroll
          loadMore={async () => void (await conversations.fetchNextPage())}
          hasMore={conversations.hasNextPage && !conversations.isFetchNextPageError}
        >
          {conversations.hasNextPage ? <Skeleton.Paragraph lineCount={1} animated /> : t('chat:list.noMore')}
        </InfiniteScroll>
      </>
    );
  }

  return (
    <>
      <TabHeader title={t('messages.title')} right={<ContactsButton />} />
      <PullToRefresh onRefresh={async () => void (await Promise.all([refreshCounts(), refreshNotices()]))}>
        <NoticeEntries />
        {body}
      </PullToRefresh>
    </>
  );
}
