import ImageViewer from 'antd-mobile/es/components/image-viewer';
import PictureWrongOutline from 'antd-mobile-icons/es/PictureWrongOutline';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ImageContent {
  imgUrl: string;
  thumbUrl?: string;
  width?: number;
  height?: number;
}

/** The longest edge a picture takes in the list (px); its shape comes from the stored size. */
const MAX_EDGE = 180;
const MIN_EDGE = 72;

function shownSize(width?: number, height?: number) {
  if (!width || !height) return { width: MAX_EDGE * 0.75, height: MAX_EDGE * 0.75 };
  const scale = MAX_EDGE / Math.max(width, height);
  return {
    width: Math.max(MIN_EDGE, Math.round(width * scale)),
    height: Math.max(MIN_EDGE, Math.round(height * scale)),
  };
}

/** A picture message: its thumbnail sized by its shape, a shimmer while it loads; a tap opens it full screen. */
export function ImageBubble({ content }: { content: ImageContent }) {
  const { t } = useTranslation('chat');
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const size = shownSize(content.width, content.height);
  return (
    <button
      type="button"
      className={`mm-chat-image is-${state}`}
      style={size}
      aria-label={t('bubble.image')}
      data-testid="chat-image"
      onClick={() => ImageViewer.show({ image: content.imgUrl })}
    >
      {state === 'failed' ? (
        <span className="mm-chat-image-failed">
          <PictureWrongOutline />
          {t('bubble.imageFailed')}
        </span>
      ) : (
        <img
          className={`mm-chat-image-thumb${state === 'loading' ? ' is-hidden' : ''}`}
          src={content.thumbUrl || content.imgUrl}
          alt=""
          onLoad={() => setState('ready')}
          onError={() => setState('failed')}
        />
      )}
    </button>
  );
}

/** An image emoticon: drawn large, without a bubble. */
export function EmoticonBubble({ imgUrl }: { imgUrl: string }) {
  const { t } = useTranslation('chat');
  return <img className="mm-chat-emoticon" src={imgUrl} alt={t('bubble.emoticon')} data-testid="chat-emoticon" />;
}
