import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { ChatMessage } from '../../../lib/chat/frames';
import { isInChatWith } from '../../../lib/chat/tip-watch';
import { i18next } from '../../../lib/i18n';
import { chatPagePath } from '../../../lib/navigation';
import { queryClient } from '../../../lib/queryClient';
import { useUserCard } from '../../shops/api';
import { messageSummary } from '../summary';
import '../locale';
import './tip.css';

/** SPEC §2 tip_message_page: how long the banner stays when nobody touches it. */
export const TIP_VISIBLE_MS = 4000;
/** How far up a finger must move for the banner to be swiped away. */
const SWIPE_UP_PX = 30;

export interface Tip {
  message: ChatMessage;
  /** Grows with every message, so a new message restarts the banner's time even from the same sender. */
  serial: number;
}

/** The banner for the latest message; a newer one takes its place rather than stacking. */
export function TipMessageBanner({ tip, onOpen }: { tip: Tip; onOpen: (userId: number) => void }) {
  const { message, serial } = tip;
  const [shown, setShown] = useState(true);
  const sender = useUserCard(message.sendUserId).data;
  const touchStartY = useRef<number | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each new message (serial) shows the banner for its full time
  useEffect(() => {
    setShown(true);
    const timer = setTimeout(() => setShown(false), TIP_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [serial]);

  // Opening that conversation (from the list, a notice, anywhere) answers the banner: it goes.
  useEffect(() => {
    const hideInItsChat = () => {
      const location = window.location.hash.replace(/^#/, '') || '/';
      if (isInChatWith(message.sendUserId, location)) setShown(false);
    };
    window.addEventListener('hashchange', hideInItsChat);
    return () => window.removeEventListener('hashchange', hideInItsChat);
  }, [message]);

  const t = i18next.getFixedT(null, 'chat');
  const name = sender?.nickName || t('list.unnamed', { userId: message.sendUserId });
  return (
    <div className={`mm-tip ${shown ? 'mm-tip-shown' : ''}`} aria-hidden={!shown}>
      <button
        type="button"
        className="mm-tip-card"
        data-testid="tip-banner"
        tabIndex={shown ? 0 : -1}
        onClick={() => {
          setShown(false);
          onOpen(message.sendUserId);
        }}
        onTouchStart={(event) => {
          touchStartY.current = event.touches[0]?.clientY ?? null;
        }}
        onTouchMove={(event) => {
          const start = touchStartY.current;
          const y = event.touches[0]?.clientY;
          if (start !== null && y !== undefined && start - y > SWIPE_UP_PX) {
            touchStartY.current = null;
            setShown(false);
          }
        }}
      >
        {sender?.head ? (
          <img className="mm-tip-avatar" src={sender.head} alt="" />
        ) : (
          <span className="mm-tip-avatar" aria-hidden="true">
            {name.slice(0, 1)}
          </span>
        )}
        <span className="mm-tip-main">
          <strong className="mm-tip-name">{name}</strong>
          <span className="mm-tip-summary">{messageSummary(t, message)}</span>
        </span>
      </button>
    </div>
  );
}

let root: Root | undefined;
let serial = 0;

const openChat = (userId: number) => {
  window.location.hash = `#${chatPagePath(userId)}`;
};

/** Shows (or updates) the one banner for this message. */
export function showTip(message: ChatMessage): void {
  if (!root) {
    const host = document.createElement('div');
    host.className = 'mm-tip-host';
    document.body.appendChild(host);
    root = createRoot(host);
  }
  serial += 1;
  root.render(
    <QueryClientProvider client={queryClient}>
      <TipMessageBanner tip={{ message, serial }} onOpen={openChat} />
    </QueryClientProvider>,
  );
}
