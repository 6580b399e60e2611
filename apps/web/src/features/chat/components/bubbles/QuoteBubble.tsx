import { ChatContentType } from '@metal/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { inquiryDetailPath } from '../../../../lib/navigation';

/**
 * A quote message (type 10 for a stock order, 11 for an inquiry). A newer quote for the same order or
 * inquiry replaces it, and it says so. An inquiry quote opens inquiry_detail, where the buyer compares
 * and answers quotes; stock orders have no page yet.
 */
export function QuoteBubble({ type, id, replaced }: { type: number; id: string; replaced: boolean }) {
  const { t } = useTranslation('chat');
  const navigate = useNavigate();
  const stock = type === ChatContentType.stockOrderQuote;
  const inquiryId = stock ? 0 : Number(id);
  const className = `mm-chat-card mm-chat-quote${replaced ? ' is-replaced' : ''}`;
  const body = (
    <>
      <span className="mm-chat-product-kind">{t(stock ? 'bubble.quote.10' : 'bubble.quote.11')}</span>
      <strong className="mm-chat-quote-title">{t(stock ? 'bubble.quoteOrder' : 'bubble.quoteInquiry', { id })}</strong>
      <span className="mm-chat-card-note">
        {replaced ? t('bubble.quoteReplaced') : t(inquiryId > 0 ? 'bubble.quoteOpenInquiry' : 'bubble.quoteOpenInApp')}
      </span>
    </>
  );
  if (inquiryId > 0)
    return (
      <button
        type="button"
        className={className}
        data-testid="chat-quote"
        onClick={() => navigate(inquiryDetailPath(inquiryId))}
      >
        {body}
      </button>
    );
  return (
    <div className={className} data-testid="chat-quote">
      {body}
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
