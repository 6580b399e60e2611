import { ChatActionType, chatIdOf, confirmProxyOrderPath, orderDetailPath } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { chatPagePath } from '../../../../lib/navigation';
import { useUserCard } from '../../../shops/api';
import { actionOf, infoId, useChatActions, usePeerPhone, usePeerState } from '../../actions';
import type { ShownMessage } from '../../conversations';
import '../../chat-actions.css';

/** A user's nickname for a notice line ("the other side" until the card arrives). */
function useName(userId: number): string {
  const { t } = useTranslation('chatActions');
  const card = useUserCard(userId);
  return card.data?.nickName || t('notice.someone');
}

const NOTICE_KEYS = new Set<number>([1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14, 15, 16]);

/** The peer's phone as a tel: link once exchanged, on the line that accepted the exchange. */
function PeerPhone({ peerId }: { peerId: number }) {
  const { t } = useTranslation('chatActions');
  const state = usePeerState(peerId);
  const phone = usePeerPhone(peerId, state.data?.phoneExchange === 'accepted');
  if (!phone.data?.phone) return null;
  return (
    <a className="mm-chat-action-link" href={`tel:${phone.data.phone}`} data-testid="chat-peer-phone">
      {t('button.call', { phone: phone.data.phone })}
    </a>
  );
}

/**
 * A content type 9 message (SPEC §3 action types) or a recalled message, as a centered notice line
 * worded from the reader's side; a phone request or transfer request the reader can still answer
 * carries its buttons.
 */
export function ActionBubble({ message }: { message: ShownMessage }) {
  const { t } = useTranslation('chatActions');
  const { me, peerId, sendAction } = useChatActions();
  const own = message.sendUserId === me;
  const fromPeer = message.sendUserId === peerId;
  const ours = message.chatId === chatIdOf(me, peerId);
  const action = actionOf(message);
  // Own lines name whom the action was for; others' lines name who did it (the peer, or in a
  // conversation handed over to me, the colleague who served the peer before).
  const name = useName(own ? message.receiveUserId : message.sendUserId);
  const subjectId = action ? infoId(action, 'peerId') : 0;
  const subject = useName(subjectId);
  const from = useName(action ? infoId(action, 'fromUserId') : 0);
  const contactId = action ? infoId(action, 'contactUserId') : 0;
  const contact = useName(contactId);
  // A stock order's notices (14 asks the seller to quote, 13 says the buyer agreed) name the order, where the next step is taken.
  const orderId = action ? infoId(action, 'orderId') : 0;
  // A seller's proxy selection (11 spot lots, 12 a filled purchase order) opens where the buyer orders it.
  const proxyId = action ? infoId(action, 'proxyId') : 0;
  const state = usePeerState(peerId);

  let line: string;
  let extra: React.ReactNode = null;
  if (message.recalled) {
    line = own ? t('notice.recalledOwn') : t('notice.recalledPeer', { name });
  } else if (!action) {
    line = t('notice.unknown');
  } else if (action.actionType === ChatActionType.textNotice) {
    line = typeof action.actionInfo === 'string' ? action.actionInfo : t('notice.unknown');
  } else if (NOTICE_KEYS.has(action.actionType)) {
    const side = own ? 'own' : 'peer';
    const orderWanted = action.actionType === ChatActionType.notifySupplierToQuote && orderId > 0;
    line = orderWanted
      ? t(`notice.quoteOrder.${side}`, { name })
      : t(`notice.${action.actionType as 1}.${side}`, { name, subject, from, contact });
    const pendingPhone =
      state.data?.phoneExchange === 'requested' && state.data.phoneRequestedBy === peerId && fromPeer;
    if (action.actionType === ChatActionType.requestPhoneExchange && pendingPhone) {
      extra = (
        <span className="mm-chat-action-buttons">
          <Button size="mini" color="primary" onClick={() => sendAction(ChatActionType.acceptPhoneExchange)}>
            {t('button.accept')}
          </Button>
          <Button size="mini" onClick={() => sendAction(ChatActionType.refusePhoneExchange)}>
            {t('button.refuse')}
          </Button>
        </span>
      );
    }
    if (action.actionType === ChatActionType.acceptPhoneExchange && ours) extra = <PeerPhone peerId={peerId} />;
    if (
      action.actionType === ChatActionType.transferRequested &&
      fromPeer &&
      state.data?.transfersToMe.includes(subjectId)
    ) {
      extra = (
        <span className="mm-chat-action-buttons">
          <Button
            size="mini"
            color="primary"
            onClick={() => sendAction(ChatActionType.transferAccepted, { peerId: subjectId })}
          >
            {t('button.acceptTransfer')}
          </Button>
        </span>
      );
    }
    if (action.actionType === ChatActionType.transferAccepted && own && subjectId > 0) {
      extra = (
        <Link className="mm-chat-action-link" to={chatPagePath(subjectId)}>
          {t('button.chatWith', { name: subject })}
        </Link>
      );
    }
    if (action.actionType === ChatActionType.switchChatContact && !own && contactId > 0) {
      extra = (
        <Link className="mm-chat-action-link" to={chatPagePath(contactId)}>
          {t('button.chatWith', { name: contact })}
        </Link>
      );
    }
    if (proxyId > 0) {
      extra = (
        <Link className="mm-chat-action-link" to={confirmProxyOrderPath(proxyId)} data-testid="chat-open-proxy">
          {own ? t('button.viewPick') : t('button.reviewPick')}
        </Link>
      );
    }
    if (orderId > 0) {
      extra = (
        <Link className="mm-chat-action-link" to={orderDetailPath(orderId)} data-testid="chat-open-order">
          {t('button.openOrder')}
        </Link>
      );
    }
  } else {
    line = t('notice.unknown');
  }
  return (
    <div className="mm-chat-action" data-testid="chat-action">
      <span className="mm-chat-action-line">{line}</span>
      {extra}
    </div>
  );
}
