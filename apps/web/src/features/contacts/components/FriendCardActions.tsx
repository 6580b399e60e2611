import type { TUserCard } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { chatPagePath, Paths } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import '../locale';
import '../contacts.css';

/**
 * What user_info_page offers about the person on the card: my remark and a chat when we are
 * friends, else a way to ask to be. Nothing on one's own card or for a visitor.
 */
export default function FriendCardActions({ card }: { card: TUserCard }) {
  const { t } = useTranslation('contacts');
  const navigate = useNavigate();
  const { user, loggedIn } = useSession();
  if (!loggedIn || user?.userId === card.userId) return null;
  if (card.isFriend) {
    return (
      <div className="mm-friend-card-actions" data-testid="friend-card-actions">
        {card.remark && <p>{t('card.remark', { remark: card.remark })}</p>}
        <Button
          block
          shape="rounded"
          color="primary"
          fill="outline"
          onClick={() => navigate(chatPagePath(card.userId))}
        >
          {t('add.chat')}
        </Button>
      </div>
    );
  }
  return (
    <div className="mm-friend-card-actions" data-testid="friend-card-actions">
      <Button
        block
        shape="rounded"
        color="primary"
        fill="outline"
        onClick={() => navigate(`${Paths.addFriend}?userId=${card.userId}`)}
      >
        {t('link.addFriend')}
      </Button>
    </div>
  );
}
