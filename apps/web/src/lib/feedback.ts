import { TOAST_DURATION_MS } from '@metal/shared';
import Toast from 'antd-mobile/es/components/toast';
import i18next from 'i18next';

/**
 * The app's toasts (SPEC §4: shown for 1500 ms; loading is a toast of unbounded duration). Several
 * calls may show loading at once; it is hidden when the last of them is done.
 */
let loadingCount = 0;

export function showFail(content: string): void {
  Toast.show({ icon: 'fail', content, duration: TOAST_DURATION_MS });
}

export function showSuccess(content: string): void {
  Toast.show({ icon: 'success', content, duration: TOAST_DURATION_MS });
}

export function showInfo(content: string): void {
  Toast.show({ content, duration: TOAST_DURATION_MS });
}

export function showLoading(content?: string): void {
  loadingCount += 1;
  Toast.show({ icon: 'loading', content: content ?? i18next.t('common:loading'), duration: 0, maskClickable: false });
}

export function hideLoading(): void {
  loadingCount = Math.max(0, loadingCount - 1);
  if (loadingCount === 0) Toast.clear();
}
