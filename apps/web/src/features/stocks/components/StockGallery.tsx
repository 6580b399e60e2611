import type { TStockDetail } from '@metal/shared';
import ImageViewer from 'antd-mobile/es/components/image-viewer';
import Swiper from 'antd-mobile/es/components/swiper';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A listing's pictures as a carousel, each opening the full-screen viewer. Its own chunk: the carousel
 * and the viewer (with their animation and gesture libraries) are the detail page's heaviest code, and
 * a shared link's first screen shows the first picture without them (StockDetailPage's Gallery).
 */
export default function StockGallery({ images }: { images: TStockDetail['images'] }) {
  const { t } = useTranslation('stocks');
  const [viewing, setViewing] = useState<number | null>(null);
  return (
    <>
      <Swiper loop={images.length > 1}>
        {images.map((image, index) => (
          <Swiper.Item key={image.url}>
            <button type="button" className="mm-stock-slide" onClick={() => setViewing(index)}>
              <img src={image.url} alt={t('detail.picture', { index: index + 1 })} />
            </button>
          </Swiper.Item>
        ))}
      </Swiper>
      <ImageViewer.Multi
        visible={viewing !== null}
        images={images.map((image) => image.url)}
        defaultIndex={viewing ?? 0}
        onClose={() => setViewing(null)}
      />
    </>
  );
}
