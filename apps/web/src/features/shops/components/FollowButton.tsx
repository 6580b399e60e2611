import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Dialog } from '../../../lib/dialog';
import { showSuccess } from '../../../lib/feedback';
import { Paths } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { useFollow } from '../api';

/** Follow a company; unfollowing asks first, since the company drops off the user's list. */
export function FollowButton({ rootId, name, followed }: { rootId: number; name: string; followed: boolean }) {
  const { t } = useTranslation('shops');
  const { loggedIn } = useSession();
  const follow = useFollow();
  const navigate = useNavigate();

  const toggle = async () => {
    if (!loggedIn) {
      navigate(Paths.login);
      return;
    }
    if (followed) {
      const confirmed = await Dialog.confirm({
        content: t('shop.unfollowConfirm', { name }),
        confirmText: t('shop.unfollow'),
        cancelText: t('shop.cancel'),
      });
      if (!confirmed) return;
    }
    await follow.mutateAsync({ rootId, follow: !followed });
    showSuccess(t(followed ? 'shop.unfollowDone' : 'shop.followDone'));
  };

  return (
    <Button
      size="small"
      shape="rounded"
      fill={followed ? 'outline' : 'solid'}
      className={`mm-shop-follow${followed ? ' is-followed' : ''}`}
      loading={follow.isPending}
      onClick={() => void toggle().catch(() => {})}
      data-testid="follow-button"
    >
      {followed ? t('shop.followed') : t('shop.follow')}
    </Button>
  );
}
