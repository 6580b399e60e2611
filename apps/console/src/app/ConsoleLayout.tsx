import AuditOutlined from '@ant-design/icons/AuditOutlined';
import ContainerOutlined from '@ant-design/icons/ContainerOutlined';
import CrownOutlined from '@ant-design/icons/CrownOutlined';
import GiftOutlined from '@ant-design/icons/GiftOutlined';
import HistoryOutlined from '@ant-design/icons/HistoryOutlined';
import LogoutOutlined from '@ant-design/icons/LogoutOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import TransactionOutlined from '@ant-design/icons/TransactionOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { Badge, Button, Layout, Menu, type MenuProps, Popconfirm, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useLogout } from '../features/accounts/api';
import { useQueueItems } from '../features/reviews/api';
import type { ReviewQueue } from '../features/reviews/queue';
import { ALL_NAMESPACES } from '../lib/i18n';
import { Paths } from '../lib/navigation';
import { useSession } from '../lib/session';
import { LanguageSwitch } from './LanguageSwitch';
import { REVIEW_QUEUES } from './queues';

/** A queue's name in the side menu with how many items wait in it. */
function QueueMenuLabel({ queue }: { queue: ReviewQueue }) {
  const { t } = useTranslation(ALL_NAMESPACES);
  const items = useQueueItems(queue);
  const waiting = items.data?.length ?? 0;
  return (
    <span className="mc-menu-label">
      <span className="mc-menu-label-text" title={queue.title(t)}>
        {queue.title(t)}
      </span>
      <Badge count={waiting} overflowCount={999} data-testid={`badge-${queue.key}`} />
    </span>
  );
}

/** The signed-in console: side menu (queues with their counts, payments and memberships, the action log), header, page. */
export function ConsoleLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const session = useSession();
  const logout = useLogout();

  const items: MenuProps['items'] = [
    {
      key: 'reviews',
      type: 'group',
      label: t('menu.reviews'),
      children: REVIEW_QUEUES.map((queue) => ({
        key: Paths.reviewQueue(queue.key),
        icon: <AuditOutlined />,
        label: <QueueMenuLabel queue={queue} />,
      })),
    },
    {
      key: 'accounts',
      type: 'group',
      label: t('menu.accounts'),
      children: [{ key: Paths.users, icon: <TeamOutlined />, label: t('menu.users') }],
    },
    {
      key: 'payments',
      type: 'group',
      label: t('menu.payments'),
      children: [
        { key: Paths.payOrders, icon: <TransactionOutlined />, label: t('menu.payOrders') },
        { key: Paths.tradeOrders, icon: <ContainerOutlined />, label: t('menu.tradeOrders') },
        { key: Paths.plans, icon: <CrownOutlined />, label: t('menu.plans') },
        { key: Paths.grant, icon: <GiftOutlined />, label: t('menu.grant') },
      ],
    },
    { type: 'divider' },
    { key: Paths.operatorActions, icon: <HistoryOutlined />, label: t('menu.operatorActions') },
  ];
  const selected = [
    ...REVIEW_QUEUES.map((queue) => Paths.reviewQueue(queue.key)),
    Paths.users,
    Paths.payOrders,
    Paths.tradeOrders,
    Paths.plans,
    Paths.grant,
    Paths.operatorActions,
  ].filter((path) => pathname === path || pathname.startsWith(`${path}/`));

  return (
    <Layout style={{ minHeight: '100%' }}>
      <Layout.Sider width={256} theme="dark">
        <div className="mc-brand">
          <span className="mc-brand-mark" aria-hidden>
            {t('brand').slice(0, 1)}
          </span>
          <span>
            {t('brand')}
            <span className="mc-brand-sub">{t('consoleName')}</span>
          </span>
        </div>
        <Menu
          theme="dark"
          mode="inline"
          style={{ borderInlineEnd: 0 }}
          selectedKeys={selected}
          items={items}
          onClick={({ key }) => navigate(key)}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="mc-header">
          <LanguageSwitch />
          {session && (
            <Space size={8} data-testid="operator">
              <UserOutlined />
              <Typography.Text strong>{session.name}</Typography.Text>
              <Tag color={session.role === 'admin' ? 'geekblue' : 'cyan'}>{t(`role.${session.role}`)}</Tag>
            </Space>
          )}
          <Popconfirm
            title={t('logoutConfirm')}
            okText={t('logout')}
            cancelText={t('cancel')}
            placement="bottomRight"
            onConfirm={() => logout.mutate(undefined, { onSettled: () => navigate(Paths.login, { replace: true }) })}
          >
            <Button icon={<LogoutOutlined />} loading={logout.isPending}>
              {t('logout')}
            </Button>
          </Popconfirm>
        </Layout.Header>
        <Layout.Content className="mc-content">
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
