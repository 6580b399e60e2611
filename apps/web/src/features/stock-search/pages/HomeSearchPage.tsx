import type { InputRef } from 'antd-mobile/es/components/input';
import ClockCircleOutline from 'antd-mobile-icons/es/ClockCircleOutline';
import DeleteOutline from 'antd-mobile-icons/es/DeleteOutline';
import StarOutline from 'antd-mobile-icons/es/StarOutline';
import UserContactOutline from 'antd-mobile-icons/es/UserContactOutline';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../../components/Page';
import { Paths, rootPath } from '../../../lib/navigation';
import { useProductSorts } from '../../markets/api';
import { SearchField } from '../components/SearchField';
import { clearSearchHistory, readSearchHistory, rememberSearch } from '../history';
import '../locale';
import '../stock-search.css';

/**
 * SPEC §2 index/home_search: the home page's search. A keyword opens stock_list with it and is kept among
 * this device's recent searches; categories (physical products: no listing names a futures series) and the
 * other ways of finding stock are a tap away.
 */
export default function HomeSearchPage() {
  const { t } = useTranslation('stockSearch');
  const navigate = useNavigate();
  const sorts = useProductSorts();
  const [history, setHistory] = useState(readSearchHistory);
  const [keyword, setKeyword] = useState('');
  const input = useRef<InputRef>(null);

  useEffect(() => input.current?.focus(), []);

  const search = (text: string) => {
    const trimmed = text.trim();
    if (!trimmed) return;
    setHistory(rememberSearch(trimmed));
    navigate(`${Paths.stockList}?${new URLSearchParams({ keyword: trimmed })}`);
  };

  return (
    <Page title={t('search.title')} backTo={rootPath('home')} className="mm-ss">
      <div className="mm-ss-search-head">
        <SearchField
          ref={input}
          placeholder={t('search.placeholder')}
          value={keyword}
          onChange={setKeyword}
          onSearch={search}
        />
        <button type="button" className="mm-ss-search-go" onClick={() => search(keyword)}>
          {t('search.submit')}
        </button>
      </div>

      <section className="mm-card mm-ss-block">
        <div className="mm-ss-block-head">
          <h2>{t('search.recent')}</h2>
          {history.length > 0 && (
            <button
              type="button"
              className="mm-ss-clear"
              aria-label={t('search.clear')}
              onClick={() => {
                clearSearchHistory();
                setHistory([]);
              }}
            >
              <DeleteOutline /> {t('search.clear')}
            </button>
          )}
        </div>
        {history.length === 0 ? (
          <p className="mm-ss-muted">{t('search.noRecent')}</p>
        ) : (
          <div className="mm-ss-tags" data-testid="recent-searches">
            {history.map((item) => (
              <button key={item} type="button" onClick={() => search(item)}>
                <span>{item}</span>
              </button>
            ))}
          </div>
        )}
      </section>

      <section className="mm-card mm-ss-block">
        <div className="mm-ss-block-head">
          <h2>{t('search.shortcuts')}</h2>
        </div>
        <div className="mm-ss-shortcuts">
          <button type="button" onClick={() => navigate(Paths.hotPage)}>
            <StarOutline className="is-hot" /> {t('search.hot')}
          </button>
          <button type="button" onClick={() => navigate(Paths.fiveDayStock)}>
            <ClockCircleOutline className="is-new" /> {t('search.fiveDay')}
          </button>
          <button type="button" onClick={() => navigate(Paths.factoryList)}>
            <UserContactOutline className="is-team" /> {t('search.factories')}
          </button>
        </div>
      </section>

      {(sorts.data?.length ?? 0) > 0 && (
        <section className="mm-card mm-ss-block">
          <div className="mm-ss-block-head">
            <h2>{t('search.categories')}</h2>
          </div>
          <div className="mm-ss-tags">
            {sorts.data?.map((sort) => (
              <button key={sort.id} type="button" onClick={() => navigate(`${Paths.stockList}?sortId=${sort.id}`)}>
                <span>{sort.sortName}</span>
              </button>
            ))}
          </div>
        </section>
      )}
    </Page>
  );
}
