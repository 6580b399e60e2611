import type { TMarketPriceRow } from '@metal/shared';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { Page } from '../../../components/Page';
import { Paths, rootPath } from '../../../lib/navigation';
import { useMarketBoard } from '../api';
import { QuoteRow, QuoteSkeleton } from '../components/QuoteRow';
import { groupByMarket } from '../groups';
import '../markets.css';

/**
 * The quotes board (全部行情): every series of every market, a section per market under a header that
 * stays at the top while its rows scroll by, each row the one the market tab shows; a row opens the
 * series' chart. Pull down to ask again.
 */
export default function MarketBoardPage() {
  const { t } = useTranslation('markets');
  const navigate = useNavigate();
  const board = useMarketBoard();
  const sections = useMemo(() => groupByMarket(board.data ?? []), [board.data]);
  const open = (row: TMarketPriceRow) => navigate(`${Paths.marketDetail}?aliasId=${row.aliasId}`);
  const refresh = async () => {
    await board.refetch();
  };

  let body: ReactNode;
  if (board.isPending) {
    body = <QuoteSkeleton rows={8} />;
  } else if (board.isError && !board.data) {
    body = <ErrorScreen error={board.error} onRetry={() => void refresh()} />;
  } else if (sections.length === 0) {
    body = <EmptyState kind="chart" title={t('board.empty')} description={t('board.emptyText')} />;
  } else {
    body = (
      <>
        <div className="mm-quote-columns" aria-hidden="true">
          <span>{t('board.columnName')}</span>
          <span>{t('columns.price')}</span>
          <span title={t('legend')}>{t('columns.change')}</span>
        </div>
        {sections.map((section) => (
          <section
            key={section.marketId}
            className="mm-board-market"
            aria-labelledby={`board-market-${section.marketId}`}
            data-testid="board-market"
          >
            <h2 className="mm-board-market-head" id={`board-market-${section.marketId}`}>
              <span>{section.marketName}</span>
              <small className="mm-board-market-count">{t('board.count', { count: section.rows.length })}</small>
            </h2>
            <div className="mm-quote-list">
              {section.rows.map((row) => (
                <QuoteRow key={row.id} row={row} onOpen={open} showMarket={false} />
              ))}
            </div>
          </section>
        ))}
        {board.data?.some((row) => row.isDemo) && <p className="mm-quote-note">{t('detail.demoNote')}</p>}
      </>
    );
  }

  return (
    <Page title={t('board.title')} backTo={rootPath('market')} className="mm-board">
      <PullToRefresh onRefresh={refresh}>
        <div className="mm-market-body" data-testid="market-board">
          {body}
        </div>
      </PullToRefresh>
    </Page>
  );
}
