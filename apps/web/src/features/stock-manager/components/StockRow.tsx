import { formatCents, formatTons, type TStockSummary } from '@metal/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '../locale';
import '../stock-manager.css';

/** A picture-less listing shows its first Chinese character ('6063铝棒' → 铝), else its first letter. */
const initialOf = (text: string) => text.match(/\p{Script=Han}/u)?.[0] ?? text.slice(0, 1);

/** A listing's price per ton as the list shows it, and the market basis it follows. */
export function StockPrice({ stock }: { stock: TStockSummary }) {
  const { t } = useTranslation('stockManager');
  const { price } = stock;
  const basis =
    price.type === 'market' && price.processingFeeFen !== null
      ? `${price.seriesName} ${price.processingFeeFen >= 0 ? '+' : ''}${formatCents(price.processingFeeFen)}`
      : '';
  return (
    <span className="mm-sm-price">
      {price.unitPriceFen === null ? (
        <strong className="is-pending">{t('row.pricePending')}</strong>
      ) : (
        <strong>
          ¥{formatCents(price.unitPriceFen)}
          <small>{t('row.perTon')}</small>
        </strong>
      )}
      {basis && <span className="mm-sm-basis">{basis}</span>}
    </span>
  );
}

/**
 * One listing as a row (the manager, footprints): cover, product and category, specification,
 * today's price, quantity and where it lies. `lead` sits before it (a checkbox), `children` under it.
 */
export function StockRow({
  stock,
  onOpen,
  lead,
  aside,
  children,
  flagged = false,
  testId,
}: {
  stock: TStockSummary;
  onOpen?: () => void;
  lead?: ReactNode;
  aside?: ReactNode;
  children?: ReactNode;
  flagged?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('stockManager');
  const title = stock.productName || stock.sortName;
  const place = [stock.province, stock.city].filter(Boolean).join(' ');
  const body = (
    <>
      <span className="mm-sm-cover" aria-hidden="true">
        {stock.cover ? <img src={stock.cover.thumbUrl} alt="" loading="lazy" /> : <span>{initialOf(title)}</span>}
      </span>
      <span className="mm-sm-main">
        <span className="mm-sm-title">
          <strong>{title}</strong>
          {stock.productName && stock.sortName && stock.sortName !== stock.productName && (
            <span className="mm-sm-sort">{stock.sortName}</span>
          )}
          {stock.isDemo && <span className="mm-demo-tag">{t('row.demo')}</span>}
        </span>
        {stock.specifications && <span className="mm-sm-spec">{stock.specifications}</span>}
        <StockPrice stock={stock} />
        <span className="mm-sm-meta">
          {[t('row.tons', { tons: formatTons(stock.quantityKg) }), place, stock.companyName]
            .filter(Boolean)
            .join(' · ')}
        </span>
      </span>
    </>
  );
  return (
    <div className={`mm-sm-row ${flagged ? 'is-flagged' : ''}`} data-testid={testId}>
      {lead}
      <div className="mm-sm-row-content">
        {onOpen ? (
          <button type="button" className="mm-sm-open" onClick={onOpen}>
            {body}
          </button>
        ) : (
          <div className="mm-sm-open">{body}</div>
        )}
        {children}
      </div>
      {aside}
    </div>
  );
}
