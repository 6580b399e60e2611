import {
  Calls,
  ChatProductType,
  distanceKm,
  formatCents,
  formatShanghaiDateTime,
  formatTons,
  type TStockDetail,
} from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import EnvironmentOutline from 'antd-mobile-icons/es/EnvironmentOutline';
import MessageOutline from 'antd-mobile-icons/es/MessageOutline';
import PhoneFill from 'antd-mobile-icons/es/PhoneFill';
import PictureOutline from 'antd-mobile-icons/es/PictureOutline';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import ShopbagOutline from 'antd-mobile-icons/es/ShopbagOutline';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../../components/Page';
import { PullToRefreshLater } from '../../../components/PullToRefreshLater';
import { showFail, showSuccess } from '../../../lib/feedback';
import { chatPagePath, Paths } from '../../../lib/navigation';
import { priceTone, priceToneClass } from '../../../lib/priceTone';
import { useSession } from '../../../lib/session';
import { AddToCartButton } from '../../cart/components/AddToCart';
import { QueryBody } from '../../shops/components/QueryBody';
import { useCanCall } from '../../staff/useCan';
import { type Point, useRefreshStock, useStockDetail } from '../api';
import { placeText, signedCents } from '../format';
import '../../shops/shops.css';
import '../locale';
import '../stocks.css';
import { useRegionName } from '../../../lib/regionName';

const FLAGS = ['fixedPrice', 'specialSale', 'splittable', 'freightIncluded'] as const;

/** Kilometres from a located point, to one decimal, or null when either end is unknown. */
const kmFrom = (point: Point | null, lng: number | null, lat: number | null) =>
  point && lng !== null && lat !== null
    ? Math.round(distanceKm({ lon: point.lng, lat: point.lat }, { lon: lng, lat }) * 10) / 10
    : null;

const StockGallery = lazy(() => import('../components/StockGallery'));

function Gallery({ stock }: { stock: TStockDetail }) {
  const { t } = useTranslation('stocks');
  const [first] = stock.images;
  if (!first) {
    return (
      <div className="mm-stock-gallery is-empty" data-testid="stock-gallery">
        <PictureOutline className="mm-stock-gallery-icon" aria-hidden="true" />
        <span>{t('detail.noPictures')}</span>
      </div>
    );
  }
  // Until the carousel's chunk is in, the first picture shows where the carousel puts it.
  const firstSlide = (
    <div className="mm-stock-slide">
      <img src={first.url} alt={t('detail.picture', { index: 1 })} />
    </div>
  );
  return (
    <div className="mm-stock-gallery" data-testid="stock-gallery">
      <Suspense fallback={firstSlide}>
        <StockGallery images={stock.images} />
      </Suspense>
    </div>
  );
}

