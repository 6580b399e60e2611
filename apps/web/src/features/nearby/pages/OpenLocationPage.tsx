import { distanceKm, formatDistanceKm, isInMainland } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import EnvironmentOutline from 'antd-mobile-icons/es/EnvironmentOutline';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { Page } from '../../../components/Page';
import { showFail } from '../../../lib/feedback';
import { currentPoint, LocateError } from '../../../lib/geolocation';
import '../locale';
import '../nearby.css';

/**
 * Links that open a GCJ-02 point in the map apps people in China use (both take GCJ-02 as it is): Amap's marker URI
 * and Baidu's marker page, which converts from GCJ-02 itself when told the coordinate type.
 */
export function mapAppLinks(point: { lng: number; lat: number; name: string; address: string }) {
  const amap = new URLSearchParams({
    position: `${point.lng},${point.lat}`,
    name: point.name,
    coordinate: 'gaode',
    callnative: '1',
  });
  const baidu = new URLSearchParams({
    location: `${point.lat},${point.lng}`,
    title: point.name,
    content: point.address,
    output: 'html',
    coord_type: 'gcj02',
    src: 'webapp.metalmarket.nearby',
  });
  return {
    amap: `https://uri.amap.com/marker?${amap}`,
    baidu: `https://api.map.baidu.com/marker?${baidu}`,
  };
}

/**
 * SPEC §2 pagesA/open_location: a place (GCJ-02 lng/lat with its name and address) shown with its coordinates and the
 * distance from the user, and opened in a map app; the app draws no map of its own.
 */
export default function OpenLocationPage() {
  const { t } = useTranslation('nearby');
  const [params] = useSearchParams();
  const lng = Number(params.get('lng'));
  const lat = Number(params.get('lat'));
  const name = params.get('name') ?? '';
  const address = params.get('address') ?? '';
  const [away, setAway] = useState<number | null>(null);
  const [locating, setLocating] = useState(false);
  const valid = params.has('lng') && params.has('lat') && isInMainland({ lon: lng, lat });

  const measure = () => {
    setLocating(true);
    currentPoint()
      .then((here) => setAway(distanceKm({ lon: here.lng, lat: here.lat }, { lon: lng, lat })))
      .catch((error: unknown) =>
        showFail(`${t('failed.title')}: ${t(`failed.${error instanceof LocateError ? error.reason : 'unavailable'}`)}`),
      )
      .finally(() => setLocating(false));
  };

  if (!valid) {
    return (
      <Page title={t('open.title')} className="mm-nb">
        <EmptyState kind="lost" title={t('open.invalid')} />
      </Page>
    );
  }
  const links = mapAppLinks({ lng, lat, name: name || t('open.untitled'), address });
  return (
    <Page title={t('open.title')} className="mm-nb">
      <section className="mm-card mm-nb-open" data-testid="open-location">
        <h1>
          <EnvironmentOutline aria-hidden="true" /> {name || t('open.untitled')}
        </h1>
        {address && <p>{address}</p>}
        <p className="mm-nb-meta">{t('open.coordinates', { lng: lng.toFixed(6), lat: lat.toFixed(6) })}</p>
        {away === null ? (
          <Button size="small" fill="outline" color="primary" shape="rounded" loading={locating} onClick={measure}>
            {t('open.measure')}
          </Button>
        ) : (
          <p className="mm-nb-open-away" data-testid="away">
            {t('open.away', { distance: formatDistanceKm(away) })}
          </p>
        )}
      </section>
      <section className="mm-card mm-nb-open-apps">
        <a className="mm-nb-open-app" href={links.amap} target="_blank" rel="noopener noreferrer">
          {t('open.amap')}
        </a>
        <a className="mm-nb-open-app" href={links.baidu} target="_blank" rel="noopener noreferrer">
          {t('open.baidu')}
        </a>
      </section>
    </Page>
  );
}
