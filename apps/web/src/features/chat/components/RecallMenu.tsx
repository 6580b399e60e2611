import { ChatActionType, ChatMessageStatus } from '@metal/shared';
import ActionSheet from 'antd-mobile/es/components/action-sheet';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showFail } from '../../../lib/feedback';
import { isNoticeLine, recallable } from '../actions';
import type { ShownMessage } from '../conversations';

/** How long a press on a message takes to offer recalling it. */
const LONG_PRESS_MS = 600;

/**
 * Long-press (or right-click) on one's own stored message offers Recall (action 7 naming its uuid);
 * past the 2-minute window it says so instead of sending.
 */
export function useRecallMenu(
  me: number,
  sendAction: (actionType: number, actionInfo?: unknown) => void,
): { pressProps: (message: ShownMessage) => Record<string, unknown>; sheet: ReactNode } {
  const { t } = useTranslation('chatActions');
  const [target, setTarget] = useState<ShownMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** Android follows a long touch with a contextmenu event: one offer per message is enough. */
  const offered = useRef({ uuid: '', at: 0 });
  useEffect(() => () => clearTimeout(timer.current), []);

  const offer = (message: ShownMessage) => {
    if (offered.current.uuid === message.uuid && Date.now() - offered.current.at < 1500) return;
    offered.current = { uuid: message.uuid, at: Date.now() };
    setTarget(message);
  };
  const canRecall = (message: ShownMessage) =>
    message.sendUserId === me &&
    !isNoticeLine(message) &&
    (message.status === ChatMessageStatus.stored || message.status === ChatMessageStatus.read);

  const pressProps = (message: ShownMessage) => {
    if (!canRecall(message)) return {};
    const cancel = () => clearTimeout(timer.current);
    return {
      onTouchStart: () => {
        cancel();
        timer.current = setTimeout(() => offer(message), LONG_PRESS_MS);
      },
      onTouchEnd: cancel,
      onTouchMove: cancel,
      onContextMenu: (event: Event) => {
        event.preventDefault();
        offer(message);
      },
    };
  };

  const recall = (message: ShownMessage) => {
    if (!recallable(message)) {
      showFail(t('recall.expired'));
      return;
    }
    sendAction(ChatActionType.recallMessage, message.uuid);
  };

  const sheet = (
    <ActionSheet
      visible={target !== null}
      actions={[
        {
          key: 'recall',
          text: t('recall.action'),
          onClick: () => {
            if (target) recall(target);
            setTarget(null);
          },
        },
      ]}
      cancelText={t('menu.cancel')}
      onClose={() => setTarget(null)}
    />
  );
  return { pressProps, sheet };
}
