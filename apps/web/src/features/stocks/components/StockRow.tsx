import {
  epochSecondsOf,
  formatCents,
  formatDistanceKm,
  formatRelativeTime,
  formatTons,
  type Language,
  type TStockSummary,
} from '@metal/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLanguage } from '../../../lib/i18n';
import { stockDetailPath } from '../../../lib/navigation';
import { priceTone, priceToneClass } from '../../../lib/priceTone';
import { useRegionName } from '../../../lib/regionName';
import { signedCents } from '../format';
import '../locale';
import './stock-row.css';

/** The metals a category name may name, in either language, with their mark in each. */
const METAL_MARKS = [
  { pattern: /铜|copper/i, marks: { 'zh-CN': '铜', 'en-US': 'Cu' } },
  { pattern: /铝|alumin/i, marks: { 'zh-CN': '铝', 'en-US': 'Al' } },
] as const;

/**
 * A listing without a picture shows its metal in the reader's language (铝/铜, Al/Cu) whatever language
 * the category name came in (a seller's own list names it in Chinese), else its category's start.
 */
export function metalMark(sortName: string, lang: Language) {
  const metal = METAL_MARKS.find(({ pattern }) => pattern.test(sortName));
  return metal ? metal.marks[lang] : sortName.slice(0, 2);
}

const MARKS = [
  ['fixedPrice', 'is-fixed'],
  ['specialSale', 'is-sale'],
  ['splittable', ''],
  ['freightIncluded', ''],
] as const;

/**
 * One listing as a row, the same wherever listings are listed (search, five-day, hot, nearby, a shop,
 * same specification, quick-buy matches, footprints, the seller's manager and same_attr): picture, name
 * and demo label, marks, category, specification and brand, today's price per ton (neutral: a summary
 * has no day's change) with the quantity, the quote and fee a market-following price follows, and who
 * sells it where, how far and since when.
 *
 * Where lists differ they say so by props only: `lead` goes before it (the hot ranking's rank, a
 * selection checkbox), `children` under it (the manager's terms and actions), `onOpen` replaces opening
 * the detail page (selecting), `flagged` marks the listing a refused batch named, and a shop's own list
 * leaves the company out (`showCompany`).
 */
export function StockRow({
  stock,
  lead,
  children,
  onOpen,
  showCompany = true,
  flagged = false,
  testId = 'stock-row',
}: {
  stock: TStockSummary;
  lead?: ReactNode;
  children?: ReactNode;
  onOpen?: () => void;
  showCompany?: boolean;
  flagged?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('stocks');
  const [lang] = useLanguage();
  const navigate = useNavigate();
  const title = stock.productName || stock.sortName;
  const details = [stock.productName ? stock.sortName : '', stock.specifications, stock.brand].filter(Boolean);
  const marks = MARKS.filter(([key]) => stock[key]);
  const { price } = stock;
  const regionName = useRegionName();
  const place = regionName(stock.city || stock.province);
  const published = stock.publishedAt
    ? formatRelativeTime(epochSecondsOf(new Date(stock.publishedAt)), epochSecondsOf(new Date()), lang)
    : '';

  return (
    <div className={`mm-stock-row ${flagged ? 'is-flagged' : ''}`} data-testid={testId}>
      {lead}
      <div className="mm-stock-row-content">
        <button
          type="button"
          className="mm-stock-row-open"
          onClick={onOpen ?? (() => navigate(stockDetailPath(stock.id)))}
        >
          <span className="mm-stock-row-cover" aria-hidden="true">
            {stock.cover ? (
              <img src={stock.cover.thumbUrl} alt="" loading="lazy" />
            ) : (
              <span>{metalMark(stock.sortName, lang)}</span>
            )}
          </span>
          <span className="mm-stock-row-main">
            <span className="mm-stock-row-title">
              <strong>{title}</strong>
              {stock.isDemo && <span className="mm-demo-tag">{t('row.demo')}</span>}
            </span>
            {(marks.length > 0 || details.length > 0) && (
              <span className="mm-stock-row-details">
                {marks.map(([key, tone]) => (
                  <span key={key} className={`mm-stock-row-mark ${tone}`}>
                    {t(`row.${key}`)}
                  </span>
                ))}
                <span className="mm-stock-row-spec">{details.join(' · ')}</span>
              </span>
            )}
            <span className="mm-stock-row-price-line">
              {price.unitPriceFen === null ? (
                <span className="mm-stock-row-price is-unknown">{t('row.priceUnknown')}</span>
              ) : (
                <span className={`mm-stock-row-price ${priceToneClass(priceTone(null))}`} data-testid="stock-price">
                  ¥{formatCents(price.unitPriceFen)}
                  <small>{t('row.perTon')}</small>
                </span>
              )}
              <span className="mm-stock-row-qty">{t('row.tons', { tons: formatTons(stock.quantityKg) })}</span>
            </span>
            {price.type === 'market' && price.seriesName && (
              <span className="mm-stock-row-follows">
                {t('row.follows', { series: price.seriesName, fee: signedCents(price.processingFeeFen ?? 0) })}
              </span>
            )}
            <span className="mm-stock-row-foot">
              <span className="mm-stock-row-where">
                {showCompany && stock.companyName && <span className="mm-stock-row-company">{stock.companyName}</span>}
                {place && <span className="mm-stock-row-place">{place}</span>}
              </span>
              {stock.distanceKm !== null && (
                <span className="mm-stock-row-distance" data-testid="distance">
                  {formatDistanceKm(stock.distanceKm)}
                </span>
              )}
              {published && <span className="mm-stock-row-when">{published}</span>}
            </span>
          </span>
        </button>
        {children}
      </div>
    </div>
  );
}
