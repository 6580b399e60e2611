import type { TMarketGroup, TMarketPriceRow } from '@metal/shared';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import Tabs from 'antd-mobile/es/components/tabs';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { TabHeader } from '../../../components/TabHeader';
import { Paths } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { useMarketGroups, useQuotes } from '../api';
import { EmptyQuoteRow, QuoteRow, QuoteSkeleton } from './QuoteRow';
import '../markets.css';

/** The group's sorts in its order, each with its series' rows, or a 'no quotes yet' line when it has none. */
function rowsBySort(group: TMarketGroup, rows: readonly TMarketPriceRow[], open: (row: TMarketPriceRow) => void) {
  const items: ReactNode[] = [];
  const shown = new Set<number>();
  for (const sort of group.sortList) {
    const own = rows.filter((row) => row.sortId === sort.id);
    if (own.length === 0) items.push(<EmptyQuoteRow key={`sort-${sort.id}`} sort={sort} />);
    for (const row of own) {
      shown.add(row.id);
      items.push(<QuoteRow key={row.id} row={row} onOpen={open} />);
    }
  }
  for (const row of rows) if (!shown.has(row.id)) items.push(<QuoteRow key={row.id} row={row} onOpen={open} />);
  return items;
}

/**
 * Market quotes tab (SPEC §2): the user's groups as tabs ('my quotes' first for a visitor), the
 * latest price of every series in the chosen group, red up / green down; beside the tabs, the way to
 * the board of every market. The chosen group lives in
 * `?group=` beside the shell's `?tab=`, so a reload keeps it.
 */
export default function MarketTab() {
  const { t } = useTranslation('markets');
  const navigate = useNavigate();
  const { loggedIn } = useSession();
  const [params, setParams] = useSearchParams();
  const groups = useMarketGroups();
  const list = groups.data ?? [];
  const wanted = params.get('group');
  const group = list.find((g) => String(g.id) === wanted) ?? list[0];
  // An empty group has nothing to ask for.
  const hasSorts = !!group && group.marketSortIds.length > 0;
  const quotes = useQuotes(hasSorts ? group.id : undefined);

  const open = (row: TMarketPriceRow) => navigate(`${Paths.marketDetail}?aliasId=${row.aliasId}`);
  const edit = () => navigate(loggedIn ? Paths.groupManage : Paths.login);
  const addSorts = () => navigate(loggedIn && group ? `${Paths.buySort}?groupId=${group.id}` : Paths.login);
  const refresh = async () => {
    await Promise.all([groups.refetch(), hasSorts ? quotes.refetch() : undefined]);
  };

  const rows = quotes.data;
  const items = group && rows ? rowsBySort(group, rows, open) : [];
  const hasDemo = rows?.some((row) => row.isDemo) ?? false;

  let body: ReactNode;
  if (groups.isError || quotes.isError) {
    body = <ErrorScreen error={groups.error ?? quotes.error} onRetry={() => void refresh()} />;
  } else if (!group || (hasSorts && quotes.isPending)) {
    body = <QuoteSkeleton />;
  } else if (!hasSorts) {
    body = (
      <EmptyState
        kind="chart"
        title={t('emptyGroupTitle')}
        description={t('emptyGroupText')}
        action={{ label: t('addSorts'), onClick: addSorts }}
      />
    );
  } else {
    body = (
      <>
        <div className="mm-quote-columns" aria-hidden="true">
          <span>{t('columns.name')}</span>
          <span>{t('columns.price')}</span>
          <span title={t('legend')}>{t('columns.change')}</span>
        </div>
        <div className="mm-quote-list" data-testid="quote-list">
          {items}
        </div>
        {hasDemo && <p className="mm-quote-note">{t('detail.demoNote')}</p>}
      </>
    );
  }

  return (
    <div className="mm-market">
      <TabHeader
        title={t('title')}
        right={
          <>
            {group && group.sortList.length > 0 && (
              <button
                type="button"
                className="mm-header-action"
                onClick={() => navigate(`${Paths.forecast}?id=${group.sortList[0]!.id}`)}
                data-testid="market-forecast"
              >
                {t('forecast')}
              </button>
            )}
            <button type="button" className="mm-header-action" onClick={edit} data-testid="market-edit">
              {t('edit')}
            </button>
          </>
        }
      />
      <div className="mm-market-tabs">
        {list.length > 0 && group && (
          <Tabs
            activeKey={String(group.id)}
            onChange={(key) => setParams({ tab: 'market', group: key }, { replace: true })}
            stretch={false}
          >
            {list.map((g) => (
              <Tabs.Tab key={String(g.id)} title={g.name} />
            ))}
          </Tabs>
        )}
        <button
          type="button"
          className="mm-market-board-link"
          onClick={() => navigate(Paths.marketBoard)}
          data-testid="market-board-link"
        >
          {t('board.title')}
          <RightOutline />
        </button>
      </div>
      <PullToRefresh onRefresh={refresh}>
        <div className="mm-market-body">{body}</div>
      </PullToRefresh>
    </div>
  );
}
