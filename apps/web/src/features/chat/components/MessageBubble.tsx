import { ChatContentType, emoticonOf, productCardOf } from '@metal/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShownMessage } from '../conversations';
import { contentOf, messageSummary, textOf } from '../summary';
import { ActionBubble } from './bubbles/ActionBubble';
import { FileBubble } from './bubbles/FileBubble';
import { EmoticonBubble, ImageBubble } from './bubbles/ImageBubble';
import { LocationBubble } from './bubbles/LocationBubble';
import { NewsBubble } from './bubbles/NewsBubble';
import { ProductBubble } from './bubbles/ProductBubble';
import { QuoteBubble, RedPacketBubble } from './bubbles/QuoteBubble';
import { TextBubble } from './bubbles/TextBubble';
import { VoiceBubble } from './bubbles/VoiceBubble';

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const finite = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const someId = (value: unknown) => (typeof value === 'number' || typeof value === 'string' ? String(value) : '');

/** The renderer for a message's content, or null when the content lacks what its type needs. */
function bubbleFor(message: ShownMessage, content: Record<string, unknown>): ReactNode {
  switch (message.type) {
    case ChatContentType.image: {
      const imgUrl = text(content.imgUrl);
      if (!imgUrl) return null;
      if (content.emoticon === true && emoticonOf(imgUrl)) return <EmoticonBubble imgUrl={imgUrl} />;
      return (
        <ImageBubble
          content={{
            imgUrl,
            thumbUrl: text(content.thumbUrl),
            width: finite(content.width),
            height: finite(content.height),
          }}
        />
      );
    }
    case ChatContentType.file: {
      const urlPath = text(content.urlPath);
      return urlPath ? (
        <FileBubble content={{ urlPath, name: text(content.name), size: finite(content.size) }} />
      ) : null;
    }
    case ChatContentType.voice: {
      const filePath = text(content.filePath);
      return filePath ? <VoiceBubble content={{ filePath, duration: finite(content.duration) ?? 1 }} /> : null;
    }
    case ChatContentType.location: {
      const lat = finite(content.lat);
      const lgt = finite(content.lgt);
      if (lat === undefined || lgt === undefined) return null;
      return <LocationBubble content={{ address: text(content.address), lat, lgt, name: text(content.name) }} />;
    }
    case ChatContentType.redPacket:
      return <RedPacketBubble />;
    case ChatContentType.productLink: {
      const proType = finite(content.proType);
      const proId = someId(content.proId);
      if (proType === undefined || !proId) return null;
      const info = content.proInfo && typeof content.proInfo === 'object' ? content.proInfo : null;
      return <ProductBubble content={{ proType, proId, proInfo: info, proCard: productCardOf(content) }} />;
    }
    case ChatContentType.news: {
      const title = text(content.title);
      return title ? (
        <NewsBubble content={{ title, intro: text(content.intro), image_path: text(content.image_path) }} />
      ) : null;
    }
    case ChatContentType.stockOrderQuote:
    case ChatContentType.inquiryQuote: {
      const id = someId(message.type === ChatContentType.stockOrderQuote ? content.orderId : content.inquiryId);
      return (
        <QuoteBubble
          type={message.type}
          id={id}
          quoteId={finite(content.quoteId) ?? 0}
          orderNo={text(content.orderNo)}
          totalFen={finite(content.totalFen)}
          replaced={message.replaced ?? false}
        />
      );
    }
    default:
      return null;
  }
}

/**
 * One message's bubble, chosen by its content type (SPEC §3). Each type's renderer lives in
 * bubbles/; a type without one (or malformed content) shows its localized summary, e.g. "[Image]".
 */
export function MessageBubble({ message }: { message: ShownMessage }) {
  const { t } = useTranslation('chat');
  if (message.recalled || message.type === ChatContentType.action) return <ActionBubble message={message} />;
  if (!message.recalled && message.type === ChatContentType.text) {
    const mesg = textOf(message);
    if (mesg !== null) return <TextBubble text={mesg} />;
  }
  const content = contentOf(message);
  const bubble = content ? bubbleFor(message, content) : null;
  if (bubble) return bubble;
  return <div className="mm-chat-bubble is-summary">{messageSummary(t, message)}</div>;
}
