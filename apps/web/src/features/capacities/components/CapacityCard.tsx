import { capacityAttributeLabel, formatTons, type TCapacityItem } from '@metal/shared';
import PictureOutline from 'antd-mobile-icons/es/PictureOutline';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n';

/** A capacity's name: the poster's product name, or its category when it has none. */
export const capacityTitle = (item: Pick<TCapacityItem, 'productName' | 'sortName'>) =>
  item.productName || item.sortName;

/** Status tags: passed in the theme's calm blue, waiting in copper, not passed in red. */
export function StatusTag({ status }: { status: TCapacityItem['status'] }) {
  const { t } = useTranslation('capacities');
  return (
    <span className={`mm-cap-status is-${status}`} data-testid="capacity-status">
      {t(`status.${status}`)}
    </span>
  );
}

/**
 * One capacity in a list: its cover, name and category, the two tonnages and the first attributes.
 * Tapping it opens it; `aside` sits by the name (a status tag), `children` under the card (review
 * state and actions on capacity_manage).
 */
export function CapacityCard({
  item,
  onOpen,
  aside,
  children,
}: {
  item: TCapacityItem;
  onOpen: () => void;
  aside?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation('capacities');
  const [lang] = useLanguage();
  const attributes = item.attributes
    .slice(0, 3)
    .map((a) => `${capacityAttributeLabel(a.name, lang)} ${a.value}`)
    .join(' · ');
  return (
    <article className="mm-cap-card" data-testid="capacity-card">
      <button type="button" className="mm-cap-card-open" onClick={onOpen}>
        <span className="mm-cap-cover">
          {item.cover ? <img src={item.cover.thumbUrl} alt="" loading="lazy" /> : <PictureOutline aria-hidden="true" />}
        </span>
        <span className="mm-cap-card-main">
          <span className="mm-cap-card-head">
            <strong className="mm-cap-card-title">{capacityTitle(item)}</strong>
            {aside}
          </span>
          {item.productName && <span className="mm-cap-card-sort">{item.sortName}</span>}
          <span className="mm-cap-card-tons">
            <span>
              {t('manage.minOrder')} <b>{t('tons', { tons: formatTons(item.minOrderKg) })}</b>
            </span>
            <span>
              {t('manage.monthlyOutput')} <b>{t('tons', { tons: formatTons(item.monthlyOutputKg) })}</b>
            </span>
          </span>
          {attributes && <span className="mm-cap-card-attrs">{attributes}</span>}
        </span>
      </button>
      {children}
    </article>
  );
}
