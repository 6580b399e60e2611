import { ChatProductType, type TShopDetail } from '@metal/shared';
import { useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import Tabs from 'antd-mobile/es/components/tabs';
import EnvironmentOutline from 'antd-mobile-icons/es/EnvironmentOutline';
import MessageOutline from 'antd-mobile-icons/es/MessageOutline';
import PhoneFill from 'antd-mobile-icons/es/PhoneFill';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { Page } from '../../../components/Page';
import { useDialogsClosedOnLeave } from '../../../lib/dialog';
import { showFail } from '../../../lib/feedback';
import { currentPoint } from '../../../lib/geolocation';
import { chatPagePath, Paths, teamPagePath } from '../../../lib/navigation';
import { ShopCapacities } from '../../capacities/components/ShopCapacities';
import { stockKeys } from '../../stocks/api';
import { CompanyStockTab } from '../../stocks/components/CompanyStockTab';
import { type Point, useShopDetail } from '../api';
import { FollowButton } from '../components/FollowButton';
import { Marks } from '../components/Marks';
import '../../companies/locale';
import { QueryBody } from '../components/QueryBody';
import '../locale';
import '../shops.css';
import { useRegionName } from '../../../lib/regionName';

const TABS = ['stock', 'capacity', 'album', 'licence'] as const;
type ShopTab = (typeof TABS)[number];

function Header({ shop, onLocate, locating }: { shop: TShopDetail; onLocate: () => void; locating: boolean }) {
  const { t } = useTranslation(['shops', 'companies']);
  const regionName = useRegionName();
  const navigate = useNavigate();
  const place = [shop.address.province, shop.address.city, shop.address.district]
    .filter(Boolean)
    .map(regionName)
    .join(' ');
  return (
    <section className="mm-shop-head" data-testid="shop-head">
      <div className="mm-shop-title">
        <span className="mm-shop-avatar" aria-hidden="true">
          {shop.name.slice(0, 1)}
        </span>
        <div className="mm-shop-name">
          <h1>{shop.name}</h1>
          <span className="mm-shop-sub">
            {shop.businessModel && <span>{t(`companies:businessModel.${shop.businessModel}`)}</span>}
            <span className={`mm-shop-state${shop.marks.shopOpen ? ' is-open' : ''}`}>
              {shop.marks.shopOpen ? t('shop.open') : t('shop.notOpen')}
            </span>
            {shop.isDemo && <span className="mm-demo-tag">{t('shop.demo')}</span>}
          </span>
        </div>
        {!shop.mine && <FollowButton rootId={shop.rootId} name={shop.name} followed={shop.followed} />}
      </div>
      <Marks marks={shop.marks} />
      <div className="mm-shop-facts">
        <span>{t('shop.followers', { count: shop.counts.followers })}</span>
        <button type="button" className="mm-link" onClick={() => navigate(`${Paths.companyDetail}?id=${shop.rootId}`)}>
          {t('shop.details')}
          <RightOutline />
        </button>
        <button
          type="button"
          className="mm-link"
          onClick={() => navigate(teamPagePath(shop.rootId))}
          data-testid="shop-team"
        >
          {t('companies:team.entry')}
          <RightOutline />
        </button>
      </div>
      <div className="mm-shop-address">
        <EnvironmentOutline />
        <span>
          {place} {shop.address.detail}
        </span>
        {shop.distanceKm !== null ? (
          <b data-testid="shop-distance">{t('shop.distance', { km: shop.distanceKm.toFixed(1) })}</b>
        ) : (
          shop.address.lng !== null && (
            <button type="button" className="mm-link" onClick={onLocate} disabled={locating}>
              {locating ? t('shop.locating') : t('shop.showDistance')}
            </button>
          )
        )}
      </div>
    </section>
  );
}

function Products({ shop }: { shop: TShopDetail }) {
  const { t } = useTranslation(['shops', 'companies']);
  return (
    <section className="mm-card">
      <h2 className="mm-section-title">{t('shop.products')}</h2>
      {shop.sellProducts.length > 0 ? (
        <div className="mm-shop-chips">
          {shop.sellProducts.map((product) => (
            <span key={product.id}>{product.sortName}</span>
          ))}
        </div>
      ) : (
        <p className="mm-shop-muted">{t('shop.noProducts')}</p>
      )}
    </section>
  );
}

function Contact({ shop }: { shop: TShopDetail }) {
  const { t } = useTranslation(['shops', 'companies']);
  const { contact } = shop;
  const navigate = useNavigate();
  return (
    <section className="mm-card mm-shop-contact" data-testid="shop-contact">
      <h2 className="mm-section-title">{t('shop.contact')}</h2>
      <div className="mm-shop-contact-row">
        <div>
          <strong>{contact.linkName}</strong>
          <span data-testid="shop-phone">{contact.linkPhone}</span>
        </div>
        {contact.masked ? (
          <button type="button" className="mm-link" onClick={() => navigate(Paths.login)}>
            {t('shop.loginToSeePhone')}
          </button>
        ) : (
          <p className="mm-shop-contact-actions">
            {!shop.mine && (
              <button
                type="button"
                className="mm-shop-call is-chat"
                data-testid="shop-chat"
                // An opened shop is offered to send as a product link; any company can be chatted with.
                onClick={() =>
                  navigate(
                    chatPagePath(
                      shop.ownerUserId,
                      shop.marks.shopOpen ? { proType: ChatProductType.shop, proId: shop.rootId } : undefined,
                    ),
                  )
                }
              >
                <MessageOutline />
                {t('shop.chat')}
              </button>
            )}
            <a className="mm-shop-call" href={`tel:${contact.linkPhone}`}>
              <PhoneFill />
              {t('shop.call')}
            </a>
          </p>
        )}
      </div>
    </section>
  );
}

function TabBody({ shop, tab }: { shop: TShopDetail; tab: ShopTab }) {
  const { t } = useTranslation(['shops', 'companies']);
  const navigate = useNavigate();
  switch (tab) {
    case 'stock':
      // A shop without stock for sale says so at once; otherwise its listings load page by page.
      return shop.counts.stock === 0 ? (
        <EmptyState kind="inbox" title={t('shop.noStock')} description={t('shop.noStockText')} />
      ) : (
        <CompanyStockTab rootId={shop.rootId} empty={t('shop.noStock')} emptyText={t('shop.noStockText')} />
      );
    case 'capacity':
      return <ShopCapacities rootId={shop.rootId} />;
    case 'album':
      return (
        <div className="mm-shop-tab-card">
          <p>{t('shop.albumText')}</p>
          <Button color="primary" fill="outline" onClick={() => navigate(`${Paths.shopAlbum}?id=${shop.rootId}`)}>
            {t('shop.openAlbum')}
          </Button>
        </div>
      );
    case 'licence':
      return shop.marks.licence ? (
        <div className="mm-shop-tab-card">
          <p>{t('shop.licenceText')}</p>
          <Button color="primary" fill="outline" onClick={() => navigate(`${Paths.licenseDisplay}?id=${shop.rootId}`)}>
            {t('shop.openLicence')}
          </Button>
        </div>
      ) : (
        <EmptyState kind="search" title={t('shop.licenceMissing')} />
      );
  }
}

/** SPEC §2 company/company?id: a company's shop, with tabs for its stock, capacity, album and licence. */
export default function CompanyPage() {
  const { t } = useTranslation(['shops', 'companies']);
  useDialogsClosedOnLeave();
  const [params] = useSearchParams();
  const rootId = Number(params.get('id')) || 0;
  const [point, setPoint] = useState<Point | null>(null);
  const [locating, setLocating] = useState(false);
  const [tab, setTab] = useState<ShopTab>('stock');
  const shop = useShopDetail(rootId, point);
  const queryClient = useQueryClient();

  const locate = () => {
    setLocating(true);
    currentPoint()
      .then(({ lng, lat }) => setPoint({ lng, lat }))
      .catch(() => showFail(t('shop.locationFailed')))
      .finally(() => setLocating(false));
  };

  const body = (
    <QueryBody query={shop} hasId={rootId > 0} notFound={t('shop.notFound')}>
      {(data) => {
        return (
          <>
            <Header shop={data} onLocate={locate} locating={locating} />
            <Products shop={data} />
            <Contact shop={data} />
            <section className="mm-card mm-shop-tabs">
              <Tabs activeKey={tab} onChange={(key) => setTab(key as ShopTab)}>
                {TABS.map((key) => (
                  <Tabs.Tab key={key} title={t(`shop.tabs.${key}`)} />
                ))}
              </Tabs>
              <TabBody shop={data} tab={tab} />
            </section>
          </>
        );
      }}
    </QueryBody>
  );

  return (
    <Page title={shop.data?.mine ? t('shop.mine') : t('shop.title')} className="mm-shop">
      <PullToRefresh
        onRefresh={async () =>
          void (await Promise.all([shop.refetch(), queryClient.invalidateQueries({ queryKey: stockKeys.all })]))
        }
      >
        {body}
      </PullToRefresh>
    </Page>
  );
}
