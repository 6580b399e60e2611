import { formatCents, formatDistanceKm, type TStockSummary } from '@metal/shared';
import { useTranslation } from 'react-i18next';
import { tonsText } from '../format';

/** Without a picture, the listing's metal as one character (铝, 铜), from its category or product name. */
function metalMark(stock: TStockSummary): string {
  const text = `${stock.sortName}${stock.productName}`;
  return text.match(/[铝铜锌镍锡铅]/u)?.[0] ?? text.match(/\p{Script=Han}/u)?.[0] ?? text.slice(0, 1);
}

/** A for-sale listing on the nearby list: what it is, today's price, quantity, seller, and how far it lies. */
export function StockRow({ stock, onOpen }: { stock: TStockSummary; onOpen: () => void }) {
  const { t } = useTranslation('nearby');
  const title = [stock.productName || stock.sortName, stock.specifications].filter(Boolean).join(' ');
  const { unitPriceFen } = stock.price;
  return (
    <button type="button" className="mm-nb-row" onClick={onOpen} data-testid="nearby-stock">
      <span className="mm-nb-cover" aria-hidden="true">
        {stock.cover ? <img src={stock.cover.thumbUrl} alt="" loading="lazy" /> : metalMark(stock)}
      </span>
      <span className="mm-nb-main">
        <strong className="mm-nb-name">
          <span className="mm-nb-name-text">{title}</span>
          {stock.isDemo && <span className="mm-demo-tag">{t('stock.demo')}</span>}
        </strong>
        <span className="mm-nb-price-line">
          <span className="mm-nb-price">
            {unitPriceFen === null ? t('stock.noQuote') : t('stock.perTon', { price: formatCents(unitPriceFen) })}
          </span>
          <span className="mm-nb-qty">{t('stock.tons', { tons: tonsText(stock.quantityKg) })}</span>
          {stock.specialSale && <span className="mm-nb-tag is-special">{t('stock.special')}</span>}
          {stock.fixedPrice && <span className="mm-nb-tag">{t('stock.fixed')}</span>}
        </span>
        <span className="mm-nb-meta">
          {[stock.companyName, stock.city || stock.province].filter(Boolean).join(' · ')}
        </span>
      </span>
      {stock.distanceKm !== null && (
        <span className="mm-nb-distance" data-testid="distance">
          {formatDistanceKm(stock.distanceKm)}
        </span>
      )}
    </button>
  );
}
