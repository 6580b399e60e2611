import { NEARBY_RADII_KM, type NearbyRadiusKm } from '@metal/shared';
import { useTranslation } from 'react-i18next';

/** SPEC §9's 5 km, or wider where traders are sparse. */
export function RadiusChooser({ value, onChange }: { value: NearbyRadiusKm; onChange: (km: NearbyRadiusKm) => void }) {
  const { t } = useTranslation('nearby');
  return (
    <div className="mm-nb-radius">
      <span className="mm-nb-radius-label">{t('radius.label')}</span>
      {NEARBY_RADII_KM.map((km) => (
        <button
          key={km}
          type="button"
          className={`mm-nb-radius-option${km === value ? ' is-active' : ''}`}
          aria-pressed={km === value}
          onClick={() => onChange(km)}
        >
          {t('radius.km', { km })}
        </button>
      ))}
    </div>
  );
}
