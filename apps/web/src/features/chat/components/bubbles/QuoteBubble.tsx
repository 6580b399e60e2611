import { ChatContentType, formatCents, orderDetailPath } from '@metal/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ChatQuoteCard } from '../../../inquiries/components/ChatQuoteCard';

/**
 * A quote message (type 10 for a stock order, 11 for an inquiry). A newer quote for the same order or
 * inquiry replaces it, and it says so. An inquiry quote shows the quote itself, answerable by the buyer
 * in place (ChatQuoteCard); a stock order's quote opens the order, where the buyer agrees it.
 */
export function QuoteBubble({
  type,
  id,
  quoteId,
  orderNo,
  totalFen,
  replaced,
}: {
  type: number;
  id: string;
  quoteId: number;
  /** A stock order's number and the quote's total (messages sent before they were carried have neither). */
  orderNo: string;
  totalFen: number | undefined;
  replaced: boolean;
}) {
  const { t } = useTranslation('chat');
  const navigate = useNavigate();
  const inquiryId = type === ChatContentType.inquiryQuote ? Number(id) : 0;
  if (inquiryId > 0) return <ChatQuoteCard inquiryId={inquiryId} quoteId={quoteId} replaced={replaced} />;
  const orderId = Number(id);
  return (
    <button
      type="button"
      className={`mm-chat-card mm-chat-quote${replaced ? ' is-replaced' : ''}`}
      onClick={() => orderId > 0 && navigate(orderDetailPath(orderId))}
      data-testid="chat-quote"
    >
      <span className="mm-chat-product-kind">{t('bubble.quote.10')}</span>
      <strong className="mm-chat-quote-title">{t('bubble.quoteOrder', { id: orderNo || id })}</strong>
      {totalFen !== undefined && (
        <span className="mm-chat-quote-total">{t('bubble.quoteTotal', { amount: formatCents(totalFen) })}</span>
      )}
      <span className="mm-chat-card-note">{replaced ? t('bubble.quoteReplaced') : t('bubble.quoteOpenOrder')}</span>
    </button>
  );
}

/** A red packet (type 6): the web app cannot open one, and says where to. */
export function RedPacketBubble() {
  const { t } = useTranslation('chat');
  return (
    <div className="mm-chat-card mm-chat-red-packet" data-testid="chat-red-packet">
      <strong>{t('summary.6')}</strong>
      <span className="mm-chat-card-note">{t('bubble.redPacket')}</span>
    </div>
  );
}
