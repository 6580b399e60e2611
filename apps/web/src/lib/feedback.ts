import { TOAST_DURATION_MS } from '@metal/shared';
import type { ToastShowProps } from 'antd-mobile/es/components/toast';
import i18next from 'i18next';

/**
 * The app's toasts (SPEC §4: shown for 1500 ms; loading is a toast of unbounded duration). The toast
 * component (and the animation library under it) loads with the first toast, not at start-up. Calls
 * run in the order they were made, since they all wait on the same import.
 */
type ToastApi = { show: (props: ToastShowProps) => unknown; clear: () => void };
let toast: Promise<ToastApi> | undefined;

function withToast(use: (api: ToastApi) => void): void {
  toast ??= import('antd-mobile/es/components/toast').then((module) => module.default);
  toast.then(use).catch((error: unknown) => console.warn('[feedback] toast unavailable', error));
}

/** Several calls may show loading at once; it is hidden when the last of them is done. */
let loadingCount = 0;

/**
 * When the toast on screen was asked for (antd-mobile shows one toast at a time): at the call, not once
 * the component has loaded, or the first toast of a session followed at once by a move ("logged out",
 * then the me tab) would look older than the move and be cleared before it showed.
 */
let shownAt = 0;
/** Counts the toasts asked for, so whoever showed one can tell later whether it is still the one on screen. */
let shownCount = 0;

function show(props: ToastShowProps): void {
  shownAt = Date.now();
  shownCount += 1;
  withToast((api) => api.show(props));
}

/** Names the toast on screen now (the last asked for), for `withdrawToast`. */
export function currentToast(): number {
  return shownCount;
}

/** Takes back the toast `currentToast` named, unless another has replaced it meanwhile. */
export function withdrawToast(which: number): void {
  if (which !== shownCount) return;
  withToast((api) => api.clear());
}

/**
 * A toast that appeared this long before the page changed is the result of the move ("saved", then
 * back to the list) rather than something said on the page left behind, so it keeps its time.
 */
export const TOAST_NAVIGATION_GRACE_MS = 400;

/**
 * Toasts end with their page: on a route change, whatever the page left behind was still saying
 * ("too frequent", a loading veil) goes, so it cannot stand over the next page.
 */
export function clearPageToasts(now: number = Date.now()): void {
  if (!toast || now - shownAt < TOAST_NAVIGATION_GRACE_MS) return;
  withToast((api) => api.clear());
}

export function showFail(content: string): void {
  show({ icon: 'fail', content, duration: TOAST_DURATION_MS });
}

export function showSuccess(content: string): void {
  show({ icon: 'success', content, duration: TOAST_DURATION_MS });
}

export function showInfo(content: string): void {
  show({ content, duration: TOAST_DURATION_MS });
}

export function showLoading(content?: string): void {
  loadingCount += 1;
  const title = content ?? i18next.t('common:loading');
  show({ icon: 'loading', content: title, duration: 0, maskClickable: false });
}

export function hideLoading(): void {
  loadingCount = Math.max(0, loadingCount - 1);
  if (loadingCount === 0) withToast((api) => api.clear());
}
