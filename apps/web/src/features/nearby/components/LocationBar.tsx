import ActionSheet from 'antd-mobile/es/components/action-sheet';
import EnvironmentOutline from 'antd-mobile-icons/es/EnvironmentOutline';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRegionName } from '../../../lib/regionName';
import { usePlaceName } from '../api';
import type { NearbyPoint } from '../location';

/** Where the lists are measured from, and the ways to change it. */
export function LocationBar({
  point,
  onRelocate,
  onPickCity,
  onSearchPlace,
}: {
  point: NearbyPoint;
  onRelocate: () => void;
  onPickCity: () => void;
  onSearchPlace: () => void;
}) {
  const { t } = useTranslation('nearby');
  const regionName = useRegionName();
  const [choosing, setChoosing] = useState(false);
  const located = point.source === 'located';
  const placeName = usePlaceName(located ? point : null);
  const label = located
    ? placeName.data?.formatted_address
      ? t('location.hereNamed', { name: placeName.data.formatted_address })
      : t('location.here')
    : point.source === 'city'
      ? // A picked city is kept as its Chinese names ("广东省 佛山市") and shown in the reader's language.
        t('location.city', { name: point.name.split(' ').map(regionName).join(' ') })
      : t('location.place', { name: point.name });
  return (
    <div className="mm-nb-location" data-testid="location-bar">
      <EnvironmentOutline aria-hidden="true" />
      <span className="mm-nb-location-label" data-testid="location-label">
        {label}
      </span>
      <button type="button" className="mm-link" onClick={() => setChoosing(true)} data-testid="change-location">
        {t('location.change')}
      </button>
      <ActionSheet
        visible={choosing}
        onClose={() => setChoosing(false)}
        cancelText={t('location.cancel')}
        closeOnAction
        actions={[
          { key: 'relocate', text: t('location.relocate'), onClick: onRelocate },
          { key: 'city', text: t('location.pickCity'), onClick: onPickCity },
          { key: 'place', text: t('location.searchPlace'), onClick: onSearchPlace },
        ]}
      />
    </div>
  );
}
