import type { TOrderSlip } from '@metal/shared';
import Image from 'antd-mobile/es/components/image';
import { useTranslation } from 'react-i18next';

/**
 * One handed-in transfer slip: a caption (its time, in the wording of where it shows) with the buyer's
 * note, and its pictures; in the order's payment card and in the sheet that returns it.
 */
export function SlipCard({
  slip,
  caption,
  photoSize,
  testId,
}: {
  slip: TOrderSlip;
  caption: string;
  photoSize: number;
  testId: string;
}) {
  const { t } = useTranslation('orders');
  return (
    <div className="mm-order-slip" data-testid={testId}>
      <span className="mm-order-muted">
        {caption}
        {slip.note && ` · ${slip.note}`}
      </span>
      <div className="mm-order-photos">
        {slip.urls.map((url) => (
          <Image key={url} src={url} width={photoSize} height={photoSize} fit="cover" alt={t('payment.slip')} />
        ))}
      </div>
    </div>
  );
}
