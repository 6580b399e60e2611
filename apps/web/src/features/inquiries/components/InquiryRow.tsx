import { formatTons, type TInquirySummary } from '@metal/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { inquiryDetailPath } from '../../../lib/navigation';
import { useRegionName } from '../../../lib/regionName';
import { deadlineTime, placeText, timeLeft } from '../format';

/**
 * One inquiry in the hall: what is wanted (the first product, how many products and tons in all),
 * where it goes, who buys, how long quoting stays open, and how many quoted and looked; for a supplier,
 * where it stands for them once they took it up (grabbed, quoted, passed, its outcome). Opens inquiry_detail.
 */
export function InquiryRow({ inquiry, now }: { inquiry: TInquirySummary; now: Date }) {
  const { t } = useTranslation('inquiries');
  const regionName = useRegionName();
  const navigate = useNavigate();
  const left = inquiry.status === 'open' ? timeLeft(inquiry.quoteDeadline, now, t) : null;
  const state = inquiry.supplierState;
  return (
    <button
      type="button"
      className="mm-pc-row"
      data-testid="inquiry-row"
      onClick={() => navigate(inquiryDetailPath(inquiry.id))}
    >
      <div className="mm-pc-row-head">
        <span className="mm-pc-sort">{inquiry.sortName}</span>
        <strong className="mm-pc-row-title">{inquiry.title || inquiry.sortName}</strong>
        {state && state !== 'open' && (
          <span className={`mm-pc-state-tag is-${state}`} data-testid="inquiry-state-tag">
            {t(`stateTag.${state}`)}
          </span>
        )}
      </div>
      <div className="mm-pc-row-line">
        <span>{t('row.products', { count: inquiry.specCount })}</span>
        <span className="mm-pc-tons">{t('row.tons', { tons: formatTons(inquiry.totalQuantityKg) })}</span>
        <span>{placeText([inquiry.province, inquiry.city].map(regionName))}</span>
      </div>
      <div className="mm-pc-row-line mm-pc-row-buyer">{inquiry.buyerCompanyName}</div>
      <div className="mm-pc-row-foot">
        <span className={left ? 'mm-pc-left' : 'mm-pc-ended'}>
          {left ? t('row.left', { time: left }) : t('row.ended')}
          <span className="mm-pc-deadline"> · {deadlineTime(inquiry.quoteDeadline)}</span>
        </span>
        <span className="mm-pc-counts">
          {t('row.quotes', { count: inquiry.quoteCount })} · {t('row.views', { count: inquiry.views })}
        </span>
      </div>
    </button>
  );
}
