import { Calls, formatCents } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Dialog } from '../../../lib/dialog';
import { showSuccess } from '../../../lib/feedback';
import { inquiryDetailPath } from '../../../lib/navigation';
import { priceToneClass } from '../../../lib/priceTone';
import { useSession } from '../../../lib/session';
import { useCanCall } from '../../staff/useCan';
import { useInquiryActions, useInquiryQuotes } from '../api';
import '../locale';
import '../inquiries.css';

/** A supplier's quote is no market move: its price is neutral (lib/priceTone). */
const QUOTE_PRICE = `mm-pc-price ${priceToneClass('neutral')}`;

/**
 * An inquiry quote in chat (content type 11): the supplier, the total and the delivery date, read from
 * the inquiry's quotes, so it always shows the quote's current state. The buyer can agree to a live
 * quote right here (after a confirmation) or open the side-by-side comparison; the supplier sees its
 * own quote. A quote replaced by a newer one says so and offers nothing.
 */
export function ChatQuoteCard({
  inquiryId,
  quoteId,
  replaced,
}: {
  inquiryId: number;
  quoteId: number;
  replaced: boolean;
}) {
  const { t } = useTranslation(['inquiries', 'chat']);
  const navigate = useNavigate();
  const { user } = useSession();
  const quotes = useInquiryQuotes(inquiryId, !replaced);
  const actions = useInquiryActions(inquiryId);
  const quote = quotes.data?.find((candidate) => candidate.id === quoteId);
  const buyer = quote !== undefined && quote.rootId !== user?.rootId;
  const canAgree = useCanCall(Calls.quoteAgree);

  const agree = async () => {
    if (!quote) return;
    const confirmed = await Dialog.confirm({
      content: t('buyer.agreeConfirm', { company: quote.supplierCompanyName }),
      confirmText: t('buyer.agree'),
      cancelText: t('dialog.cancel'),
    });
    if (confirmed)
      await actions.agree.mutateAsync(quote.id).then(
        () => showSuccess(t('buyer.agreed')),
        () => undefined,
      );
  };

  return (
    <div className={`mm-chat-card mm-chat-quote${replaced ? ' is-replaced' : ''}`} data-testid="chat-quote">
      <span className="mm-chat-product-kind">{t('chat:bubble.quote.11')}</span>
      <strong className="mm-chat-quote-title">
        {quote ? quote.supplierCompanyName : t('chat:bubble.quoteInquiry', { id: inquiryId })}
      </strong>
      {replaced ? (
        <span className="mm-chat-card-note">{t('chat:bubble.quoteReplaced')}</span>
      ) : (
        quote && (
          <span className="mm-pc-chat-quote-line" data-testid="chat-quote-summary">
            <strong className={QUOTE_PRICE}>{t('buyer.totalValue', { amount: formatCents(quote.totalFen) })}</strong>
            <span>
              {t('buyer.deliveryDate')} {quote.deliveryDate}
            </span>
            {quote.status !== 'live' && (
              <span className={`mm-pc-quote-status is-${quote.status}`}>{t(`quoteStatus.${quote.status}`)}</span>
            )}
          </span>
        )
      )}
      {!replaced && (
        <span className="mm-pc-chat-quote-actions">
          <Button size="mini" onClick={() => navigate(inquiryDetailPath(inquiryId))} data-testid="chat-quote-open">
            {t(buyer ? 'chatQuote.compare' : 'chatQuote.open')}
          </Button>
          {buyer && canAgree && quote.status === 'live' && (
            <Button
              size="mini"
              color="danger"
              loading={actions.agree.isPending}
              onClick={() => void agree()}
              data-testid="chat-quote-agree"
            >
              {t('buyer.agree')}
            </Button>
          )}
        </span>
      )}
    </div>
  );
}
