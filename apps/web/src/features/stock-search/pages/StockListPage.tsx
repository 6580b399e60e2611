import { STOCK_LIST_ORDERS, type StockListOrder } from '@metal/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../../components/Page';
import { showFail } from '../../../lib/feedback';
import { currentPoint } from '../../../lib/geolocation';
import { rootPath } from '../../../lib/navigation';
import { AddToCartButton } from '../../cart/components/AddToCart';
import { StockRow } from '../../stocks/components/StockRow';
import { type StockListFilters, useStockList } from '../api';
import { InfiniteList } from '../components/InfiniteList';
import { SearchField } from '../components/SearchField';
import { StockFilterBar } from '../components/StockFilterBar';
import { hasFilters, listRequest, readListParams, type StockListParams, writeListParams } from '../filters';
import '../locale';
import '../stock-search.css';

type Point = { lng: number; lat: number };

/**
 * SPEC §2 stock_list: for-sale stock with a keyword, filters (category, region, price, fixed price, special
 * sale, specification) and an order, all in the address (`?keyword=`, `?specialSale=1`, `?fixedPrice=1` …).
 * Ordering by distance asks for the device's location first; once known, every row shows its distance.
 */
export default function StockListPage() {
  const { t } = useTranslation('stockSearch');
  const [params, setParams] = useSearchParams();
  const filters = readListParams(params);
  const [point, setPoint] = useState<Point | null>(null);
  const [locating, setLocating] = useState(false);
  const [keyword, setKeyword] = useState(filters.keyword);
  // Another list opened on this page (a search from elsewhere, back and forward) brings its own keyword.
  useEffect(() => setKeyword(filters.keyword), [filters.keyword]);
  const waitingForPoint = filters.order === 'distance' && !point;
  const stocks = useStockList(listRequest(filters, point) as StockListFilters, !waitingForPoint);
  const total = stocks.data?.pages[0];

  const update = (changes: Partial<StockListParams>) =>
    setParams(writeListParams({ ...filters, ...changes }), { replace: true });

  const locate = async (then: () => void) => {
    setLocating(true);
    try {
      const located = await currentPoint();
      setPoint({ lng: located.lng, lat: located.lat });
      then();
    } catch {
      showFail(t('list.locationFailed'));
      if (filters.order === 'distance') update({ order: 'newest' });
    } finally {
      setLocating(false);
    }
  };

  // An address that asks for distance order (a shared or reloaded list) locates on arrival.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page opens
  useEffect(() => {
    if (waitingForPoint) void locate(() => {});
  }, []);

  const pickOrder = (order: StockListOrder) => {
    if (order === filters.order) return;
    if (order === 'distance' && !point) void locate(() => update({ order }));
    else update({ order });
  };

  const title = filters.specialSale
    ? t('list.titleSpecialSale')
    : filters.fixedPrice
      ? t('list.titleFixedPrice')
      : t('list.title');

  return (
    <Page title={title} backTo={rootPath('home')} className="mm-ss" bodyClassName="mm-ss-body">
      <div className="mm-ss-sticky">
        <SearchField
          placeholder={t('list.searchPlaceholder')}
          value={keyword}
          onChange={setKeyword}
          onSearch={(value) => update({ keyword: value.trim() })}
        />
        <StockFilterBar filters={filters} onChange={update} />
        <div className="mm-ss-orders">
          {STOCK_LIST_ORDERS.map((order) => (
            <button
              key={order}
              type="button"
              aria-pressed={filters.order === order}
              aria-label={t(`list.order.${order}`)}
              className={filters.order === order ? 'is-active' : ''}
              onClick={() => pickOrder(order)}
            >
              {t(`list.orderShort.${order}`)}
            </button>
          ))}
          <span className="mm-ss-total" data-testid="stock-total">
            {locating
              ? t('list.locating')
              : total
                ? t(total.totalCapped ? 'list.totalCapped' : 'list.total', { count: total.total })
                : ''}
          </span>
        </div>
      </div>
      <InfiniteList
        query={stocks}
        keyOf={(stock) => stock.id}
        render={(stock) => (
          <StockRow stock={stock}>
            <AddToCartButton stock={stock} fromSearch />
          </StockRow>
        )}
        testId="stock-list"
        empty={{
          title: t('list.empty'),
          text: t('list.emptyText'),
          ...(hasFilters(filters) || filters.keyword
            ? {
                action: {
                  label: t('list.clearFilters'),
                  onClick: () => {
                    setKeyword('');
                    setParams(new URLSearchParams(), { replace: true });
                  },
                },
              }
            : {}),
        }}
      />
    </Page>
  );
}
