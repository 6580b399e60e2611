import type { ComponentType } from 'react';

// The router's way to the contacts pages. The router imports this tiny module, and this module the
// pages: so the list of chunks the pages need is written here, not into the start-up bundle.

/** The contacts pages by their key in Paths (lib/navigation.ts). */
export type ContactsPageKey =
  | 'linkPage'
  | 'addFriend'
  | 'qrCode'
  | 'tradeFriend'
  | 'chooseFriend'
  | 'myGroup'
  | 'editGroup';

export async function contactsPage(key: ContactsPageKey): Promise<ComponentType> {
  const pages = await import('./pages');
  const byKey: Record<ContactsPageKey, ComponentType> = {
    linkPage: pages.LinkPage,
    addFriend: pages.AddFriendPage,
    qrCode: pages.QrCodePage,
    tradeFriend: pages.TradeFriendPage,
    chooseFriend: pages.ChooseFriendPage,
    myGroup: pages.MyGroupPage,
    editGroup: pages.EditGroupPage,
  };
  return byKey[key];
}
