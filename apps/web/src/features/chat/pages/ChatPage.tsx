import { ChatContentType, ChatMessageStatus, formatChatTime, startsTimeLine } from '@metal/shared';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { Fragment, type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { Page } from '../../../components/Page';
import { useLanguage } from '../../../lib/i18n';
import { Paths, rootPath } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { useUserCard } from '../../shops/api';
import { ChatActionsContext, isNoticeLine, shownMessages, usePeerStateFollows } from '../actions';
import { ChatComposer } from '../components/ChatComposer';
import { ChatMenu } from '../components/ChatMenu';
import { HandoverBanner } from '../components/HandoverBanner';
import { MessageBubble } from '../components/MessageBubble';
import { useRecallMenu } from '../components/RecallMenu';
import { ShareListingCard } from '../components/ShareListingCard';
import type { ShownMessage } from '../conversations';
import { contentOf } from '../summary';
import { useConversation } from '../useConversation';
import { useDayTurnRedraw } from '../useDayTurnRedraw';
import { useStickToBottom } from '../useStickToBottom';
import '../locale';
import '../chat.css';

/** How close to the top (px) the list must be scrolled before the older page loads. */
const TOP_LOAD_PX = 40;

function StatusMark({ status, onResend }: { status: number; onResend: () => void }) {
  const { t } = useTranslation('chat');
  if (status === ChatMessageStatus.failed) {
    return (
      <button type="button" className="mm-chat-status is-failed" onClick={onResend} data-testid="chat-resend">
        {t('status.3')} · {t('page.resend')}
      </button>
    );
  }
  const key = status === ChatMessageStatus.read ? '4' : status === ChatMessageStatus.sending ? '1' : '2';
  return (
    <span className={`mm-chat-status is-${key}`} data-testid="chat-status">
      {t(`status.${key}`)}
    </span>
  );
}

/** Whether I have already sent a product link to this object in the messages loaded. */
function alreadyShared(messages: readonly ShownMessage[], me: number, proType: number, proId: number): boolean {
  return messages.some((message) => {
    if (message.sendUserId !== me || message.type !== ChatContentType.productLink) return false;
    const content = contentOf(message);
    return Number(content?.proType) === proType && Number(content?.proId) === proId;
  });
}

/**
 * SPEC §2 chat_page?userId: the conversation with one user, own messages on the right with their
 * status and the peer's on the left; components/MessageBubble draws each content type.
 */
export default function ChatPage() {
  const { t } = useTranslation('chat');
  const [params, setParams] = useSearchParams();
  const [lang] = useLanguage();
  const peerId = Number(params.get('userId')) || 0;
  const { user, loggedIn } = useSession();
  const me = user?.userId ?? 0;
  const peer = useUserCard(peerId);
  const conversation = useConversation(me, peerId);
  const { messages, load, hasOlder, loadingOlder, state } = conversation;
  // stock_detail's chat button names the listing to offer (chat_page?userId&proType&proId).
  const shareType = Number(params.get('proType')) || 0;
  const shareId = Number(params.get('proId')) || 0;
  const listRef = useRef<HTMLDivElement>(null);
  const listContentRef = useRef<HTMLDivElement>(null);
  /** Where the list was before older messages were put above, so the reader's place stays put. */
  const keepFromBottom = useRef<number | null>(null);
  const lastUuid = messages.at(-1)?.uuid;
  const firstUuid = messages[0]?.uuid;
  usePeerStateFollows(peerId, messages);
  const recall = useRecallMenu(me, conversation.sendAction);
  useDayTurnRedraw();

  // Older messages arrived above: the list keeps its distance from the bottom, so the reader stays put.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list || keepFromBottom.current === null || !firstUuid) return;
    list.scrollTop = list.scrollHeight - keepFromBottom.current;
    keepFromBottom.current = null;
  }, [firstUuid]);

  // A new last message (sent, arrived, or the first page) scrolls to the bottom.
  useEffect(() => {
    const list = listRef.current;
    if (list && lastUuid) list.scrollTop = list.scrollHeight;
  }, [lastUuid]);

  useStickToBottom(listRef, listContentRef);

  if (!loggedIn) return <Navigate to={Paths.login} replace />;

  const title = peer.data?.nickName || t('page.title');
  const withPeer = peerId > 0 && peerId !== me;
  const page = (body: ReactNode) => (
    <ChatActionsContext.Provider value={{ me, peerId, sendAction: conversation.sendAction }}>
      <Page
        title={title}
        right={withPeer ? <ChatMenu /> : undefined}
        backTo={rootPath('messages')}
        className="mm-chat-page"
        bodyClassName="mm-chat-body"
      >
        {body}
      </Page>
    </ChatActionsContext.Provider>
  );
  if (peerId <= 0) return page(<EmptyState kind="lost" title={t('page.invalidPeer')} />);
  if (peerId === me) return page(<EmptyState kind="lost" title={t('page.self')} />);

  const loadOlder = () => {
    const list = listRef.current;
    if (list) keepFromBottom.current = list.scrollHeight - list.scrollTop;
    void conversation.loadOlder();
  };

  // Time lines are worded against the clock as the page draws: a message, a reload or midnight redraws them.
  const nowSeconds = Math.floor(Date.now() / 1000);
  // The offer goes with the link that brought it, so it shows once: sent or closed, it is gone for good.
  const dropShare = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('proType');
        next.delete('proId');
        return next;
      },
      { replace: true },
    );
  const offerShare = shareType > 0 && shareId > 0 && !alreadyShared(messages, me, shareType, shareId);

  let list: ReactNode;
  if (load === 'error') {
    list = <ErrorScreen error={conversation.loadError} onRetry={() => void conversation.loadNewest()} />;
  } else if (load === 'loading' && messages.length === 0) {
    list = (
      <div className="mm-chat-skeleton" aria-hidden="true">
        <Skeleton.Paragraph lineCount={4} animated />
      </div>
    );
  } else if (messages.length === 0) {
    list = <p className="mm-chat-empty">{t('page.empty')}</p>;
  } else {
    list = (
      <>
        {hasOlder ? (
          <button type="button" className="mm-chat-older" onClick={loadOlder} disabled={loadingOlder}>
            {loadingOlder ? t('page.loadingEarlier') : t('page.loadEarlier')}
          </button>
        ) : (
          <p className="mm-chat-older is-end">{t('page.noEarlier')}</p>
        )}
        {shownMessages(messages).map((message, index, shown) => {
          const own = message.sendUserId === me;
          const previous = shown[index - 1];
          const notice = isNoticeLine(message);
          // A colleague's messages in a conversation handed over to me are on my company's side.
          const side = notice ? 'is-notice' : message.sendUserId === peerId ? 'is-peer' : 'is-own';
          return (
            <Fragment key={message.uuid}>
              {startsTimeLine(previous?.sendDate ?? null, message.sendDate) && (
                <p className="mm-chat-time" data-testid="chat-time">
                  {formatChatTime(message.sendDate, nowSeconds, lang)}
                </p>
              )}
              <div
                className={`mm-chat-row ${side}`}
                data-testid="chat-message"
                data-uuid={message.uuid}
                {...recall.pressProps(message)}
              >
                <MessageBubble message={message} />
                {own && !notice && <StatusMark status={message.status} onResend={() => conversation.resend(message)} />}
              </div>
            </Fragment>
          );
        })}
      </>
    );
  }

  return page(
    <>
      {state !== 'connected' && (
        <div className="mm-chat-connection" data-testid="chat-connection">
          {state === 'closed' ? (
            t('page.offline')
          ) : (
            <>
              {t('page.connecting')} <DotLoading />
            </>
          )}
        </div>
      )}
      <HandoverBanner peerId={peerId} />
      <div
        className="mm-chat-list"
        ref={listRef}
        data-testid="chat-list"
        onScroll={(event) => {
          if (event.currentTarget.scrollTop < TOP_LOAD_PX && hasOlder && !loadingOlder && load === 'ready') {
            loadOlder();
          }
        }}
      >
        <div className="mm-chat-list-content" ref={listContentRef}>
          {list}
        </div>
      </div>
      {recall.sheet}
      {offerShare && (
        <ShareListingCard proType={shareType} proId={shareId} onSend={conversation.send} onDone={dropShare} />
      )}
      <ChatComposer peerId={peerId} onSendText={conversation.sendText} onSend={conversation.send} />
    </>,
  );
}
