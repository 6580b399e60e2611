import { useQueryClient } from '@tanstack/react-query';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../../components/Page';
import { useDialogsClosedOnLeave } from '../../../lib/dialog';
import { Paths } from '../../../lib/navigation';
import { contactKeys } from '../api';
import { FriendList } from '../components/FriendList';
import { LoginFirst } from '../components/LoginFirst';
import { useFriendActions } from '../components/useFriendActions';
import '../locale';
import '../contacts.css';
import { SearchField } from '../../../components/SearchField';

/** SPEC §2 trade_friend: my trade friends A–Z, searched by remark, nickname or account. */
export default function TradeFriendPage() {
  const { t } = useTranslation('contacts');
  useDialogsClosedOnLeave();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const { mode, sheet } = useFriendActions();

  return (
    <LoginFirst>
      <Page title={t('trade.title')} className="mm-contacts" backTo={Paths.linkPage}>
        <div className="mm-contacts-search">
          <SearchField placeholder={t('trade.searchPlaceholder')} onSearch={setKeyword} maxLength={30} />
        </div>
        <PullToRefresh onRefresh={() => queryClient.invalidateQueries({ queryKey: contactKeys.all })}>
          <FriendList
            order="letter"
            keyword={keyword}
            mode={mode}
            emptyAction={{ label: t('link.addFriend'), onClick: () => navigate(Paths.addFriend) }}
          />
        </PullToRefresh>
        {sheet}
      </Page>
    </LoginFirst>
  );
}