/** The price today, how it is made, and the quote's day change in red (up) or green (down). */
function PriceBlock({ stock }: { stock: TStockDetail }) {
  const { t } = useTranslation('stocks');
  const { price } = stock;
  const title = stock.productName || stock.sortName;
  // A market-following price moves with its series' last change; a fixed one has none and stays neutral.
  const tone = priceTone(stock.priceChangeFen);
  return (
    <section className="mm-card mm-stock-head">
      <div className="mm-stock-price" data-testid="stock-price">
        {price.unitPriceFen === null ? (
          <strong className="is-none">{price.type === 'market' ? t('detail.noQuote') : t('list.priceNone')}</strong>
        ) : (
          <strong className={priceToneClass(tone)}>
            {formatCents(price.unitPriceFen)}
            <small>{t('detail.perTon')}</small>
          </strong>
        )}
        {FLAGS.filter((flag) => stock[flag]).map((flag) => (
          <span key={flag} className={`mm-stock-flag is-${flag}`}>
            {t(`detail.flags.${flag}`)}
          </span>
        ))}
      </div>
      <p className="mm-stock-price-basis">
        {price.type === 'market' ? (
          <>
            <span>
              {t('detail.marketPrice', { series: price.seriesName, fee: signedCents(price.processingFeeFen ?? 0) })}
            </span>
            {price.quoteDate && <span>{t('detail.quoteDate', { date: price.quoteDate })}</span>}
            {stock.priceChangeFen !== null && (
              <span className={`mm-stock-change ${priceToneClass(tone)}`} data-testid="stock-change">
                {t('detail.change', { change: signedCents(stock.priceChangeFen) })}
              </span>
            )}
          </>
        ) : (
          <span>{t('detail.fixedPriceType')}</span>
        )}
      </p>
      {price.intro && <p className="mm-stock-price-intro">{price.intro}</p>}
      <h1 className="mm-stock-title">
        <span>{title}</span>
        {stock.specifications && <span className="mm-stock-spec">{stock.specifications}</span>}
        {stock.isDemo && <span className="mm-demo-tag">{t('detail.demo')}</span>}
      </h1>
      <p className="mm-stock-sub">
        <span>{t('detail.views', { count: stock.views })}</span>
        <span>{t('detail.updated', { date: formatShanghaiDateTime(new Date(stock.refreshedAt)).slice(0, 10) })}</span>
      </p>
    </section>
  );
}

