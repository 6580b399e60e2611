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
  toast ??= import('./toast').then((module) => module.default);
  toast.then(use).catch((error: unknown) => console.warn('[feedback] toast unavailable', error));
}

/** Several calls may show loading at once; it is hidden when the last of them is done. */
let loadingCount = 0;

export function showFail(content: string): void {
  withToast((api) => api.show({ icon: 'fail', content, duration: TOAST_DURATION_MS }));
}

export function showSuccess(content: string): void {
  withToast((api) => api.show({ icon: 'success', content, duration: TOAST_DURATION_MS }));
}

export function showInfo(content: string): void {
  withToast((api) => api.show({ content, duration: TOAST_DURATION_MS }));
}

export function showLoading(content?: string): void {
  loadingCount += 1;
  const title = content ?? i18next.t('common:loading');
  withToast((api) => api.show({ icon: 'loading', content: title, duration: 0, maskClickable: false }));
}

export function hideLoading(): void {
  loadingCount = Math.max(0, loadingCount - 1);
  if (loadingCount === 0) withToast((api) => api.clear());
}

/** For home functions whose features arrive later: says so in the user's language. */
export function showComingSoon(name?: string): void {
  showInfo(name ? i18next.t('common:comingSoon', { name }) : i18next.t('common:comingSoonGeneric'));
}
