import { describe, expect, it, vi } from 'vitest';
import { clickTarget, handleNotificationClick, handlePush, type WorkerScope } from './sw-handlers';

function scope(windows: { url: string; navigate?: (url: string) => Promise<unknown> }[] = []) {
  const clients = windows.map((w) => ({ ...w, focus: vi.fn(async () => undefined) }));
  const worker = {
    location: { origin: 'https://metal.example' },
    registration: { showNotification: vi.fn(async () => undefined) },
    clients: {
      matchAll: vi.fn(async () => clients),
      openWindow: vi.fn(async () => undefined),
    },
  } satisfies WorkerScope;
  return { worker, clients };
}

describe('push event', () => {
  it('shows the title and body, one notification per conversation', async () => {
    const { worker } = scope();
    const chat = { type: 1, id: 42, title: 'Alice', body: '铝锭还有货吗？' };
    await handlePush(worker, chat);
    expect(worker.registration.showNotification).toHaveBeenCalledWith('Alice', {
      body: '铝锭还有货吗？',
      tag: 'chat-42',
      renotify: true,
      icon: '/favicon.svg',
      data: chat,
    });
    await handlePush(worker, { type: 2, id: 9, title: '通知', body: '开店申请已通过' });
    expect(worker.registration.showNotification).toHaveBeenLastCalledWith(
      '通知',
      expect.objectContaining({ tag: 'notice-9' }),
    );
  });

  it('still shows a notification for a payload it cannot read (browsers require one per push)', async () => {
    const { worker } = scope();
    await handlePush(worker, undefined);
    await handlePush(worker, { type: 1, id: 'x' });
    expect(worker.registration.showNotification).toHaveBeenCalledTimes(2);
    expect(worker.registration.showNotification).toHaveBeenLastCalledWith('', expect.objectContaining({ tag: 'push' }));
  });
});

describe('notification click (SPEC §8: type 1 opens the chat with the given id)', () => {
  it('leads a chat push to chat_page with the sender and anything else to the app', () => {
    expect(clickTarget({ type: 1, id: 42, title: 'A', body: 'b' })).toBe('/#/pages/chat_page/chat_page?userId=42');
    expect(clickTarget({ type: 2, id: 9, title: 'A', body: 'b' })).toBe('/#/');
    expect(clickTarget(null)).toBe('/#/');
  });

  it('opens a window when none of the app is open', async () => {
    const { worker } = scope([{ url: 'https://elsewhere.example/' }]);
    await handleNotificationClick(worker, { type: 1, id: 42, title: 'A', body: 'b' });
    expect(worker.clients.openWindow).toHaveBeenCalledWith('/#/pages/chat_page/chat_page?userId=42');
  });

  it("focuses the app's open window and takes it to the chat", async () => {
    const navigate = vi.fn(async () => undefined);
    const { worker, clients } = scope([{ url: 'https://metal.example/#/pages/root/root', navigate }]);
    await handleNotificationClick(worker, { type: 1, id: 42, title: 'A', body: 'b' });
    expect(clients[0]!.focus).toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('https://metal.example/#/pages/chat_page/chat_page?userId=42');
    expect(worker.clients.openWindow).not.toHaveBeenCalled();
  });

  it('opens a new window when the open one cannot be navigated (not controlled by the worker)', async () => {
    const navigate = vi.fn(async () => {
      throw new TypeError('not controlled');
    });
    const { worker } = scope([{ url: 'https://metal.example/', navigate }]);
    await handleNotificationClick(worker, { type: 1, id: 7, title: 'A', body: 'b' });
    expect(worker.clients.openWindow).toHaveBeenCalledWith('/#/pages/chat_page/chat_page?userId=7');
  });
});
