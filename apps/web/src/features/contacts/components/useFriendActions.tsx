import { FRIEND_REMARK_MAX, type TContact } from '@metal/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NameSheet } from '../../../components/NameSheet';
import { confirmDestructive } from '../../../lib/dialog';
import { showSuccess } from '../../../lib/feedback';
import { chatPagePath, Paths } from '../../../lib/navigation';
import { useDeleteFriend, useSetRemark } from '../api';
import { type FriendListMode, shownName } from './FriendList';

/**
 * What a friend row does when browsing (link_page, trade_friend): open their card, chat, set a
 * remark in a sheet, or delete them after a confirmation. Render `sheet` once in the page.
 */
export function useFriendActions() {
  const { t } = useTranslation('contacts');
  const navigate = useNavigate();
  const remove = useDeleteFriend();
  const setRemark = useSetRemark();
  const [editing, setEditing] = useState<TContact | null>(null);

  const mode: FriendListMode = {
    kind: 'browse',
    onOpen: (contact) => navigate(`${Paths.userInfo}?userId=${contact.userId}`),
    onChat: (contact) => navigate(chatPagePath(contact.userId)),
    onRemark: setEditing,
    onDelete: (contact) =>
      void (async () => {
        const confirmed = await confirmDestructive({
          content: t('friends.deleteConfirm', { name: shownName(contact) }),
          confirmText: t('friends.delete'),
          cancelText: t('cancel'),
        });
        if (!confirmed) return;
        await remove.mutateAsync(contact.userId);
        showSuccess(t('friends.deleted'));
      })().catch(() => undefined),
  };

  const sheet = (
    <NameSheet
      open={editing ? { key: editing.userId, initial: editing.remark } : null}
      title={editing ? t('remark.title', { name: editing.nickName }) : ''}
      label={t('remark.label')}
      placeholder={t('remark.placeholder')}
      check={(remark) => (remark.trim().length > FRIEND_REMARK_MAX ? 'contacts.remarkTooLong' : '')}
      save={async (remark) => {
        if (!editing) return;
        await setRemark.mutateAsync({ userId: editing.userId, remark });
        showSuccess(t('remark.saved'));
      }}
      saving={setRemark.isPending}
      onClose={() => setEditing(null)}
      saveTestId="remark-save"
    />
  );
  return { mode, sheet };
}
