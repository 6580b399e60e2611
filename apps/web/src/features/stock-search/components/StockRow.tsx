import {
  epochSecondsOf,
  formatCents,
  formatDistanceKm,
  formatRelativeTime,
  formatTons,
  type TStockSummary,
} from '@metal/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLanguage } from '../../../lib/i18n';
import { stockDetailPath } from '../../../lib/navigation';
import { formatFee } from '../format';

/** A listing without a picture shows its metal: 铝 or 铜 (Al or Cu in English names), else its category's start. */
function metalMark(sortName: string) {
  if (/铜|copper/i.test(sortName)) return /铜/.test(sortName) ? '铜' : 'Cu';
  if (/铝|alumin/i.test(sortName)) return /铝/.test(sortName) ? '铝' : 'Al';
  return sortName.slice(0, 2);
}

/**
 * One listing in a list: picture, name and marks, what it is, today's price per ton (a market-following
 * price with the quote and fee it follows), the quantity, and who sells it where, how far and since when.
 * It opens the listing's detail page. `lead` goes before the picture (the hot ranking's rank). Every list
 * of listings (search, five-day, hot, nearby, a shop's stock, same specification) shows them with it.
 */
export function StockRow({
  stock,
  lead,
  extra,
  showCompany = true,
}: {
  stock: TStockSummary;
  lead?: ReactNode;
  extra?: ReactNode;
  /** A shop's own list leaves the company out: every row would name it. */
  showCompany?: boolean;
}) {
  const { t } = useTranslation('stockSearch');
  const [lang] = useLanguage();
  const navigate = useNavigate();
  const title = stock.productName || stock.sortName;
  const details = [stock.productName ? stock.sortName : '', stock.specifications, stock.brand].filter(Boolean);
  const marks = [
    stock.fixedPrice && ['fixedPrice', 'is-fixed'],
    stock.specialSale && ['specialSale', 'is-sale'],
    stock.splittable && ['splittable', ''],
    stock.freightIncluded && ['freightIncluded', ''],
  ].filter((mark): mark is [string, string] => Boolean(mark));
  const { price } = stock;
  const where = [showCompany ? stock.companyName : '', stock.city || stock.province].filter(Boolean).join(' · ');
  const published = stock.publishedAt
    ? formatRelativeTime(epochSecondsOf(new Date(stock.publishedAt)), epochSecondsOf(new Date()), lang)
    : '';

  return (
    <button
      type="button"
      className="mm-ss-row"
      data-testid="stock-row"
      onClick={() => navigate(stockDetailPath(stock.id))}
    >
      {lead}
      <span className="mm-ss-cover" aria-hidden="true">
        {stock.cover ? (
          <img src={stock.cover.thumbUrl} alt="" loading="lazy" />
        ) : (
          <span>{metalMark(stock.sortName)}</span>
        )}
      </span>
      <span className="mm-ss-main">
        <span className="mm-ss-title">
          <strong>{title}</strong>
          {stock.isDemo && <span className="mm-demo-tag">{t('demo')}</span>}
        </span>
        {(marks.length > 0 || details.length > 0) && (
          <span className="mm-ss-details">
            {marks.map(([key, tone]) => (
              <span key={key} className={`mm-ss-mark ${tone}`}>
                {t(`row.${key}` as 'row.fixedPrice')}
              </span>
            ))}
            <span className="mm-ss-spec">{details.join(' · ')}</span>
          </span>
        )}
        <span className="mm-ss-price-line">
          {price.unitPriceFen === null ? (
            <span className="mm-ss-price is-unknown">{t('row.priceUnknown')}</span>
          ) : (
            <span className="mm-ss-price" data-testid="stock-price">
              ¥{formatCents(price.unitPriceFen)}
              <small>{t('row.perTon')}</small>
            </span>
          )}
          <span className="mm-ss-qty">{t('row.tons', { tons: formatTons(stock.quantityKg) })}</span>
        </span>
        {price.type === 'market' && price.seriesName && (
          <span className="mm-ss-follows">
            {t('row.follows', { series: price.seriesName, fee: formatFee(price.processingFeeFen ?? 0) })}
          </span>
        )}
        <span className="mm-ss-foot">
          <span className="mm-ss-where">{where}</span>
          {stock.distanceKm !== null && (
            <span className="mm-ss-distance" data-testid="distance">
              {formatDistanceKm(stock.distanceKm)}
            </span>
          )}
          {published && <span className="mm-ss-when">{published}</span>}
        </span>
        {extra}
      </span>
    </button>
  );
}
