import type { VisitorKind } from '@metal/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/Page';
import { SearchField } from '../../stock-manager/components/SearchField';
import { LIST_PATH } from '../components/KindSwitch';
import '../locale';
import '../visitors.css';
import { VisitorResults } from './VisitorListPage';

/** SPEC §2 visitor_search, shopcart_search and attention_search: the list of one kind, searched. */
export function VisitorSearchPage({ kind }: { kind: VisitorKind }) {
  const { t } = useTranslation('visitors');
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState('');
  return (
    <Page title={t(`searchTitle.${kind}`)} backTo={LIST_PATH[kind]} className="mm-visitors">
      <div className="mm-visitor-search">
        <SearchField
          placeholder={t('search.placeholder')}
          value={draft}
          onChange={setDraft}
          onSearch={setKeyword}
          autoFocus
        />
      </div>
      <VisitorResults kind={kind} keyword={keyword} search />
    </Page>
  );
}

export default function VisitorSearchRoute() {
  return <VisitorSearchPage kind="view" />;
}
