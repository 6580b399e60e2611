import { ChatProductType, formatCents, type TChatProductInfo } from '@metal/shared';
import ShopbagOutline from 'antd-mobile-icons/es/ShopbagOutline';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { agentBuyDetailPath, Paths, stockDetailPath } from '../../../../lib/navigation';
import { priceToneClass } from '../../../../lib/priceTone';

export interface ProductContent {
  proType: number;
  proId: number | string;
  proInfo?: Partial<TChatProductInfo> | null;
}

/** Where a product link opens: its listing's page (inquiries have none yet). */
export function productPath(proType: number, proId: number | string): string | null {
  const id = encodeURIComponent(String(proId));
  if (proType === ChatProductType.stock) return stockDetailPath(Number(proId));
  if (proType === ChatProductType.capacity) return `${Paths.capacityDetail}?id=${id}`;
  if (proType === ChatProductType.shop) return `${Paths.company}?id=${id}`;
  if (proType === ChatProductType.agentBuy) return agentBuyDetailPath(Number(proId));
  return null;
}

/** The card itself, shared by the message bubble and chat_page's "send this listing" card. */
export function ProductCardBody({ content }: { content: ProductContent }) {
  const { t } = useTranslation('chat');
  const info = content.proInfo ?? {};
  const price = typeof info.priceFen === 'number' ? t('bubble.pricePerTon', { price: formatCents(info.priceFen) }) : '';
  return (
    <>
      <span className="mm-chat-product-picture" aria-hidden="true">
        {info.picture ? <img src={info.picture} alt="" loading="lazy" /> : <ShopbagOutline />}
      </span>
      <span className="mm-chat-product-text">
        <span className="mm-chat-product-kind">
          {t(`bubble.productType.${content.proType}` as 'bubble.productType.1')}
        </span>
        <strong className="mm-chat-product-title">{info.title || t('summary.7')}</strong>
        {info.summary && <span className="mm-chat-card-note">{info.summary}</span>}
        {price && <span className={`mm-chat-product-price ${priceToneClass('neutral')}`}>{price}</span>}
        {info.companyName && info.companyName !== info.title && (
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
