import { useTranslation } from 'react-i18next';
import {
  FAR_FROM_CENTRE_KM,
  formatCoordinate,
  formatKm,
  kmFromCentre,
  type MapPoint,
  type RegionNames,
} from '../address';

/**
 * Which map point is used and where it is: the district's centre, or a located or saved point with its
 * distance from that centre (and a warning when it is far off).
 */
export function PointSummary({
  point,
  names,
  showSource = true,
}: {
  point: MapPoint | null;
  names: RegionNames;
  /** Off where the card around it already names the source. */
  showSource?: boolean;
}) {
  const { t } = useTranslation('companies');
  const district = names.district.name;
  const shown = point ?? names.district;
  const km = point ? kmFromCentre(point, names.district) : 0;
  const label = !point
    ? t('address.pointCentre', { district })
    : point.source === 'located'
      ? t('address.pointLocated')
      : t('address.pointSaved');
  return (
    <div className="mm-co-point" data-testid="point-summary">
      {showSource && <p className="mm-co-point-source">{label}</p>}
      <p className="mm-co-point-coords">
        {t('address.coordinates', {
          longitude: formatCoordinate(shown.lng),
          latitude: formatCoordinate(shown.lat),
        })}
        {point?.accuracy !== undefined && ` · ${t('choose.accuracy', { metres: Math.round(point.accuracy) })}`}
      </p>
      {point &&
        (km > FAR_FROM_CENTRE_KM ? (
          <p className="mm-co-point-far" role="alert">
            {t('address.farFromCentre', { km: formatKm(km), district })}
          </p>
        ) : (
          <p className="mm-co-point-coords">{t('address.fromCentre', { km: formatKm(km), district })}</p>
        ))}
    </div>
  );
}
