import {
  Calls,
  ChatContentType,
  type ChatContentTypeValue,
  ChatProductType,
  CodeFlag,
  type TChatProductInfo,
} from '@metal/shared';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import CloseOutline from 'antd-mobile-icons/es/CloseOutline';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../lib/api';
import { useLanguage } from '../../../lib/i18n';
import { chatKeys } from '../api';
import { ProductCardBody } from './bubbles/ProductBubble';

const joined = (parts: string[]) => parts.filter(Boolean).join(' · ');

/**
 * The shared listing as the card shows it (the server makes its own snapshot when it stores the
 * message); null when the server would refuse to share it (not public, and not the user's own).
 */
async function listingInfo(proType: number, proId: number, signal: AbortSignal): Promise<TChatProductInfo | null> {
  const options = { signal, quietCodeFlags: [CodeFlag.notFound] };
  if (proType === ChatProductType.stock) {
    const stock = await callApi(Calls.stockDetail, { id: proId }, options);
    if (stock.status !== 'sale' && !stock.isOwn) return null;
    return {
      title: stock.productName || stock.sortName,
      summary: joined([stock.productName ? stock.sortName : '', stock.specifications, stock.brand, stock.city]),
      priceFen: stock.price.unitPriceFen,
      picture: stock.images[0]?.thumbUrl ?? '',
      companyName: stock.shop.name,
    };
  }
  if (proType === ChatProductType.capacity) {
    const capacity = await callApi(Calls.capacityDetail, { id: proId }, options);
    if (capacity.status !== 'passed' && !capacity.mine) return null;
    return {
      title: capacity.productName || capacity.sortName,
      summary: joined([capacity.productName ? capacity.sortName : '', ...capacity.attributes.map((a) => a.value)]),
      priceFen: null,
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
      title: request.text || request.sortName,
      summary: request.sortName,
      priceFen: null,
      picture: request.photos[0]?.thumbUrl ?? '',
      companyName: request.companyName || request.nickName,
    };
  }
  const shop = await callApi(Calls.shopDetail, { id: proId }, options);
  if (!shop.marks.shopOpen) return null;
  return {
    title: shop.name,
    summary: joined([shop.brand, shop.address.city]),
    priceFen: null,
    picture: '',
    companyName: shop.name,
  };
}

/** The product link types chat_page can offer to send (inquiries come with their module). */
const SHAREABLE: readonly number[] = [
  ChatProductType.stock,
  ChatProductType.capacity,
  ChatProductType.shop,
  ChatProductType.agentBuy,
];

/**
 * chat_page?userId&proType&proId: a card above the composer offering to send the listing the user came
 * from (stock_detail's chat button) as a product link message. It goes once sent or closed.
 */
export function ShareListingCard({
  proType,
  proId,
  onSend,
}: {
  proType: number;
  proId: number;
  onSend: (type: ChatContentTypeValue, content: Record<string, unknown>) => void;
}) {
  const { t } = useTranslation('chat');
  const [lang] = useLanguage();
  const [open, setOpen] = useState(true);
  const shareable = SHAREABLE.includes(proType) && proId > 0;
  const listing = useQuery({
    queryKey: chatKeys.shareListing(proType, proId, lang),
    queryFn: ({ signal }) => listingInfo(proType, proId, signal),
    enabled: shareable && open,
    staleTime: 60_000,
    refetchOnWindowFocus: false,
  });
  if (!shareable || !open || listing.data === null) return null;
  const content = { proType, proId, proInfo: listing.data ?? null, sendOrShare: 1 };
  return (
    <section className="mm-chat-share" aria-label={t('share.title')} data-testid="chat-share">
      <div className="mm-chat-share-head">
        <span>{t('share.title')}</span>
        <button
          type="button"
          className="mm-chat-share-close"
          aria-label={t('share.dismiss')}
          onClick={() => setOpen(false)}
        >
          <CloseOutline />
        </button>
      </div>
      <div className="mm-chat-share-body">
        {listing.data ? (
          <div className="mm-chat-card mm-chat-product">
            <ProductCardBody content={content} />
          </div>
        ) : listing.isError ? (
          <p className="mm-chat-share-failed">{t('share.failed')}</p>
        ) : (
          <div className="mm-chat-share-loading">
            <DotLoading />
          </div>
        )}
        <Button
          color="primary"
          size="small"
          disabled={!listing.data}
          data-testid="chat-share-send"
          onClick={() => {
            onSend(ChatContentType.productLink, content);
            setOpen(false);
          }}
        >
          {t('share.send')}
        </Button>
      </div>
    </section>
  );
}
