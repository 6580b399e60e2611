import { formatCents, formatTons, type TStockSummary } from '@metal/shared';
import PictureOutline from 'antd-mobile-icons/es/PictureOutline';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { stockDetailPath } from '../../../lib/navigation';
import '../locale';
import '../stocks.css';

const FLAGS = ['fixedPrice', 'specialSale', 'freightIncluded', 'splittable'] as const;

/**
 * One listing in a list (a shop's stock tab, same-specification stock): cover, what it is, how much,
 * today's price, where it lies and who sells it. Opens stock_detail.
 */
export function StockCard({ stock, showCompany = true }: { stock: TStockSummary; showCompany?: boolean }) {
  const { t } = useTranslation('stocks');
  const navigate = useNavigate();
  const title = stock.productName || stock.sortName;
  const place = stock.city || stock.province;
  return (
    <button
      type="button"
      className="mm-stock-card"
      onClick={() => navigate(stockDetailPath(stock.id))}
      data-testid="stock-card"
    >
      <span className="mm-stock-cover">
        {stock.cover ? <img src={stock.cover.thumbUrl} alt="" loading="lazy" /> : <PictureOutline aria-hidden="true" />}
      </span>
      <span className="mm-stock-card-main">
        <span className="mm-stock-card-title">
          <strong>{title}</strong>
          {stock.specifications && <span className="mm-stock-spec">{stock.specifications}</span>}
          {stock.isDemo && <span className="mm-demo-tag">{t('detail.demo')}</span>}
        </span>
        <span className="mm-stock-card-meta">
          {[stock.productName ? stock.sortName : '', t('detail.tons', { value: formatTons(stock.quantityKg) }), place]
            .filter(Boolean)
            .join(' · ')}
          {stock.distanceKm !== null && ` · ${t('detail.distance', { km: stock.distanceKm.toFixed(1) })}`}
        </span>
        <span className="mm-stock-card-price">
          {stock.price.unitPriceFen === null ? (
            <em className="is-none">{t('list.priceNone')}</em>
          ) : (
            <em>
              {formatCents(stock.price.unitPriceFen)}
              <small>{t('list.perTon')}</small>
            </em>
          )}
          {FLAGS.filter((flag) => stock[flag]).map((flag) => (
            <span key={flag} className={`mm-stock-flag is-${flag}`}>
              {t(`detail.flags.${flag}`)}
            </span>
          ))}
        </span>
        {showCompany && <span className="mm-stock-card-company">{stock.companyName}</span>}
      </span>
    </button>
  );
}
