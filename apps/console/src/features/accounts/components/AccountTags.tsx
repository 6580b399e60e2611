import type { TConsoleUserRow } from '@metal/shared';
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** An account's state, role and marks (demo, operator) as tags. */
export function AccountTags({ user }: { user: TConsoleUserRow }) {
  const { t } = useTranslation('accounts');
  const { t: tCommon } = useTranslation();
  return (
    <Space size={4} wrap>
      <Tag color={user.state === 'disabled' ? 'red' : 'green'}>{t(`users.state.${user.state}`)}</Tag>
      <Tag>{t(`users.role.${user.role}`)}</Tag>
      {user.isOperator && <Tag color="blue">{t('users.operator')}</Tag>}
      {user.isDemo && <Tag color="gold">{tCommon('demo')}</Tag>}
    </Space>
  );
}
