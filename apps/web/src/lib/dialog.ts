import Dialog, { type DialogConfirmProps } from 'antd-mobile/es/components/dialog';
import { useEffect } from 'react';
import './dialog.css';

/** antd-mobile's Dialog, imported from here with the hook that closes a page's dialogs when it goes. */
export { Dialog };

/**
 * A page's dialogs are shown outside the page, so they would outlive it: this closes them when the
 * page goes (back, a link, a redirect to login). Every page that opens a dialog calls it.
 */
export function useDialogsClosedOnLeave(): void {
  useEffect(() => () => Dialog.clear(), []);
}

/**
 * `Dialog.confirm` for what cannot be undone (delete, remove, withdraw, cancel an order): its confirm
 * button is red, as in the apps traders use, so it is not tapped as lightly as an everyday OK.
 */
export function confirmDestructive(props: DialogConfirmProps): Promise<boolean> {
  return Dialog.confirm({
    ...props,
    className: props.className ? `${props.className} mm-dialog-destructive` : 'mm-dialog-destructive',
  });
}
