import { useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page, useBack } from '../../../components/Page';
import { showFail } from '../../../lib/feedback';
import { contactKeys } from '../api';
import { publishChosenFriends } from '../chosen';
import { FriendList } from '../components/FriendList';
import { LoginFirst } from '../components/LoginFirst';
import '../locale';
import '../contacts.css';
import { SearchField } from '../../../components/SearchField';

const parseSelected = (value: string | null) =>
  new Set(
    (value ?? '')
      .split(',')
      .map(Number)
      .filter((id) => Number.isInteger(id) && id > 0),
  );

/**
 * SPEC §2 choose_friend?purpose&selected: tick friends (at least one, SPEC §5) and hand their userIds
 * back to the page that opened it (chosen.ts), which is shown again.
 */
export default function ChooseFriendPage() {
  const { t } = useTranslation('contacts');
  const [params] = useSearchParams();
  const purpose = params.get('purpose') ?? '';
  const back = useBack();
  const queryClient = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState(() => parseSelected(params.get('selected')));

  const toggle = (userId: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(userId)) next.delete(userId);
      else next.add(userId);
      return next;
    });

  const done = () => {
    if (selected.size === 0) {
      showFail(t('choose.atLeastOne'));
      return;
    }
    publishChosenFriends(purpose, [...selected]);
    back();
  };

  return (
    <LoginFirst>
      <Page title={t('choose.title')} className="mm-contacts" bodyClassName="mm-contacts-picking">
        <div className="mm-contacts-search">
          <SearchField placeholder={t('trade.searchPlaceholder')} onSearch={setKeyword} maxLength={30} />
        </div>
        <PullToRefresh onRefresh={() => queryClient.invalidateQueries({ queryKey: contactKeys.all })}>
          <FriendList
            order="letter"
            keyword={keyword}
            mode={{ kind: 'pick', selected, onToggle: (contact) => toggle(contact.userId) }}
          />
        </PullToRefresh>
        <footer className="mm-contacts-footer">
          <span>{t('choose.selected', { count: selected.size })}</span>
          <Button color="primary" shape="rounded" onClick={done} data-testid="choose-done">
            {t('choose.done')}
          </Button>
        </footer>
      </Page>
    </LoginFirst>
  );
}
