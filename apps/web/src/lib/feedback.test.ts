import { afterEach, describe, expect, it, vi } from 'vitest';

const toast = vi.hoisted(() => ({ show: vi.fn(), clear: vi.fn() }));
vi.mock('antd-mobile/es/components/toast', () => ({ default: toast }));

afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
  vi.resetModules();
});

/** A fresh feedback module (no toast loaded yet), as at start-up. */
const freshFeedback = () => import('./feedback');

/** Lets the toast module's import and the queued toast calls run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('toasts end with their page', () => {
  it('clears a toast the page left behind when the route changes', async () => {
    const feedback = await freshFeedback();
    feedback.showFail('操作太频繁，请2分钟后再试');
    await settle();
    expect(toast.show).toHaveBeenCalledOnce();
    feedback.clearPageToasts(Date.now() + feedback.TOAST_NAVIGATION_GRACE_MS + 1);
    await settle();
    expect(toast.clear).toHaveBeenCalledOnce();
  });

  it('keeps a toast shown as the page changed (the "saved" of save-and-go-back)', async () => {
    const feedback = await freshFeedback();
    feedback.showSuccess('已保存');
    await settle();
    feedback.clearPageToasts(Date.now());
    await settle();
    expect(toast.clear).not.toHaveBeenCalled();
  });

  it('keeps the first toast shown as the page changed, before the toast component has loaded', async () => {
    const feedback = await freshFeedback();
    feedback.showSuccess('已退出登录');
    feedback.clearPageToasts(Date.now());
    await settle();
    expect(toast.show).toHaveBeenCalledOnce();
    expect(toast.clear).not.toHaveBeenCalled();
  });

  it('loads no toast component just to clear one that was never shown', async () => {
    const feedback = await freshFeedback();
    feedback.clearPageToasts();
    await settle();
    expect(toast.clear).not.toHaveBeenCalled();
  });
});

describe('taking a toast back', () => {
  it('clears the toast it names, but not one that replaced it', async () => {
    const feedback = await freshFeedback();
    feedback.showFail('服务器开小差了');
    const failToast = feedback.currentToast();
    feedback.withdrawToast(failToast);
    await settle();
    expect(toast.clear).toHaveBeenCalledOnce();
    feedback.showFail('服务器开小差了');
    const replaced = feedback.currentToast();
    feedback.showSuccess('已保存');
    feedback.withdrawToast(replaced);
    await settle();
    expect(toast.clear).toHaveBeenCalledOnce();
  });
});
