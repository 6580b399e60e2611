import type { TMarketPriceRow, TSort } from '@metal/shared';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useTranslation } from 'react-i18next';
import { priceToneClass } from '../../../lib/priceTone';
import { describeChange, shortDate } from '../format';

const thisYear = () => new Date().getFullYear();

/** A small label on rows of demo data, so nobody trades on them. */
export function DemoTag() {
  const { t } = useTranslation('markets');
  return <span className="mm-demo-tag">{t('demo')}</span>;
}

/**
 * One series' latest price: name and market with the date and range on the left, the price with its
 * unit in the middle, the change (percentage in a coloured pill, amount below) on the right. Under a
 * header that already names the market (the quotes board) the row leaves the market out, so the date
 * is never cut off beside a long market name.
 */
export function QuoteRow({
  row,
  onOpen,
  showMarket = true,
}: {
  row: TMarketPriceRow;
  onOpen: (row: TMarketPriceRow) => void;
  showMarket?: boolean;
}) {
  const { t } = useTranslation('markets');
  const change = describeChange(row.upDown, row.price);
  const colour = priceToneClass(change.direction);
  return (
    <button type="button" className="mm-quote-row" onClick={() => onOpen(row)} data-testid="quote-row">
      <span className="mm-quote-name">
        <span className="mm-quote-alias">
          <span className="mm-quote-alias-text">{row.alias}</span>
        </span>
        <span className="mm-quote-meta">
          <span className="mm-quote-meta-text">
            {showMarket ? `${row.marketName} · ` : ''}
            {shortDate(row.date, thisYear())}
          </span>
          {row.isDemo && <DemoTag />}
        </span>
        <span className="mm-quote-meta">
          {t('range')} {row.range}
        </span>
      </span>
      <span className="mm-quote-price">
        <strong className={colour}>{row.price}</strong>
        <small>{row.sortUnit}</small>
      </span>
      <span className="mm-quote-change">
        <span className={`mm-change-pill is-${change.direction}`}>{change.percent}</span>
        <small className={colour}>{change.amount}</small>
      </span>
    </button>
  );
}

/** A sort of the group that has no price yet: it is still in the group, and says so. */
export function EmptyQuoteRow({ sort }: { sort: TSort }) {
  const { t } = useTranslation('markets');
  return (
    <div className="mm-quote-row is-empty" data-testid="quote-row-empty">
      <span className="mm-quote-name">
        <span className="mm-quote-alias">
          <span className="mm-quote-alias-text">{sort.sortName}</span>
        </span>
        <span className="mm-quote-meta">{sort.sortUnit}</span>
      </span>
      <span className="mm-quote-none">{t('noQuote')}</span>
    </div>
  );
}

/** Placeholders in the shape of quote rows while they load. */
export function QuoteSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <div className="mm-quote-skeleton" aria-hidden="true">
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders that never reorder
        <div className="mm-quote-row is-skeleton" key={index}>
          <span className="mm-quote-name">
            <Skeleton animated className="mm-skel mm-skel-title" />
            <Skeleton animated className="mm-skel mm-skel-text" />
          </span>
          <Skeleton animated className="mm-skel mm-skel-price" />
          <Skeleton animated className="mm-skel mm-skel-pill" />
        </div>
      ))}
    </div>
  );
}