function Fields({ stock, point }: { stock: TStockDetail; point: Point | null }) {
  const { t } = useTranslation('stocks');
  const regionName = useRegionName();
  const tons = (kg: number) => t('detail.tons', { value: formatTons(kg) });
  const km = kmFrom(point, stock.lng, stock.lat) ?? stock.distanceKm;
  const storage = placeText(stock, stock.storageAddress, regionName);
  const rows: [string, ReactNode][] = [
    ['category', stock.sortName],
    ['productName', stock.productName],
    ['specifications', stock.specifications],
    ['quantity', tons(stock.quantityKg)],
    ['pieceWeight', tons(stock.pieceWeightKg)],
    ['grossWeight', stock.grossWeightKg === null ? '' : tons(stock.grossWeightKg)],
    ['pieces', stock.pieces === null ? '' : t('detail.piecesValue', { count: stock.pieces })],
    ['properties', stock.properties],
    ['brand', stock.brand],
    ['manufacturer', stock.manufacturer],
    ['productionDate', stock.productionDate],
    ['boxNumber', stock.boxNumber],
    [
      'storage',
      storage && (
        <>
          {storage}
          {km !== null && <b className="mm-stock-km">{t('detail.distance', { km: km.toFixed(1) })}</b>}
        </>
      ),
    ],
    ['transportInfo', stock.transportInfo],
    [
      'payment',
      stock.paymentDays === null ? t('detail.paymentBefore') : t('detail.paymentDays', { days: stock.paymentDays }),
    ],
  ];
  return (
    <section className="mm-card">
      <h2 className="mm-section-title mm-stock-section">{t('detail.sections.fields')}</h2>
      <dl className="mm-stock-fields" data-testid="stock-fields">
        {rows
          .filter(([, value]) => value !== '' && value !== null)
          .map(([key, value]) => (
            <div key={key} data-field={key}>
              <dt>{t(`detail.fields.${key}` as 'detail.fields.category')}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}

function ShopCard({
  stock,
  point,
  onLocate,
  locating,
}: {
  stock: TStockDetail;
  point: Point | null;
  onLocate: () => void;
  locating: boolean;
}) {
  const { t } = useTranslation('stocks');
  const regionName = useRegionName();
  const navigate = useNavigate();
  const { shop } = stock;
  const km = kmFrom(point, shop.lng, shop.lat) ?? shop.distanceKm;
  return (
    <section className="mm-card mm-stock-shop" data-testid="stock-shop">
      <button
        type="button"
        className="mm-stock-shop-main"
        onClick={() => navigate(`${Paths.company}?id=${shop.rootId}`)}
        data-testid="stock-shop-link"
      >
        <span className="mm-shop-avatar is-small" aria-hidden="true">
          {shop.name.slice(0, 1)}
        </span>
        <span className="mm-stock-shop-text">
          <strong>{shop.name}</strong>
          <span className="mm-stock-shop-marks">
            <span className={`mm-stock-shop-state${shop.shopOpen ? ' is-open' : ''}`}>
              {shop.shopOpen ? t('detail.shop.open') : t('detail.shop.notOpen')}
            </span>
            {shop.licence && <span className="mm-shop-mark is-licence">{t('detail.shop.licence')}</span>}
            {shop.realName && <span className="mm-shop-mark is-realName">{t('detail.shop.realName')}</span>}
          </span>
        </span>
        <span className="mm-stock-enter">
          {t('detail.shop.enter')}
          <RightOutline />
        </span>
      </button>
      <div className="mm-stock-shop-place">
        <EnvironmentOutline />
        <span>{regionName(shop.city)}</span>
        {km !== null ? (
          <b data-testid="stock-shop-distance">{t('detail.distance', { km: km.toFixed(1) })}</b>
        ) : (
          shop.lng !== null && (
            <button type="button" className="mm-link" onClick={onLocate} disabled={locating}>
              {locating ? t('detail.locating') : t('detail.showDistance')}
            </button>
          )
        )}
      </div>
    </section>
  );
}

/** SPEC: the phone is for logged-in users; a visitor sees it masked and a way to log in. */
function Contact({ stock }: { stock: TStockDetail }) {
  const { t } = useTranslation('stocks');
  const navigate = useNavigate();
  const { contact } = stock;
  return (
    <section className="mm-card mm-stock-contact" data-testid="stock-contact">
      <h2 className="mm-section-title mm-stock-section">{t('detail.contact.title')}</h2>
      <div className="mm-stock-contact-row">
        <div>
          <strong>{contact.linkName}</strong>
          <span data-testid="stock-phone">{contact.phone}</span>
        </div>
        {contact.masked ? (
          <button type="button" className="mm-link" onClick={() => navigate(Paths.login)}>
            {t('detail.contact.loginToSee')}
          </button>
        ) : (
          <a className="mm-shop-call" href={`tel:${contact.phone}`}>
            <PhoneFill />
            {t('detail.contact.call')}
          </a>
        )}
      </div>
    </section>
  );
}

/** What the seller's own company sees above its listing: where it stands, and what it can do about it. */
function OwnerBanner({ stock }: { stock: TStockDetail }) {
  const { t } = useTranslation('stocks');
  const navigate = useNavigate();
  const refresh = useRefreshStock();
  // Refreshing and editing need 'stock' (staff); without it the banner only says where the listing stands.
  const canEdit = useCanCall(Calls.stockSave);
  const refreshable = canEdit && (stock.status === 'sale' || stock.status === 'expired') && stock.publishedAt !== null;
  const onRefresh = async () => {
    await refresh.mutateAsync(stock.id);
    showSuccess(t('detail.refreshDone'));
  };
  return (
    <section className={`mm-stock-banner is-${stock.status}`} data-testid="stock-status">
      <p>{t(`detail.status.${stock.status}` as 'detail.status.review', { reason: stock.reason })}</p>
      <div className="mm-stock-banner-actions">
        {refreshable && (
          <Button size="small" color="primary" fill="outline" loading={refresh.isPending} onClick={onRefresh}>
            {t('detail.refresh')}
          </Button>
        )}
        {canEdit && (
          <Button
            size="small"
            color="primary"
            onClick={() => navigate(`${Paths.inputStock}?id=${stock.id}`)}
            data-testid="stock-edit"
          >
            {t('detail.edit')}
          </Button>
        )}
      </div>
    </section>
  );
}

function StockBody({ stock }: { stock: TStockDetail }) {
  const { t } = useTranslation('stocks');
  const navigate = useNavigate();
  const { loggedIn } = useSession();
  const [point, setPoint] = useState<Point | null>(null);
  const [locating, setLocating] = useState(false);
  const locate = () => {
    setLocating(true);
    // Only a tap asks for the position, so the page does not load the code for it.
    import('../../../lib/geolocation')
      .then(({ currentPoint }) => currentPoint())
      .then(({ lng, lat }) => setPoint({ lng, lat }))
      .catch(() => showFail(t('detail.locationFailed')))
      .finally(() => setLocating(false));
  };
  return (
    <>
      {stock.isOwn && <OwnerBanner stock={stock} />}
      <Gallery stock={stock} />
      <PriceBlock stock={stock} />
      {stock.sameSpecCount > 0 && (
        <button
          type="button"
          className="mm-card mm-stock-same"
          onClick={() => navigate(`${Paths.stockSameSpec}?id=${stock.id}`)}
          data-testid="stock-same-spec"
        >
          <span>{t('detail.sameSpec')}</span>
          <span className="mm-stock-same-count">
            {t('detail.sameSpecCount', { count: stock.sameSpecCount })}
            <RightOutline />
          </span>
        </button>
      )}
      <Fields stock={stock} point={point} />
      {stock.additionalInfo && (
        <section className="mm-card">
          <h2 className="mm-section-title mm-stock-section">{t('detail.sections.more')}</h2>
          <p className="mm-stock-more">{stock.additionalInfo}</p>
        </section>
      )}
      <ShopCard stock={stock} point={point} onLocate={locate} locating={locating} />
      <Contact stock={stock} />
      {!stock.isOwn && (
        <div className="mm-stock-actions">
          <button
            type="button"
            className="mm-stock-action-shop"
            onClick={() => navigate(`${Paths.company}?id=${stock.rootId}`)}
          >
            <ShopbagOutline className="mm-stock-action-icon" />
            <span>{t('detail.shop.enter')}</span>
          </button>
          <button
            type="button"
            className="mm-stock-action-shop"
            data-testid="stock-chat"
            // The seller is the listing's company: its owner (rootId) answers the chat, offered this listing to send.
            onClick={() =>
              navigate(
                loggedIn
                  ? chatPagePath(stock.rootId, { proType: ChatProductType.stock, proId: stock.id })
                  : Paths.login,
              )
            }
          >
            <MessageOutline className="mm-stock-action-icon" />
            <span>{t('detail.contact.chat')}</span>
          </button>
          <AddToCartButton stock={stock} variant="bar" />
          {stock.contact.masked ? (
            <Button color="primary" shape="rounded" onClick={() => navigate(Paths.login)}>
              {t('detail.contact.login')}
            </Button>
          ) : (
            <a className="mm-stock-call" href={`tel:${stock.contact.phone}`} data-testid="stock-call">
              <PhoneFill />
              {t('detail.contact.call')}
            </a>
          )}
        </div>
      )}
    </>
  );
}

/** SPEC §2 stock_detail?id: a listing with its pictures, today's price, the seller's shop and contact. */
export default function StockDetailPage() {
  const { t } = useTranslation('stocks');
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const stock = useStockDetail(id, null);
  const viewed = stock.data;
  // SPEC §4 footprints: a listing of another company, once it has been shown, joins the day's footprints.
  useEffect(() => {
    // Loaded here rather than with the page: nothing on the first screen waits for it.
    if (viewed && !viewed.isOwn)
      void import('../../footprints').then(({ recordFootprint }) =>
        recordFootprint({ stockId: viewed.id, sortId: viewed.sortId }),
      );
  }, [viewed]);
  return (
    <Page title={t('detail.title')} className="mm-stock-page">
      <PullToRefreshLater onRefresh={() => stock.refetch()}>
        <QueryBody query={stock} hasId={id > 0} notFound={t('detail.notFound')}>
          {(data) => <StockBody stock={data} />}
        </QueryBody>
      </PullToRefreshLater>
    </Page>
  );
}
