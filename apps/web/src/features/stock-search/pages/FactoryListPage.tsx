import type { TFactorySummary } from '@metal/shared';
import Dropdown, { type DropdownRef } from 'antd-mobile/es/components/dropdown';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../../components/Page';
import { Paths, rootPath } from '../../../lib/navigation';
import { useMarketSorts } from '../../markets/api';
import { useFactoryList } from '../api';
import { InfiniteList } from '../components/InfiniteList';
import { SearchField } from '../components/SearchField';
import { CategoryChoices, RegionChoices } from '../components/StockFilterBar';
import '../../companies/locale';
import '../locale';
import '../stock-search.css';
import { useRegionName } from '../../../lib/regionName';

function FactoryRow({ company }: { company: TFactorySummary }) {
  const { t } = useTranslation(['stockSearch', 'companies']);
  const regionName = useRegionName();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="mm-ss-factory"
      data-testid="factory-row"
      onClick={() => navigate(`${Paths.company}?id=${company.rootId}`)}
    >
      <span className="mm-ss-avatar" aria-hidden="true">
        {company.name.slice(0, 1)}
      </span>
      <span className="mm-ss-main">
        <span className="mm-ss-title">
          <strong>{company.name}</strong>
          {company.isDemo && <span className="mm-demo-tag">{t('demo')}</span>}
        </span>
        <span className="mm-ss-details">
          {company.shopOpen && <span className="mm-ss-mark is-shop">{t('factory.shopOpen')}</span>}
          {company.certified && <span className="mm-ss-mark is-certified">{t('factory.certified')}</span>}
          <span className="mm-ss-spec">
            {[t(`companies:businessModel.${company.businessModel}`), regionName(company.city || company.province)]
              .filter(Boolean)
              .join(' · ')}
          </span>
        </span>
        {company.sellProducts.length > 0 && (
          <span className="mm-ss-products">{company.sellProducts.map((p) => p.sortName).join(' / ')}</span>
        )}
      </span>
      <span className="mm-ss-count">{t('factory.stockCount', { count: company.stockCount })}</span>
    </button>
  );
}

/**
 * SPEC §2 factory_list ('find merchants'): companies with complete company info, open shops first, by a
 * product they sell, where they are and their name; each opens its shop page.
 */
export default function FactoryListPage() {
  const { t } = useTranslation('stockSearch');
  const [params, setParams] = useSearchParams();
  const sortId = Number(params.get('sortId')) || undefined;
  const province = params.get('province') ?? '';
  const city = params.get('city') ?? '';
  const keyword = params.get('keyword') ?? '';
  const [typed, setTyped] = useState(keyword);
  useEffect(() => setTyped(keyword), [keyword]);
  const dropdown = useRef<DropdownRef>(null);
  const sorts = useMarketSorts();
  const factories = useFactoryList({
    sortId,
    province: province || undefined,
    city: city || undefined,
    keyword: keyword || undefined,
  });
  const total = factories.data?.pages[0]?.total;

  const update = (changes: Record<string, string>) => {
    dropdown.current?.close();
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };
  const sortName = sorts.data?.find((sort) => sort.id === sortId)?.sortName;

  return (
    <Page title={t('factory.title')} backTo={rootPath('home')} className="mm-ss" bodyClassName="mm-ss-body">
      <div className="mm-ss-sticky">
        <SearchField
          placeholder={t('factory.searchPlaceholder')}
          value={typed}
          onChange={setTyped}
          onSearch={(value) => update({ keyword: value.trim() })}
        />
        <Dropdown ref={dropdown} className="mm-ss-bar">
          <Dropdown.Item
            key="category"
            title={<span className={sortId ? 'mm-ss-bar-active' : ''}>{sortName ?? t('factory.category')}</span>}
          >
            <CategoryChoices value={sortId} onPick={(id) => update({ sortId: id ? String(id) : '' })} />
          </Dropdown.Item>
          <Dropdown.Item
            key="region"
            title={<span className={province ? 'mm-ss-bar-active' : ''}>{city || province || t('list.region')}</span>}
          >
            <RegionChoices province={province} city={city} onPick={(p, c) => update({ province: p, city: c })} />
          </Dropdown.Item>
        </Dropdown>
        {total !== undefined && <div className="mm-ss-summary">{t('factory.total', { count: total })}</div>}
      </div>
      <InfiniteList
        query={factories}
        keyOf={(company) => company.rootId}
        render={(company) => <FactoryRow company={company} />}
        testId="factory-list"
        empty={{ title: t('factory.empty'), text: t('factory.emptyText') }}
      />
    </Page>
  );
}
