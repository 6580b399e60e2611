import { useQueryClient } from '@tanstack/react-query';
import CapsuleTabs from 'antd-mobile/es/components/capsule-tabs';
import List from 'antd-mobile/es/components/list';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import AddOutline from 'antd-mobile-icons/es/AddOutline';
import SearchOutline from 'antd-mobile-icons/es/SearchOutline';
import UnorderedListOutline from 'antd-mobile-icons/es/UnorderedListOutline';
import UserAddOutline from 'antd-mobile-icons/es/UserAddOutline';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../../components/Page';
import { formatBadge } from '../../../lib/badge';
import { useDialogsClosedOnLeave } from '../../../lib/dialog';
import { Paths } from '../../../lib/navigation';
import { contactKeys, type FriendOrder, useNewRequestCount } from '../api';
import { FriendList } from '../components/FriendList';
import { LoginFirst } from '../components/LoginFirst';
import { useFriendActions } from '../components/useFriendActions';
import '../locale';
import '../contacts.css';

/** A small QR drawing for the my-QR-code row (the icon set has none). */
function QrIcon() {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" fill="currentColor">
      <path d="M3 3h8v8H3zm2 2v4h4V5zm8-2h8v8h-8zm2 2v4h4V5zM3 13h8v8H3zm2 2v4h4v-4zm8-2h2v2h-2zm2 2h2v2h-2zm-2 2h2v2h-2zm4 0h2v4h-4v-2h2zm0-4h2v2h-2z" />
    </svg>
  );
}

/** SPEC §2 link_page: contacts home — new friend requests, my groups, my QR code, and my trade friends. */
export default function LinkPage() {
  const { t } = useTranslation('contacts');
  useDialogsClosedOnLeave();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const newCount = useNewRequestCount().data ?? 0;
  const [order, setOrder] = useState<FriendOrder>('letter');
  const { mode, sheet } = useFriendActions();

  return (
    <LoginFirst>
      <Page
        title={t('link.title')}
        className="mm-contacts"
        right={
          <button
            type="button"
            className="mm-header-action mm-contacts-add"
            aria-label={t('link.addFriend')}
            onClick={() => navigate(Paths.addFriend)}
          >
            <AddOutline />
          </button>
        }
      >
        <PullToRefresh onRefresh={() => queryClient.invalidateQueries({ queryKey: contactKeys.all })}>
          <List className="mm-card mm-contacts-entries">
            <List.Item
              prefix={<UserAddOutline className="mm-contacts-entry-icon is-new" />}
              extra={newCount > 0 ? <span className="mm-contacts-count">{formatBadge(newCount)}</span> : null}
              onClick={() => navigate(Paths.addFriend)}
              arrowIcon
            >
              {t('link.newFriends')}
            </List.Item>
            <List.Item
              prefix={<UnorderedListOutline className="mm-contacts-entry-icon is-group" />}
              onClick={() => navigate(Paths.myGroup)}
              arrowIcon
            >
              {t('link.myGroups')}
            </List.Item>
            <List.Item
              prefix={
                <span className="mm-contacts-entry-icon is-qr">
                  <QrIcon />
                </span>
              }
              onClick={() => navigate(Paths.qrCode)}
              arrowIcon
            >
              {t('link.myQrCode')}
            </List.Item>
            <List.Item
              prefix={<SearchOutline className="mm-contacts-entry-icon is-search" />}
              onClick={() => navigate(Paths.tradeFriend)}
              arrowIcon
            >
              {t('link.searchFriends')}
            </List.Item>
          </List>
          <div className="mm-contacts-heading">
            <h2 className="mm-section-title">{t('link.tradeFriends')}</h2>
            <CapsuleTabs activeKey={order} onChange={(key) => setOrder(key as FriendOrder)}>
              <CapsuleTabs.Tab key="letter" title={t('link.orderLetter')} />
              <CapsuleTabs.Tab key="recent" title={t('link.orderRecent')} />
            </CapsuleTabs>
          </div>
          <FriendList
            order={order}
            keyword=""
            mode={mode}
            emptyAction={{ label: t('link.addFriend'), onClick: () => navigate(Paths.addFriend) }}
          />
        </PullToRefresh>
        {sheet}
      </Page>
    </LoginFirst>
  );
}
