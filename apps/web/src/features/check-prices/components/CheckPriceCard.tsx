import { formatCents, formatShanghaiDateTime, type TCheckPrice, type TCheckPriceItem } from '@metal/shared';
import { useTranslation } from 'react-i18next';
import { priceToneClass } from '../../../lib/priceTone';

/** "长江A00铝 + 350" / "长江A00铝 − 120.50": how the author wrote the price. */
export function useFormula() {
  const { t } = useTranslation('checkPrices');
  return (item: Pick<TCheckPriceItem, 'seriesName' | 'premiumCents'>) =>
    t('formula', {
      base: item.seriesName,
      sign: item.premiumCents < 0 ? '−' : '+',
      premium: formatCents(Math.abs(item.premiumCents)),
    });
}

/** One entry: the specification, base plus premium, and the price at the base's latest quote (red, a list price). */
export function EntryRow({ item }: { item: TCheckPriceItem }) {
  const { t } = useTranslation('checkPrices');
  const formula = useFormula();
  return (
    <li className="mm-cp-entry" data-testid="check-price-entry">
      <div className="mm-cp-entry-main">
        <span className="mm-cp-spec">{item.specification}</span>
        <span className="mm-cp-formula">{formula(item)}</span>
      </div>
      {item.priceCents === null ? (
        <span className="mm-cp-noquote">{t('noQuote')}</span>
      ) : (
        <span className={`mm-cp-price ${priceToneClass('neutral')}`} data-testid="check-price-price">
          {formatCents(item.priceCents)}
          <small>{t('unit')}</small>
        </span>
      )}
    </li>
  );
}

export const publishedTime = (check: TCheckPrice) => formatShanghaiDateTime(new Date(check.createdAt)).slice(0, 16);

/** A price-checker quote in a list: who published it, when, and its entries; tapping opens check_price_detail. */
export function CheckPriceCard({ check, onOpen }: { check: TCheckPrice; onOpen: () => void }) {
  const { t } = useTranslation('checkPrices');
  const preview = check.items.slice(0, 3);
  return (
    <button type="button" className="mm-card mm-cp-card" onClick={onOpen} data-testid="check-price-card">
      <div className="mm-cp-card-head">
        <span className="mm-cp-author">{check.companyName || check.nickName}</span>
        <span className="mm-cp-time">{publishedTime(check)}</span>
      </div>
      <ul className="mm-cp-entries">
        {preview.map((item) => (
          <EntryRow key={item.id} item={item} />
        ))}
      </ul>
      {check.items.length > preview.length && (
        <p className="mm-cp-more">{t('entries', { count: check.items.length })}</p>
      )}
    </button>
  );
}
