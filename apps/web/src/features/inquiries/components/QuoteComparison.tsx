import {
  ChatProductType,
  compareQuotesForBuyer,
  formatCents,
  isCompleteQuote,
  type TInquiryDetail,
  type TQuote,
} from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { chatPagePath } from '../../../lib/navigation';
import { priceToneClass } from '../../../lib/priceTone';
import { useRegionName } from '../../../lib/regionName';
import { deadlineTime, paymentText, placeText } from '../format';

/** A supplier's quote is no market move: its price is neutral (lib/priceTone). */
const QUOTE_PRICE = `mm-pc-price ${priceToneClass('neutral')}`;

/**
 * The buyer's side-by-side comparison: one column per supplier, cheapest total first among the quotes
 * pricing every product, then those pricing only some (their total is of fewer products, so never the
 * lowest), one row per product (price per ton and amount) and per term. Live quotes of an open or expired inquiry can be
 * agreed to or ignored; every supplier can be chatted with about this inquiry.
 */
/** How many of the inquiry's products a quote prices. */
const pricedCount = (quote: TQuote) => new Set(quote.items.map((item) => item.specId)).size;

export function QuoteComparison({
  inquiry,
  quotes,
  onAgree,
  onIgnore,
}: {
  inquiry: TInquiryDetail;
  quotes: TQuote[];
  /** Absent (both) when the user may not answer quotes (staff permission 'inquiry'). */
  onAgree: ((quote: TQuote) => void) | undefined;
  onIgnore: ((quote: TQuote) => void) | undefined;
}) {
  const { t } = useTranslation('inquiries');
  const regionName = useRegionName();
  const navigate = useNavigate();
  if (quotes.length === 0)
    return <EmptyState kind="inbox" title={t('buyer.noQuotes')} description={t('buyer.noQuotesText')} />;
  const sorted = [...quotes].sort(compareQuotesForBuyer(inquiry.specs.length));
  const cheapest = sorted.find(
    (quote) => (quote.status === 'live' || quote.status === 'agreed') && isCompleteQuote(quote, inquiry.specs.length),
  )?.id;
  const answerable = inquiry.status === 'open' || inquiry.status === 'expired';
  const specName = (spec: TInquiryDetail['specs'][number]) =>
    [spec.productName || inquiry.sortName, spec.specification].filter(Boolean).join(' ');
  const yesNo = (quote: TQuote) =>
    `${t(quote.taxIncluded ? 'buyer.taxYes' : 'buyer.taxNo')} / ${t(quote.freightIncluded ? 'buyer.freightYes' : 'buyer.freightNo')}`;

  return (
    <div className="mm-pc-compare" data-testid="quote-comparison">
      <table>
        <thead>
          <tr>
            <th scope="col" className="mm-pc-compare-label">
              {t('buyer.cheapestFirst')}
            </th>
            {sorted.map((quote) => (
              <th key={quote.id} scope="col" data-testid="quote-column" className={`is-${quote.status}`}>
                <span className="mm-pc-compare-company">{quote.supplierCompanyName}</span>
                <span className={`mm-pc-quote-status is-${quote.status}`}>{t(`quoteStatus.${quote.status}`)}</span>
                {quote.id === cheapest && sorted.length > 1 && (
                  <span className="mm-pc-cheapest">{t('buyer.cheapest')}</span>
                )}
                {!isCompleteQuote(quote, inquiry.specs.length) && (
                  <span className="mm-pc-partial" data-testid="quote-partial">
                    {t('buyer.partial', { priced: pricedCount(quote), total: inquiry.specs.length })}
                  </span>
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {inquiry.specs.map((spec) => (
            <tr key={spec.id}>
              <th scope="row" className="mm-pc-compare-label">
                {specName(spec)}
                <small>
                  {t('buyer.price')} / {t('buyer.amount')}
                </small>
              </th>
              {sorted.map((quote) => {
                const item = quote.items.find((i) => i.specId === spec.id);
                return (
                  <td key={quote.id}>
                    {item ? (
                      <>
                        <span className={QUOTE_PRICE}>{formatCents(item.unitPriceFen)}</span>
                        <small>{formatCents(item.amountFen)}</small>
                      </>
                    ) : (
                      '—'
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
          <tr className="mm-pc-compare-total">
            <th scope="row" className="mm-pc-compare-label">
              {t('buyer.total')}
            </th>
            {sorted.map((quote) => (
              <td key={quote.id} className={QUOTE_PRICE}>
                {t('buyer.totalValue', { amount: formatCents(quote.totalFen) })}
              </td>
            ))}
          </tr>
          <tr>
            <th scope="row" className="mm-pc-compare-label">
              {t('buyer.deliveryDate')}
            </th>
            {sorted.map((quote) => (
              <td key={quote.id}>{quote.deliveryDate}</td>
            ))}
          </tr>
          <tr>
            <th scope="row" className="mm-pc-compare-label">
              {t('buyer.payment')}
            </th>
            {sorted.map((quote) => (
              <td key={quote.id}>{paymentText(quote, t)}</td>
            ))}
          </tr>
          <tr>
            <th scope="row" className="mm-pc-compare-label">
              {t('buyer.taxFreight')}
            </th>
            {sorted.map((quote) => (
              <td key={quote.id}>{yesNo(quote)}</td>
            ))}
          </tr>
          <tr>
            <th scope="row" className="mm-pc-compare-label">
              {t('buyer.supplierPlace')}
            </th>
            {sorted.map((quote) => (
              <td key={quote.id}>
                {placeText([quote.province, quote.city].map(regionName)) || '—'}
                {quote.distanceKm !== null && (
                  <small>{t('buyer.distance', { km: Math.round(quote.distanceKm) })}</small>
                )}
              </td>
            ))}
          </tr>
          {sorted.some((quote) => quote.remark) && (
            <tr>
              <th scope="row" className="mm-pc-compare-label">
                {t('detail.remark')}
              </th>
              {sorted.map((quote) => (
                <td key={quote.id}>{quote.remark}</td>
              ))}
            </tr>
          )}
          <tr>
            <th scope="row" className="mm-pc-compare-label" />
            {sorted.map((quote) => (
              <td key={quote.id} className="mm-pc-compare-actions">
                {answerable && quote.status === 'live' && onAgree && onIgnore && (
                  <>
                    <Button size="mini" color="danger" onClick={() => onAgree(quote)} data-testid="quote-agree">
                      {t('buyer.agree')}
                    </Button>
                    <Button size="mini" onClick={() => onIgnore(quote)} data-testid="quote-ignore">
                      {t('buyer.ignore')}
                    </Button>
                  </>
                )}
                <Button
                  size="mini"
                  fill="outline"
                  color="primary"
                  data-testid="quote-chat"
                  onClick={() =>
                    navigate(chatPagePath(quote.userId, { proType: ChatProductType.inquiry, proId: inquiry.id }))
                  }
                >
                  {t('buyer.chat')}
                </Button>
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}

/** One of the supplier's own quotes: its state, prices, total and terms; a live one can be withdrawn. */
export function OwnQuote({ quote, onWithdraw }: { quote: TQuote; onWithdraw?: (quote: TQuote) => void }) {
  const { t } = useTranslation('inquiries');
  return (
    <div className={`mm-pc-own is-${quote.status}`} data-testid="own-quote">
      <div className="mm-pc-own-head">
        <span className={`mm-pc-quote-status is-${quote.status}`}>{t(`quoteStatus.${quote.status}`)}</span>
        <span className="mm-pc-own-time">{deadlineTime(quote.createdAt)}</span>
      </div>
      {quote.items.map((item) => (
        <div key={item.specId} className="mm-pc-own-item">
          <span>{[item.productName, item.specification].filter(Boolean).join(' ')}</span>
          <span className={QUOTE_PRICE}>{formatCents(item.unitPriceFen)}</span>
        </div>
      ))}
      <div className="mm-pc-own-item">
        <span>{t('buyer.total')}</span>
        <strong className={QUOTE_PRICE}>{t('buyer.totalValue', { amount: formatCents(quote.totalFen) })}</strong>
      </div>
      <div className="mm-pc-own-terms">
        {[
          paymentText(quote, t),
          quote.deliveryDate,
          t(quote.taxIncluded ? 'buyer.taxYes' : 'buyer.taxNo'),
          t(quote.freightIncluded ? 'buyer.freightYes' : 'buyer.freightNo'),
        ].join(' · ')}
      </div>
      {quote.remark && <div className="mm-pc-own-terms">{quote.remark}</div>}
      {onWithdraw && quote.status === 'live' && (
        <Button size="small" onClick={() => onWithdraw(quote)} data-testid="quote-withdraw">
          {t('supplier.withdraw')}
        </Button>
      )}
    </div>
  );
}
