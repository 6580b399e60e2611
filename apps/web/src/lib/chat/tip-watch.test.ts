// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Paths } from '../navigation';
import { clearSession, setSession } from '../session';
import type { ChatConnection } from './connection';
import type { ChatMessage } from './frames';
import { shouldShowTip, watchForTips } from './tip-watch';

const showTip = vi.hoisted(() => vi.fn());
vi.mock('../../features/chat/tip/tipBanner', () => ({ showTip }));

const ME = 7;
const message = (from: number, to = ME): ChatMessage => ({
  chatId: from < to ? `${from}_${to}` : `${to}_${from}`,
  info: JSON.stringify({ mesg: '现货还有吗' }),
  sendDate: 1_763_600_000,
  sendUserId: from,
  receiveUserId: to,
  type: 1,
  uuid: `m-${from}-${to}`,
  status: 2,
});

describe('shouldShowTip', () => {
  it('shows a message from someone whose chat is not open', () => {
    expect(shouldShowTip(message(12), ME, `${Paths.root}?tab=home`)).toBe(true);
    expect(shouldShowTip(message(12), ME, `${Paths.chatPage}?userId=15`)).toBe(true);
    expect(shouldShowTip(message(12), ME, '/')).toBe(true);
  });

  it("does not show the open chat's messages, my own from another device, or anything to a visitor", () => {
    expect(shouldShowTip(message(12), ME, `${Paths.chatPage}?userId=12`)).toBe(false);
    expect(shouldShowTip(message(12), ME, `${Paths.chatPage}?userId=12&inquiryId=3`)).toBe(false);
    expect(shouldShowTip(message(ME, 12), ME, `${Paths.root}`)).toBe(false);
    expect(shouldShowTip(message(12), 0, `${Paths.root}`)).toBe(false);
  });
});

describe('watchForTips', () => {
  let deliver: (message: ChatMessage) => void = () => undefined;
  const chat = {
    onMessage(listener: (message: ChatMessage) => void) {
      deliver = listener;
      return () => undefined;
    },
  } as unknown as ChatConnection;

  beforeEach(() => {
    setSession({ account: 'buyer', rootId: ME, userId: ME, sessionId: 's', lastLoginDate: '2026-11-20' });
  });
  afterEach(() => {
    clearSession();
    window.location.hash = '';
    showTip.mockClear();
  });

  it('loads the banner for a message elsewhere, and not on that chat_page', async () => {
    watchForTips(chat);
    window.location.hash = `#${Paths.chatPage}?userId=12`;
    deliver(message(12));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(showTip).not.toHaveBeenCalled();

    window.location.hash = `#${Paths.root}?tab=market`;
    deliver(message(12));
    await vi.waitFor(() => expect(showTip).toHaveBeenCalledTimes(1));
    expect(showTip.mock.calls[0]?.[0]).toMatchObject({ sendUserId: 12 });
  });
});
