import {
  ChatProductType,
  formatCents,
  productCardText,
  type TChatProductCard,
  type TChatProductInfo,
} from '@metal/shared';
import ShopbagOutline from 'antd-mobile-icons/es/ShopbagOutline';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLanguage } from '../../../../lib/i18n';
import {
  agentBuyDetailPath,
  capacityDetailPath,
  companyPath,
  inquiryDetailPath,
  stockDetailPath,
} from '../../../../lib/navigation';
import { priceToneClass } from '../../../../lib/priceTone';

export interface ProductContent {
  proType: number;
  proId: number | string;
  /** The card's facts (issue 16): worded in the reader's language. */
  proCard?: TChatProductCard | null;
  /** The card worded by the sender's side: what shows without a proCard (an old message whose listing was gone). */
  proInfo?: Partial<TChatProductInfo> | null;
}

/** Where a product link opens: its object's page. */
export function productPath(proType: number, proId: number | string): string | null {
  const id = Number(proId);
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  if (proType === ChatProductType.stock) return stockDetailPath(id);
  if (proType === ChatProductType.inquiry) return inquiryDetailPath(id);
  if (proType === ChatProductType.capacity) return capacityDetailPath(id);
  if (proType === ChatProductType.shop) return companyPath(id);
  if (proType === ChatProductType.agentBuy) return agentBuyDetailPath(id);
  return null;
}

/** The card's words in the reader's language from its facts, else as the sender's side worded them. */
function useCardText(content: ProductContent): Partial<TChatProductInfo> {
  const [lang] = useLanguage();
  return content.proCard ? productCardText(content.proCard, lang) : (content.proInfo ?? {});
}

/**
 * The card itself, shared by the message bubble and chat_page's "send this listing" row, which is
 * `compact`: without the kind tag and the company, so it stays one slim row.
 */
export function ProductCardBody({ content, compact = false }: { content: ProductContent; compact?: boolean }) {
  const { t } = useTranslation('chat');
  const info = useCardText(content);
  const price = typeof info.priceFen === 'number' ? t('bubble.pricePerTon', { price: formatCents(info.priceFen) }) : '';
  return (
    <>
      <span className="mm-chat-product-picture" aria-hidden="true">
        {info.picture ? <img src={info.picture} alt="" loading="lazy" /> : <ShopbagOutline />}
      </span>
      <span className="mm-chat-product-text">
        {!compact && (
          <span className="mm-chat-product-kind">
            {t(`bubble.productType.${content.proType}` as 'bubble.productType.1')}
          </span>
        )}
        <strong className="mm-chat-product-title">{info.title || t('summary.7')}</strong>
        {info.summary && <span className="mm-chat-card-note">{info.summary}</span>}
        {price && <span className={`mm-chat-product-price ${priceToneClass('neutral')}`}>{price}</span>}
        {!compact && info.companyName && info.companyName !== info.title && (
          <span className="mm-chat-card-note">{info.companyName}</span>
        )}
      </span>
    </>
  );
}

/** A product link message (type 7): the listing as it was when shared; a tap opens it. */
export function ProductBubble({ content }: { content: ProductContent }) {
  const navigate = useNavigate();
  const path = productPath(content.proType, content.proId);
  return (
    <button
      type="button"
      className="mm-chat-card mm-chat-product"
      data-testid="chat-product"
      disabled={!path}
      onClick={() => path && navigate(path)}
    >
      <ProductCardBody content={content} />
    </button>
  );
}
