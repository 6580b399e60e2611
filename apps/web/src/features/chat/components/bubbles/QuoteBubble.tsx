import { ChatContentType } from '@metal/shared';
import { useTranslation } from 'react-i18next';

/**
 * A quote message (type 10 for a stock order, 11 for an inquiry). A newer quote for the same order or
 * inquiry replaces it, and it says so. Quotes are answered in the procurement pages, not built yet.
 */
export function QuoteBubble({ type, id, replaced }: { type: number; id: string; replaced: boolean }) {
  const { t } = useTranslation('chat');
  const stock = type === ChatContentType.stockOrderQuote;
  return (
    <div className={`mm-chat-card mm-chat-quote${replaced ? ' is-replaced' : ''}`} data-testid="chat-quote">
      <span className="mm-chat-product-kind">{t(stock ? 'bubble.quote.10' : 'bubble.quote.11')}</span>
      <strong className="mm-chat-quote-title">{t(stock ? 'bubble.quoteOrder' : 'bubble.quoteInquiry', { id })}</strong>
      <span className="mm-chat-card-note">{replaced ? t('bubble.quoteReplaced') : t('bubble.quoteOpenInApp')}</span>
    </div>
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
