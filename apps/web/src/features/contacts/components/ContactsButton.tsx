import Badge from 'antd-mobile/es/components/badge';
import UserContactOutline from 'antd-mobile-icons/es/UserContactOutline';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Paths } from '../../../lib/navigation';
import { useNewRequestCount } from '../api';
import '../locale';

/** The messages tab's way into contacts (link_page), with a dot while friend requests wait. */
export function ContactsButton() {
  const { t } = useTranslation('contacts');
  const navigate = useNavigate();
  const waiting = (useNewRequestCount().data ?? 0) > 0;
  return (
    <button
      type="button"
      className="mm-header-action mm-contacts-entry"
      aria-label={t('entry')}
      onClick={() => navigate(Paths.linkPage)}
    >
      <Badge content={waiting ? Badge.dot : null}>
        <UserContactOutline />
      </Badge>
    </button>
  );
}
