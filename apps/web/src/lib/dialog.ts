import Dialog from 'antd-mobile/es/components/dialog';
import { useEffect } from 'react';

/** antd-mobile's Dialog, imported from here with the hook that closes a page's dialogs when it goes. */
export { Dialog };

/**
 * A page's dialogs are shown outside the page, so they would outlive it: this closes them when the
 * page goes (back, a link, a redirect to login). Every page that opens a dialog calls it.
 */
export function useDialogsClosedOnLeave(): void {
  useEffect(() => () => Dialog.clear(), []);
}
