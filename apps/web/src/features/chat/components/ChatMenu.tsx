import { Calls, ChatActionType, ChatContentType, type TChatColleague } from '@metal/shared';
import ActionSheet, { type Action } from 'antd-mobile/es/components/action-sheet';
import MoreOutline from 'antd-mobile-icons/es/MoreOutline';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../lib/api';
import { getChatConnection } from '../../../lib/chat/connection';
import { Dialog, useDialogsClosedOnLeave } from '../../../lib/dialog';
import { showFail, showSuccess } from '../../../lib/feedback';
import { useUserCard } from '../../shops/api';
import { useChatActions, useColleagues, usePeerPhone, usePeerState } from '../actions';
import '../chat-actions.css';

type Sheet = 'menu' | 'transfer' | 'switch' | null;

/**
 * chat_page's header "more" menu: exchange phones (or call once exchanged), transfer to a colleague,
 * switch contact (company side), not interested, blacklist on and off. Destructive ones ask first.
 */
export function ChatMenu() {
  const { t } = useTranslation('chatActions');
  useDialogsClosedOnLeave();
  const { peerId, sendAction } = useChatActions();
  const [sheet, setSheet] = useState<Sheet>(null);
  const state = usePeerState(peerId);
  const peer = useUserCard(peerId);
  const phone = usePeerPhone(peerId, state.data?.phoneExchange === 'accepted');
  const colleagues = useColleagues(state.data?.colleague === false);
  const name = peer.data?.nickName || t('notice.someone');
  const current = state.data ?? undefined;
  const team = colleagues.data?.list ?? [];
  const outsidePeer = current?.colleague === false;

  const confirmThen = async (content: string, run: () => void | Promise<void>) => {
    const confirmed = await Dialog.confirm({ content, confirmText: t('menu.confirm'), cancelText: t('menu.cancel') });
    if (confirmed) await run();
  };

  const unblock = async () => {
    try {
      await callApi(Calls.chatUnblock, { userId: peerId });
      await state.refetch();
      showSuccess(t('menu.unblocked'));
    } catch {
      // The api client showed why.
    }
  };

  const actions: Action[] = [];
  if (current?.phoneExchange === 'accepted' && phone.data?.phone) {
    const number = phone.data.phone;
    actions.push({
      key: 'call',
      text: t('menu.callPeer', { phone: number }),
      onClick: () => {
        window.location.href = `tel:${number}`;
      },
    });
  } else if (current?.phoneExchange === 'requested' && current.phoneRequestedBy !== peerId) {
    actions.push({ key: 'phone', text: t('menu.phoneRequested'), disabled: true });
  } else if (current?.phoneExchange === 'requested') {
    actions.push({
      key: 'phone',
      text: t('menu.acceptPhone'),
      onClick: () => sendAction(ChatActionType.acceptPhoneExchange),
    });
  } else if (current && current.phoneExchange !== 'accepted') {
    actions.push({
      key: 'phone',
      text: t('menu.exchangePhone'),
      onClick: () => sendAction(ChatActionType.requestPhoneExchange),
    });
  }
  if (outsidePeer && team.length > 0) {
    actions.push({ key: 'transfer', text: t('menu.transfer'), onClick: () => setSheet('transfer') });
    actions.push({ key: 'switch', text: t('menu.switchContact'), onClick: () => setSheet('switch') });
  }
  if (outsidePeer) {
    if (!current?.notInterested) {
      actions.push({
        key: 'notInterested',
        text: t('menu.notInterested'),
        onClick: () =>
          void confirmThen(t('menu.confirmNotInterested', { name }), () =>
            sendAction(ChatActionType.markedNotInterested),
          ),
      });
    }
  }
  if (current) {
    actions.push(
      current.blocked
        ? {
            key: 'unblock',
            text: t('menu.unblock'),
            onClick: () => void confirmThen(t('menu.confirmUnblock', { name }), unblock),
          }
        : {
            key: 'block',
            text: t('menu.block'),
            danger: true,
            onClick: () =>
              void confirmThen(t('menu.confirmBlock', { name }), () => sendAction(ChatActionType.addToBlacklist)),
          },
    );
  }

  const transferTo = (colleague: TChatColleague) => {
    // The request is a message to the colleague, in their conversation: it does not show here.
    getChatConnection().send({
      receiveUserId: colleague.userId,
      type: ChatContentType.action,
      content: { actionType: ChatActionType.transferRequested, actionInfo: { peerId } },
    });
    showSuccess(t('menu.transferSent', { name: colleague.nickName }));
  };

  const switchTo = (colleague: TChatColleague) =>
    void confirmThen(t('menu.confirmSwitch', { name, contact: colleague.nickName }), () =>
      sendAction(ChatActionType.switchChatContact, { contactUserId: colleague.userId }),
    );

  const colleagueActions = (pick: (colleague: TChatColleague) => void): Action[] =>
    team.map((colleague) => ({
      key: colleague.userId,
      text: colleague.owner ? `${colleague.nickName}（${t('menu.owner')}）` : colleague.nickName,
      onClick: () => {
        setSheet(null);
        pick(colleague);
      },
    }));

  return (
    <>
      <button
        type="button"
        className="mm-chat-menu-button"
        aria-label={t('menu.more')}
        data-testid="chat-menu"
        onClick={() => {
          if (state.isError) showFail(t('menu.failed'));
          setSheet('menu');
        }}
      >
        <MoreOutline />
      </button>
      <ActionSheet
        visible={sheet === 'menu'}
        actions={actions.map((action) => ({
          ...action,
          onClick: () => {
            setSheet(null);
            action.onClick?.();
          },
        }))}
        extra={t('menu.title', { name })}
        cancelText={t('menu.cancel')}
        onClose={() => setSheet((now) => (now === 'menu' ? null : now))}
      />
      <ActionSheet
        visible={sheet === 'transfer'}
        actions={colleagueActions(transferTo)}
        extra={t('menu.transferTitle')}
        cancelText={t('menu.cancel')}
        onClose={() => setSheet(null)}
      />
      <ActionSheet
        visible={sheet === 'switch'}
        actions={colleagueActions(switchTo)}
        extra={t('menu.switchTitle', { name })}
        cancelText={t('menu.cancel')}
        onClose={() => setSheet(null)}
      />
    </>
  );
}
