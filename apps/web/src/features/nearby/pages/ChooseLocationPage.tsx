import { formatDistanceKm, isInMainland, type TPlace } from '@metal/shared';
import Skeleton from 'antd-mobile/es/components/skeleton';
import EnvironmentOutline from 'antd-mobile-icons/es/EnvironmentOutline';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { Page, useBack } from '../../../components/Page';
import { Dialog, useDialogsClosedOnLeave } from '../../../lib/dialog';
import { currentPoint, LocateError, type LocateFailure } from '../../../lib/geolocation';
import { Paths } from '../../../lib/navigation';
import { type LngLat, reverseGeocode, usePlaceSearch } from '../api';
import { putChosenLocation } from '../location';
import '../locale';
import '../nearby.css';
import { SearchField } from '../../../components/SearchField';

/** How long typing may pause before the search runs. */
const SEARCH_PAUSE_MS = 400;

function nearFrom(params: URLSearchParams): LngLat | null {
  const lng = Number(params.get('lng'));
  const lat = Number(params.get('lat'));
  return params.has('lng') && params.has('lat') && isInMainland({ lon: lng, lat }) ? { lng, lat } : null;
}

function keyFrom(params: URLSearchParams): string {
  const key = params.get('key') ?? '';
  return /^[a-z0-9_-]{1,40}$/i.test(key) ? key : 'default';
}

function PlaceRow({ place, onPick }: { place: TPlace; onPick: () => void }) {
  return (
    <button type="button" className="mm-nb-place" onClick={onPick} data-testid="place">
      <EnvironmentOutline aria-hidden="true" />
      <span className="mm-nb-main">
        <strong className="mm-nb-name">
          <span className="mm-nb-name-text">{place.name}</span>
        </strong>
        {place.address && place.address !== place.name && <span className="mm-nb-meta">{place.address}</span>}
      </span>
      {place.distanceM !== null && <span className="mm-nb-distance">{formatDistanceKm(place.distanceM / 1000)}</span>}
    </button>
  );
}

/**
 * SPEC §2 pagesA/choose_location: search for a place (`map/place_search`, nearest first around the caller's point when
 * it gave one) or take the user's own position, and hand the pick back to the page that opened it (features/nearby
 * index.ts says how). Going back without a pick hands nothing back (SPEC §8 'chooseLocation:fail cancel').
 */
export default function ChooseLocationPage() {
  const { t } = useTranslation('nearby');
  useDialogsClosedOnLeave();
  const [params] = useSearchParams();
  const back = useBack(Paths.nearby);
  const key = keyFrom(params);
  const near = useMemo(() => nearFrom(params), [params]);
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [locating, setLocating] = useState(false);
  const composing = useRef(false);
  const places = usePlaceSearch(keyword, near);

  useEffect(() => {
    if (composing.current) return;
    const timer = setTimeout(() => setKeyword(typed.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const pick = (place: TPlace) => {
    putChosenLocation(key, place);
    back();
  };

  const explainSettings = () =>
    Dialog.alert({
      title: t('failed.settingsTitle'),
      content: <p className="mm-nb-steps">{t('failed.settingsSteps')}</p>,
      confirmText: t('failed.gotIt'),
    });

  const failed = (reason: LocateFailure) =>
    Dialog.show({
      title: t('failed.title'),
      content: (
        <div data-testid="locate-failed">
          <p>{t(`failed.${reason}`)}</p>
        </div>
      ),
      closeOnAction: true,
      actions: [
        ...(reason === 'unsupported' || reason === 'outsideMainland'
          ? []
          : [[{ key: 'settings', text: t('failed.goToSettings'), bold: true, onClick: () => void explainSettings() }]]),
        [{ key: 'cancel', text: t('location.cancel') }],
      ],
    });

  const pickHere = async () => {
    setLocating(true);
    try {
      const { lng, lat } = await currentPoint();
      const geocode = await reverseGeocode({ lng, lat }).catch(() => null);
      const component = geocode?.addressComponent;
      pick({
        name: geocode?.formatted_address || t('location.here'),
        address: geocode?.formatted_address ?? '',
        phone: '',
        poiType: 'location',
        lonlat: `${lng},${lat}`,
        hotPointID: '',
        distance: '',
        lng,
        lat,
        distanceM: null,
        province: component?.province ?? '',
        city: component?.city ?? '',
        district: component?.county ?? '',
      });
    } catch (error) {
      failed(error instanceof LocateError ? error.reason : 'unavailable');
    } finally {
      setLocating(false);
    }
  };

  let results: ReactNode;
  if (!keyword) {
    results = <p className="mm-nb-hint">{t('choose.prompt')}</p>;
  } else if (places.isError && !places.data) {
    results = <ErrorScreen error={places.error} onRetry={() => void places.refetch()} />;
  } else if (!places.data) {
    results = (
      <section className="mm-card mm-nb-pad" aria-busy="true">
        <Skeleton.Paragraph lineCount={4} animated />
      </section>
    );
  } else if (places.data.pois.length === 0) {
    results = (
      <EmptyState
        kind="search"
        title={t('choose.empty', { keyword: places.data.keyWord })}
        description={t('choose.emptyText')}
      />
    );
  } else {
    results = (
      <>
        {near && <p className="mm-nb-hint">{t('choose.nearHint')}</p>}
        <section className="mm-card mm-nb-list" data-testid="places">
          {places.data.pois.map((place) => (
            <PlaceRow key={`${place.hotPointID}-${place.lonlat}`} place={place} onPick={() => pick(place)} />
          ))}
        </section>
      </>
    );
  }

  return (
    <Page title={t('choose.title')} backTo={Paths.nearby} className="mm-nb">
      <div className="mm-nb-search">
        <SearchField
          placeholder={t('choose.placeholder')}
          value={typed}
          maxLength={50}
          onChange={setTyped}
          onSearch={setKeyword}
          keepResultsOnClear
          onCompositionStart={() => {
            composing.current = true;
          }}
          onCompositionEnd={(event) => {
            composing.current = false;
            setTyped((event.target as HTMLInputElement).value);
          }}
        />
      </div>
      <button
        type="button"
        className="mm-card mm-nb-here"
        onClick={() => void pickHere()}
        disabled={locating}
        data-testid="use-here"
      >
        <EnvironmentOutline aria-hidden="true" />
        <span className="mm-nb-main">
          <strong>{locating ? t('choose.locating') : t('choose.useHere')}</strong>
          <span className="mm-nb-meta">{t('choose.useHereText')}</span>
        </span>
        <RightOutline aria-hidden="true" />
      </button>
      {places.data?.source === 'offline' && <p className="mm-nb-hint">{t('choose.offlineHint')}</p>}
      {results}
    </Page>
  );
}
