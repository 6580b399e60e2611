import type { TQuickBuyMatch } from '@metal/shared';
import { useTranslation } from 'react-i18next';
import { InquiryRow } from '../../inquiries/components/InquiryRow';
import { StockRow } from '../../stocks/components/StockRow';
import { subscriptionLabel } from '../label';

/**
 * One match of the feed: whether it is stock or an inquiry, which subscription found it and whether it
 * is new since the feed was last loaded, over the row the item's own lists show (which opens it).
 */
export function MatchCard({ match, now }: { match: TQuickBuyMatch; now: Date }) {
  const { t } = useTranslation('quickBuys');
  const row = match.stock ? (
    <StockRow stock={match.stock} />
  ) : match.inquiry ? (
    <InquiryRow inquiry={match.inquiry} now={now} />
  ) : null;
  if (!row) return null;
  return (
    <article className={`mm-qb-match ${match.read ? '' : 'is-new'}`} data-testid="quick-buy-match">
      <div className="mm-qb-match-head">
        <span className={`mm-qb-kind is-${match.kind}`}>
          {match.kind === 'stock' ? t('kindStock') : t('kindInquiry')}
        </span>
        <span className="mm-qb-matched">{t('matched', { label: subscriptionLabel(match.subscription, t) })}</span>
        {!match.read && <span className="mm-qb-new">{t('newMark')}</span>}
      </div>
      {row}
    </article>
  );
}
