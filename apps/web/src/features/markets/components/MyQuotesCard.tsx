import { DEFAULT_GROUP_ID } from '@metal/shared';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Paths, rootPath } from '../../../lib/navigation';
import { describeChange } from '../format';
import { offlineQuotes } from '../lastQuotes';
import { useKeyParts, useQuotes } from '../quotes.api';
import { DemoTag, QuoteSkeleton } from './QuoteRow';
import '../markets.css';
import { priceToneClass } from '../../../lib/priceTone';

/** Rows the home card shows; the market tab has the rest. */
const HOME_ROWS = 4;

/**
 * The 'my quotes' card of the home tab: the first rows of the caller's first group (the default
 * 'my quotes' for a visitor). Its rows open the market tab, 'all quotes' the board of every market.
 * Loaded on its own after the home tab, so the quotes code and the schemas it brings are not part of the home route's start-up.
 */
export default function MyQuotesCard() {
  const { t } = useTranslation('markets');
  const navigate = useNavigate();
  const quotes = useQuotes(DEFAULT_GROUP_ID);
  const { userId, lang } = useKeyParts();
  // Without a network (an offline launch from the home screen), the last quotes seen, marked as such.
  const lastSeen = offlineQuotes(quotes, userId, lang, DEFAULT_GROUP_ID);
  const rows = (quotes.data ?? lastSeen?.rows)?.slice(0, HOME_ROWS) ?? [];

  const openMarket = () => navigate(rootPath('market'));

  return (
    <section className="mm-card mm-home-quotes" aria-labelledby="home-quotes-title" data-testid="home-quotes">
      <div className="mm-home-quotes-head">
        <h2 className="mm-section-title" id="home-quotes-title">
          {t('home.title')}
          {rows.some((row) => row.isDemo) && <DemoTag />}
        </h2>
        <button type="button" className="mm-home-quotes-more" onClick={() => navigate(Paths.marketBoard)}>
          {t('home.more')}
          <RightOutline />
        </button>
      </div>
      {lastSeen && (
        <p className="mm-home-quotes-offline" role="status" data-testid="quotes-offline">
          {t('home.offline')}
        </p>
      )}
      {quotes.isPending && !lastSeen ? (
        <QuoteSkeleton rows={HOME_ROWS} />
      ) : (quotes.isError && !lastSeen) || rows.length === 0 ? (
        <button type="button" className="mm-home-quotes-empty" onClick={openMarket}>
          {quotes.isError ? t('loadFailed') : t('home.empty')}
        </button>
      ) : (
        <ul className="mm-home-quotes-list">
          {rows.map((row) => {
            const change = describeChange(row.upDown, row.price);
            return (
              <li key={row.id}>
                <button type="button" onClick={openMarket}>
                  <span className="mm-home-quotes-alias">{row.alias}</span>
                  <span className={`mm-home-quotes-price ${priceToneClass(change.direction)}`}>{row.price}</span>
                  <span className={`mm-change-pill is-${change.direction}`}>{change.percent}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
