import type { TImageLinks } from '@metal/shared';
import ImageViewer from 'antd-mobile/es/components/image-viewer';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A licence's thumbnail; tapping it shows the full image (both through the links the server signed). */
export function LicenceImage({ image, testId }: { image: TImageLinks; testId?: string }) {
  const { t } = useTranslation('licences');
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="mm-licence-image"
        onClick={() => setOpen(true)}
        aria-label={t('page.view')}
        data-testid={testId}
      >
        <img src={image.thumbUrl} alt={t('page.view')} />
      </button>
      <ImageViewer image={image.url} visible={open} onClose={() => setOpen(false)} />
    </>
  );
}
