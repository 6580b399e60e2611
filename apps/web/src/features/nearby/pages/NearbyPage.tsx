import {
  NEARBY_DEFAULT_RADIUS_KM,
  NEARBY_RADII_KM,
  type NearbyRadiusKm,
  type TNearbyCompany,
  type TStockSummary,
} from '@metal/shared';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import Skeleton from 'antd-mobile/es/components/skeleton';
import SpinLoading from 'antd-mobile/es/components/spin-loading';
import Tabs from 'antd-mobile/es/components/tabs';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { Page } from '../../../components/Page';
import { useDialogsClosedOnLeave } from '../../../lib/dialog';
import { currentPoint, LocateError, type LocateFailure } from '../../../lib/geolocation';
import { Paths, rootPath } from '../../../lib/navigation';
import { StockRow } from '../../stocks/components/StockRow';
import { type LngLat, useNearbyCompanies, useNearbyStock } from '../api';
import { CityPicker } from '../components/CityPicker';
import { CompanyRow } from '../components/CompanyRow';
import { LocateFailed } from '../components/LocateFailed';
import { LocationBar } from '../components/LocationBar';
import { RadiusChooser } from '../components/RadiusChooser';
import { chooseLocationPath, type NearbyPoint, nearbyPointStore, takeChosenLocation } from '../location';
import '../locale';
import '../nearby.css';

const TABS = ['companies', 'stock'] as const;
type NearbyTab = (typeof TABS)[number];

/** choose_location hands its pick back to this page under this key. */
const PICK_KEY = 'nearby';

function parseRadius(value: string | null): NearbyRadiusKm {
  const km = Number(value);
  return (NEARBY_RADII_KM as readonly number[]).includes(km) ? (km as NearbyRadiusKm) : NEARBY_DEFAULT_RADIUS_KM;
}

type PointState =
  | { status: 'ready'; point: NearbyPoint }
  | { status: 'locating' }
  | { status: 'failed'; reason: LocateFailure };

/**
 * Where the page looks around: a place just picked on choose_location, else the point of this tab's session, else
 * the device's position (corrected to GCJ-02 by currentPoint).
 */
function useNearbyPoint() {
  const [state, setState] = useState<PointState>(() => {
    const picked = takeChosenLocation(PICK_KEY);
    if (picked) nearbyPointStore.write({ lng: picked.lng, lat: picked.lat, source: 'place', name: picked.name });
    const stored = nearbyPointStore.read();
    return stored ? { status: 'ready', point: stored } : { status: 'locating' };
  });

  useEffect(() => {
    if (state.status !== 'locating') return;
    let live = true;
    currentPoint()
      .then(({ lng, lat }) => {
        if (!live) return;
        const point: NearbyPoint = { lng, lat, source: 'located', name: '' };
        nearbyPointStore.write(point);
        setState({ status: 'ready', point });
      })
      .catch((error: unknown) => {
        if (live) setState({ status: 'failed', reason: error instanceof LocateError ? error.reason : 'unavailable' });
      });
    return () => {
      live = false;
    };
  }, [state.status]);

  const locate = useCallback(() => setState({ status: 'locating' }), []);
  const choose = useCallback((point: NearbyPoint) => {
    nearbyPointStore.write(point);
    setState({ status: 'ready', point });
  }, []);
  return { state, locate, choose };
}

/** The next radius out, for an empty list's "widen" button. */
function widerThan(km: NearbyRadiusKm): NearbyRadiusKm | null {
  return NEARBY_RADII_KM.find((option) => option > km) ?? null;
}

type PageQuery<T> = UseInfiniteQueryResult<InfiniteData<{ list: T[]; total: number }>, Error>;

/** A nearby list's states: loading, failed (with retry), empty (with a wider radius), and rows with infinite scroll. */
function ListBody<T>({
  query,
  radiusKm,
  emptyTitle,
  onWiden,
  children,
}: {
  query: PageQuery<T>;
  radiusKm: NearbyRadiusKm;
  emptyTitle: string;
  onWiden: (km: NearbyRadiusKm) => void;
  children: (items: T[]) => ReactNode;
}) {
  const { t } = useTranslation('nearby');
  const items = query.data?.pages.flatMap((page) => page.list) ?? [];
  let body: ReactNode;
  if (query.isError && items.length === 0) {
    body = <ErrorScreen error={query.error} onRetry={() => void query.refetch()} />;
  } else if (query.isPending) {
    body = (
      <section className="mm-card mm-nb-pad" aria-busy="true" data-testid="list-loading">
        <Skeleton.Paragraph lineCount={6} animated />
      </section>
    );
  } else if (items.length === 0) {
    const wider = widerThan(radiusKm);
    body = (
      <EmptyState
        kind="search"
        title={emptyTitle}
        description={t('list.emptyText')}
        {...(wider ? { action: { label: t('list.widen', { km: wider }), onClick: () => onWiden(wider) } } : {})}
      />
    );
  } else {
    body = (
      <>
        <p className="mm-nb-total" data-testid="list-total">
          {t('list.total', { count: query.data?.pages[0]?.total ?? items.length, km: radiusKm })}
        </p>
        <section className="mm-card mm-nb-list">{children(items)}</section>
        <InfiniteScroll
          loadMore={async () => void (await query.fetchNextPage())}
          hasMore={query.hasNextPage && !query.isFetchNextPageError}
        >
          {query.hasNextPage ? <Skeleton.Paragraph lineCount={1} animated /> : t('list.noMore')}
        </InfiniteScroll>
      </>
    );
  }
  return <PullToRefresh onRefresh={async () => void (await query.refetch())}>{body}</PullToRefresh>;
}

