import type { TShopDetail } from '@metal/shared';
import { useTranslation } from 'react-i18next';

/** The credentials a buyer judges a supplier by, each shown only when earned. */
export function Marks({ marks }: { marks: Pick<TShopDetail['marks'], 'licence' | 'realName' | 'certified'> }) {
  const { t } = useTranslation('shops');
  const earned = (['certified', 'licence', 'realName'] as const).filter((mark) => marks[mark]);
  if (earned.length === 0) return null;
  return (
    <span className="mm-shop-marks">
      {earned.map((mark) => (
        <span key={mark} className={`mm-shop-mark is-${mark}`}>
          {t(`marks.${mark}`)}
        </span>
      ))}
    </span>
  );
}
