// @vitest-environment happy-dom
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../../../lib/chat/frames';
import '../../../lib/i18n';
import { setLanguage } from '../../../lib/language';
import { Paths } from '../../../lib/navigation';
import { ok } from '../../../test/pageHarness';
import { showTip, TIP_VISIBLE_MS } from './tipBanner';

const fetchMock = vi.fn<typeof fetch>();

const message = (uuid: string, from: number, info: object, type: ChatMessage['type'] = 1): ChatMessage => ({
  chatId: `7_${from}`,
  info: JSON.stringify(info),
  sendDate: 1_763_600_000,
  sendUserId: from,
  receiveUserId: 7,
  type,
  uuid,
  status: 2,
});

const card = (userId: number, nickName: string) =>
  ok({
    userId,
    head: '',
    signature: '',
    rootId: userId,
    nickName,
    companyName: '',
    isFriend: false,
    remark: '',
    openShop: false,
    account: '',
    marketList: [],
  });

const banner = () => document.querySelector('[data-testid="tip-banner"]');
const shown = () => document.querySelector('.mm-tip')?.classList.contains('mm-tip-shown') ?? false;

async function settle() {
  for (let i = 0; i < 5; i++) {
    await act(async () => {
      await Promise.resolve();
    });
  }
}

beforeEach(() => {
  setLanguage('zh-CN');
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (_url, init) => {
    const userId = Number(new URLSearchParams(String(init?.body)).get('userId'));
    const body = userId === 12 ? card(12, '王经理') : card(userId, '李总');
    return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.location.hash = '';
});

describe('tip_message_page banner', () => {
  it('shows the sender and the summary, a new message updates the one banner, and it hides after 4 s', async () => {
    await act(async () => showTip(message('a', 12, { mesg: '现货还有吗' })));
    await vi.waitFor(async () => {
      await settle();
      expect(banner()?.textContent).toContain('王经理');
    });
    expect(banner()?.textContent).toContain('现货还有吗');
    expect(shown()).toBe(true);

    await act(async () => {
      vi.advanceTimersByTime(TIP_VISIBLE_MS - 1000);
    });
    await act(async () => showTip(message('b', 15, { imgUrl: '/files/a.png' }, 2)));
    await vi.waitFor(async () => {
      await settle();
      expect(banner()?.textContent).toContain('李总');
    });
    expect(banner()?.textContent).toContain('[图片]');
    expect(document.querySelectorAll('[data-testid="tip-banner"]')).toHaveLength(1);
    // The newer message gets its own four seconds.
    await act(async () => {
      vi.advanceTimersByTime(TIP_VISIBLE_MS - 500);
    });
    expect(shown()).toBe(true);
    await act(async () => {
      vi.advanceTimersByTime(600);
    });
    expect(shown()).toBe(false);
  });

  it('opens the chat when tapped, and goes away when swiped up', async () => {
    await act(async () => showTip(message('c', 12, { mesg: '在吗' })));
    await settle();
    expect(shown()).toBe(true);
    await act(async () => (banner() as HTMLElement).click());
    expect(window.location.hash).toBe(`#${Paths.chatPage}?userId=12`);
    expect(shown()).toBe(false);

    // Someone else writes while this conversation is open.
    await act(async () => showTip(message('d', 13, { mesg: '还在吗' })));
    expect(shown()).toBe(true);
    const touch = (type: string, y: number) => {
      const event = new Event(type, { bubbles: true }) as Event & { touches: { clientY: number }[] };
      Object.defineProperty(event, 'touches', { value: [{ clientY: y }] });
      banner()?.dispatchEvent(event);
    };
    await act(async () => {
      touch('touchstart', 100);
      touch('touchmove', 50);
    });
    expect(shown()).toBe(false);
  });

  it('goes away when its conversation is opened some other way, and stays for another', async () => {
    await act(async () => showTip(message('e', 12, { mesg: '报价已发' })));
    await settle();
    expect(shown()).toBe(true);
    await act(async () => {
      window.location.hash = `#${Paths.chatPage}?userId=13`;
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(shown()).toBe(true);
    await act(async () => {
      window.location.hash = `#${Paths.chatPage}?userId=12`;
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(shown()).toBe(false);
  });
});
