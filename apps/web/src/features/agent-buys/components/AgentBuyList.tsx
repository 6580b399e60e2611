import { Calls, type TAgentBuyPage } from '@metal/shared';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import Dropdown, { type DropdownRef } from 'antd-mobile/es/components/dropdown';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { Paths } from '../../../lib/navigation';
import { useMarketSorts } from '../../markets/api';
import { useCanCall } from '../../staff/useCan';
import { CategoryChoices } from '../../stock-search/components/StockFilterBar';
import '../../stock-search/locale';
import '../../stock-search/stock-search.css';
import { type AgentHallFilters, useAgentBuyHall } from '../api';
import '../locale';
import '../agent-buys.css';
import { AgentBuyRow } from './AgentBuyRow';

/** For a visitor on a page that needs an account: a way to log in instead of an empty form or list. */
export function LoginFirst() {
  const { t } = useTranslation('agentBuys');
  const navigate = useNavigate();
  return (
    <EmptyState
      kind="inbox"
      title={t('list.loginTitle')}
      action={{ label: t('list.login'), onClick: () => navigate(Paths.login) }}
    />
  );
}

/** A paged list of requests with its loading, failed and empty states, pull-to-refresh and infinite scroll. */
export function AgentBuyPages({
  query,
  empty,
  withStatus = false,
}: {
  query: UseInfiniteQueryResult<InfiniteData<TAgentBuyPage>>;
  empty: ReactNode;
  withStatus?: boolean;
}) {
  const { t } = useTranslation('agentBuys');
  const requests = query.data?.pages.flatMap((page) => page.list) ?? [];
  let list: ReactNode;
  if (query.isError && requests.length === 0) {
    list = <ErrorScreen error={query.error} onRetry={() => void query.refetch()} />;
  } else if (query.isPending) {
    list = <Skeleton.Paragraph lineCount={6} animated />;
  } else if (requests.length === 0) {
    list = empty;
  } else {
    list = (
      <>
        <div className="mm-pc-list" data-testid="agent-buy-list">
          {requests.map((request) => (
            <AgentBuyRow key={request.id} request={request} withStatus={withStatus} />
          ))}
        </div>
        <InfiniteScroll
          loadMore={async () => void (await query.fetchNextPage())}
          hasMore={query.hasNextPage && !query.isFetchNextPageError}
        >
          {query.hasNextPage ? <Skeleton.Paragraph lineCount={1} animated /> : t('list.noMore')}
        </InfiniteScroll>
      </>
    );
  }
  return (
    <PullToRefresh onRefresh={async () => void (await query.refetch())}>
      <section className="mm-pc-section">{list}</section>
    </PullToRefresh>
  );
}

const KIND_FILTERS = [undefined, 'buy', 'sell'] as const;

/**
 * procurement_hall's agent purchase tab: a category filter, the "help me buy" and "help me sell"
 * entries and the way to one's own requests, then open requests of either kind, newest first.
 */
export function AgentPurchase({
  filters,
  onChange,
}: {
  filters: AgentHallFilters;
  onChange: (next: AgentHallFilters) => void;
}) {
  const { t } = useTranslation('agentBuys');
  const navigate = useNavigate();
  const dropdown = useRef<DropdownRef>(null);
  const sorts = useMarketSorts();
  const query = useAgentBuyHall(filters);
  const canPost = useCanCall(Calls.agentBuySave);
  const sortName = sorts.data?.find((sort) => sort.id === filters.sortId)?.sortName;
  return (
    <>
      <Dropdown ref={dropdown} className="mm-ss-bar" data-testid="agent-filters">
        <Dropdown.Item
          key="category"
          title={
            <span className={filters.sortId !== undefined ? 'mm-ss-bar-active' : ''}>
              {sortName ?? t('list.category')}
            </span>
          }
        >
          <CategoryChoices
            value={filters.sortId}
            onPick={(sortId) => {
              dropdown.current?.close();
              onChange({ ...filters, sortId });
            }}
            products
          />
        </Dropdown.Item>
      </Dropdown>
      {canPost && (
        <div className="mm-ab-entries" data-testid="agent-post-entries">
          <button type="button" className="mm-ab-entry is-buy" onClick={() => navigate(Paths.inputAgentBuy)}>
            {t('kind.buy')}
          </button>
          <button type="button" className="mm-ab-entry is-sell" onClick={() => navigate(Paths.inputAgentSell)}>
            {t('kind.sell')}
          </button>
        </div>
      )}
      <div className="mm-ab-filter">
        {KIND_FILTERS.map((value) => (
          <button
            key={value ?? 'all'}
            type="button"
            aria-pressed={filters.kind === value}
            className={`mm-ss-choice ${filters.kind === value ? 'is-active' : ''}`}
            onClick={() => onChange({ ...filters, kind: value })}
          >
            {value ? t(`list.${value}`) : t('list.all')}
          </button>
        ))}
        <button
          type="button"
          className="mm-ab-mine"
          onClick={() => navigate(Paths.myAgentBuys)}
          data-testid="agent-mine"
        >
          {t('list.mine')}
        </button>
      </div>
      <AgentBuyPages
        query={query}
        empty={<EmptyState kind="inbox" title={t('list.empty')} description={t('list.emptyText')} />}
      />
    </>
  );
}
