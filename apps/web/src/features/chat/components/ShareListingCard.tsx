import {
  Calls,
  ChatContentType,
  type ChatContentTypeValue,
  ChatProductType,
  CodeFlag,
  EMPTY_PRODUCT_CARD,
  type Language,
  type TChatProductCard,
} from '@metal/shared';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import CloseOutline from 'antd-mobile-icons/es/CloseOutline';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../lib/api';
import { useLanguage } from '../../../lib/i18n';
import { chatKeys } from '../api';
import { ProductCardBody } from './bubbles/ProductBubble';

/**
 * The shared listing as the card shows it before it is sent, in the sender's language (the server
 * makes the stored card, with names in both languages, when it stores the message); null when the
 * server would refuse to share it (not public, and not the user's own).
 */
async function previewCard(
  proType: number,
  proId: number,
  lang: Language,
  signal: AbortSignal,
): Promise<TChatProductCard | null> {
  const options = { signal, quietCodeFlags: [CodeFlag.notFound] };
  const named = (name: string) => ({ 'zh-CN': '', 'en-US': '', [lang]: name }) as TChatProductCard['sortName'];
  if (proType === ChatProductType.stock) {
    const stock = await callApi(Calls.stockDetail, { id: proId }, options);
    if (stock.status !== 'sale' && !stock.isOwn) return null;
    return {
      ...EMPTY_PRODUCT_CARD,
      sortId: stock.sortId,
      sortName: named(stock.sortName),
      productName: stock.productName,
      details: [stock.specifications, stock.brand],
      priceFen: stock.price.unitPriceFen,
      city: stock.city,
      picture: stock.images[0]?.thumbUrl ?? '',
      companyName: stock.shop.name,
    };
  }
  if (proType === ChatProductType.inquiry) {
    const inquiry = await callApi(
      Calls.inquiryDetail,
      { id: proId },
      { ...options, quietCodeFlags: [CodeFlag.forbidden, CodeFlag.notFound] },
    );
    // inquiry/detail answers only a reader the server lets share it (inquiries.links' readable).
    const first = inquiry.specs[0];
    return {
      ...EMPTY_PRODUCT_CARD,
      sortId: inquiry.sortId,
      sortName: named(inquiry.sortName),
      productName: first?.productName ?? '',
      details: [first?.specification ?? ''],
      quantityKg: inquiry.totalQuantityKg,
      city: inquiry.city,
      companyName: inquiry.buyerCompanyName,
    };
  }
  if (proType === ChatProductType.capacity) {
    const capacity = await callApi(Calls.capacityDetail, { id: proId }, options);
    if (capacity.status !== 'passed' && !capacity.mine) return null;
    return {
      ...EMPTY_PRODUCT_CARD,
      sortId: capacity.sortId,
      sortName: named(capacity.sortName),
      productName: capacity.productName,
      details: capacity.attributes.map((a) => a.value),
      picture: capacity.images[0]?.thumbUrl ?? '',
      companyName: capacity.company.name,
    };
  }
  if (proType === ChatProductType.agentBuy) {
    const request = await callApi(
      Calls.agentBuyDetail,
      { id: proId },
      { ...options, quietCodeFlags: [CodeFlag.forbidden, CodeFlag.notFound] },
    );
    if (request.status !== 'open' && request.status !== 'expired' && !request.mine) return null;
    return {
      ...EMPTY_PRODUCT_CARD,
      sortId: request.sortId,
      sortName: named(request.sortName),
      productName: request.text,
      agentKind: request.kind,
      picture: request.photos[0]?.thumbUrl ?? '',
      companyName: request.companyName || request.nickName,
    };
  }
  const shop = await callApi(Calls.shopDetail, { id: proId }, options);
  if (!shop.marks.shopOpen) return null;
  return {
    ...EMPTY_PRODUCT_CARD,
    sortName: named(''),
    productName: shop.name,
    details: [shop.brand],
    city: shop.address.city,
    companyName: shop.name,
  };
}

/** The product link types chat_page can offer to send. */
const SHAREABLE: readonly number[] = Object.values(ChatProductType);

/**
 * chat_page?userId&proType&proId: a slim card above the composer offering to send the listing the user
 * came from (a detail page's chat button) as a product link message, with its own "send link" action
 * so the composer keeps the only "send". The page drops it once it is sent or closed (`onDone`).
 */
export function ShareListingCard({
  proType,
  proId,
  onSend,
  onDone,
}: {
  proType: number;
  proId: number;
  onSend: (type: ChatContentTypeValue, content: Record<string, unknown>) => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('chat');
  const [lang] = useLanguage();
  const shareable = SHAREABLE.includes(proType) && proId > 0;
  const listing = useQuery({
    queryKey: chatKeys.shareListing(proType, proId, lang),
    queryFn: ({ signal }) => previewCard(proType, proId, lang, signal),
    enabled: shareable,
    staleTime: 60_000,
    refetchOnWindowFocus: false,
  });
  if (!shareable || listing.data === null) return null;
  const content = { proType, proId, proCard: listing.data ?? null, sendOrShare: 1 };
  return (
    <section className="mm-chat-share" aria-label={t('share.title')} data-testid="chat-share">
      {listing.data ? (
        <div className="mm-chat-product mm-chat-share-card">
          <ProductCardBody content={content} compact />
        </div>
      ) : listing.isError ? (
        <p className="mm-chat-share-failed">{t('share.failed')}</p>
      ) : (
        <div className="mm-chat-share-loading">
          <DotLoading />
        </div>
      )}
      <div className="mm-chat-share-actions">
        <button type="button" className="mm-chat-share-close" aria-label={t('share.dismiss')} onClick={onDone}>
          <CloseOutline />
        </button>
        <Button
          color="primary"
          fill="outline"
          size="mini"
          disabled={!listing.data}
          data-testid="chat-share-send"
          onClick={() => {
            onSend(ChatContentType.productLink, content);
            onDone();
          }}
        >
          {t('share.send')}
        </Button>
      </div>
    </section>
  );
}