function CompaniesList({
  point,
  radiusKm,
  onWiden,
}: {
  point: LngLat;
  radiusKm: NearbyRadiusKm;
  onWiden: (km: NearbyRadiusKm) => void;
}) {
  const { t } = useTranslation('nearby');
  const navigate = useNavigate();
  const query = useNearbyCompanies(point, radiusKm);
  return (
    <ListBody<TNearbyCompany>
      query={query}
      radiusKm={radiusKm}
      emptyTitle={t('list.emptyCompanies', { km: radiusKm })}
      onWiden={onWiden}
    >
      {(companies) =>
        companies.map((company) => (
          <CompanyRow
            key={company.rootId}
            company={company}
            onOpen={() => navigate(`${Paths.company}?id=${company.rootId}`)}
          />
        ))
      }
    </ListBody>
  );
}

function StockList({
  point,
  radiusKm,
  onWiden,
}: {
  point: LngLat;
  radiusKm: NearbyRadiusKm;
  onWiden: (km: NearbyRadiusKm) => void;
}) {
  const { t } = useTranslation('nearby');
  const _navigate = useNavigate();
  const query = useNearbyStock(point, radiusKm);
  return (
    <ListBody<TStockSummary>
      query={query}
      radiusKm={radiusKm}
      emptyTitle={t('list.emptyStock', { km: radiusKm })}
      onWiden={onWiden}
    >
      {(stock) => stock.map((item) => <StockRow key={item.id} stock={item} />)}
    </ListBody>
  );
}

/**
 * SPEC §2 nearby/nearby: companies and for-sale stock within a radius of the user (SPEC §9: 5 km, widening to 10, 50
 * or 200), nearest first with each row's distance. Without a position (SPEC §8 'Failed to get location') the user
 * can allow it in the settings, pick a city or search for a place. Tab and radius live in the address, so going back
 * to the page shows the same list.
 */
export default function NearbyPage() {
  const { t } = useTranslation('nearby');
  useDialogsClosedOnLeave();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab: NearbyTab = params.get('tab') === 'stock' ? 'stock' : 'companies';
  const radiusKm = parseRadius(params.get('radius'));
  const { state, locate, choose } = useNearbyPoint();
  const [cityPicker, setCityPicker] = useState<'closed' | 'open' | 'unused'>('unused');
  const point = state.status === 'ready' ? state.point : null;

  const setParam = (name: 'tab' | 'radius', value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(name, value);
        return next;
      },
      { replace: true },
    );
  const setRadius = (km: NearbyRadiusKm) => setParam('radius', String(km));
  const pickCity = () => setCityPicker('open');
  const searchPlace = () => navigate(chooseLocationPath(PICK_KEY, point ?? undefined));

  let body: ReactNode;
  if (state.status === 'locating') {
    body = (
      <section className="mm-card mm-nb-locating" aria-busy="true" data-testid="locating">
        <SpinLoading color="primary" style={{ '--size': '28px' }} />
        <span>{t('location.locating')}</span>
      </section>
    );
  } else if (state.status === 'failed') {
    body = <LocateFailed reason={state.reason} onRetry={locate} onPickCity={pickCity} onSearchPlace={searchPlace} />;
  } else {
    body =
      tab === 'companies' ? (
        <CompaniesList point={state.point} radiusKm={radiusKm} onWiden={setRadius} />
      ) : (
        <StockList point={state.point} radiusKm={radiusKm} onWiden={setRadius} />
      );
  }

  return (
    <Page title={t('title')} backTo={rootPath('home')} className="mm-nb">
      {point && <LocationBar point={point} onRelocate={locate} onPickCity={pickCity} onSearchPlace={searchPlace} />}
      <div className="mm-nb-controls">
        <Tabs activeKey={tab} onChange={(key) => setParam('tab', key)}>
          {TABS.map((key) => (
            <Tabs.Tab key={key} title={t(`tabs.${key}`)} />
          ))}
        </Tabs>
        <RadiusChooser value={radiusKm} onChange={setRadius} />
      </div>
      {body}
      {cityPicker !== 'unused' && (
        <CityPicker
          visible={cityPicker === 'open'}
          onClose={() => setCityPicker('closed')}
          onPick={(city) => choose({ ...city, source: 'city' })}
        />
      )}
    </Page>
  );
}
