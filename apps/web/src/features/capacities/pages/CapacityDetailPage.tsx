import {
  Calls,
  ChatProductType,
  CodeFlag,
  capacityAttributeLabel,
  formatTons,
  type TCapacityDetail,
} from '@metal/shared';
import ImageViewer from 'antd-mobile/es/components/image-viewer';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import Skeleton from 'antd-mobile/es/components/skeleton';
import Swiper from 'antd-mobile/es/components/swiper';
import MessageOutline from 'antd-mobile-icons/es/MessageOutline';
import PhoneFill from 'antd-mobile-icons/es/PhoneFill';
import PictureOutline from 'antd-mobile-icons/es/PictureOutline';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorScreen, NotFoundScreen } from '../../../components/ErrorScreen';
import { Page } from '../../../components/Page';
import { isApiError } from '../../../lib/api';
import { useLanguage } from '../../../lib/i18n';
import { chatPagePath, Paths } from '../../../lib/navigation';
import { useCanCall } from '../../staff/useCan';
import { useCapacityDetail } from '../api';
import { capacityTitle, StatusTag } from '../components/CapacityCard';
import '../capacities.css';
import { useRegionName } from '../../../lib/regionName';

function Gallery({ capacity }: { capacity: TCapacityDetail }) {
  const { t } = useTranslation('capacities');
  const [viewing, setViewing] = useState<number | null>(null);
  const [index, setIndex] = useState(0);
  if (capacity.images.length === 0)
    return (
      <div className="mm-cap-gallery is-empty" aria-hidden="true">
        <PictureOutline />
      </div>
    );
  return (
    <div className="mm-cap-gallery" data-testid="capacity-gallery">
      <Swiper onIndexChange={setIndex} indicator={() => null}>
        {capacity.images.map((image, i) => (
          <Swiper.Item key={image.id}>
            <button type="button" className="mm-cap-slide" onClick={() => setViewing(i)}>
              <img src={image.url} alt="" />
            </button>
          </Swiper.Item>
        ))}
      </Swiper>
      <span className="mm-cap-gallery-count">
        {t('detail.images', { index: index + 1, count: capacity.images.length })}
      </span>
      <ImageViewer.Multi
        visible={viewing !== null}
        images={capacity.images.map((image) => image.url)}
        defaultIndex={viewing ?? 0}
        onClose={() => setViewing(null)}
      />
    </div>
  );
}

function Facts({ capacity }: { capacity: TCapacityDetail }) {
  const { t } = useTranslation('capacities');
  const [lang] = useLanguage();
  return (
    <section className="mm-card mm-cap-facts">
      <div className="mm-cap-facts-head">
        <h1>{capacityTitle(capacity)}</h1>
        {capacity.mine && <StatusTag status={capacity.status} />}
        {capacity.isDemo && <span className="mm-demo-tag">{t('demo')}</span>}
      </div>
      <div className="mm-cap-tonnage">
        <div>
          <span>{t('detail.minOrder')}</span>
          <strong data-testid="capacity-min-order">{t('tons', { tons: formatTons(capacity.minOrderKg) })}</strong>
        </div>
        <div>
          <span>{t('detail.monthlyOutput')}</span>
          <strong data-testid="capacity-monthly">{t('tons', { tons: formatTons(capacity.monthlyOutputKg) })}</strong>
        </div>
      </div>
      <dl className="mm-cap-dl">
        <div>
          <dt>{t('detail.category')}</dt>
          <dd>{capacity.sortName}</dd>
        </div>
        {capacity.attributes.map((attribute) => (
          <div key={attribute.name}>
            <dt>{capacityAttributeLabel(attribute.name, lang)}</dt>
            <dd>{attribute.value}</dd>
          </div>
        ))}
      </dl>
      {capacity.info && (
        <div className="mm-cap-info">
          <h2>{t('detail.info')}</h2>
          <p>{capacity.info}</p>
        </div>
      )}
    </section>
  );
}

function CompanyCard({ capacity }: { capacity: TCapacityDetail }) {
  const { t } = useTranslation('capacities');
  const regionName = useRegionName();
  const navigate = useNavigate();
  const { company } = capacity;
  return (
    <section className="mm-card">
      <button
        type="button"
        className="mm-cap-company"
        onClick={() => navigate(`${Paths.company}?id=${company.rootId}`)}
        data-testid="capacity-company"
      >
        <span className="mm-cap-company-avatar" aria-hidden="true">
          {company.name.slice(0, 1)}
        </span>
        <span className="mm-cap-company-main">
          <strong>{company.name}</strong>
          <span className="mm-cap-company-meta">
            {[company.province, company.city].filter(Boolean).map(regionName).join(' ')}
            {company.licence && <span className="mm-cap-mark">{t('detail.licence')}</span>}
            {company.shopOpen && <span className="mm-cap-mark is-shop">{t('detail.shopOpen')}</span>}
          </span>
        </span>
        <span className="mm-cap-company-go">
          {t('detail.openShop')}
          <RightOutline />
        </span>
      </button>
    </section>
  );
}

function Contact({ capacity }: { capacity: TCapacityDetail }) {
  const { t } = useTranslation('capacities');
  const navigate = useNavigate();
  const { contact } = capacity;
  return (
    <section className="mm-card mm-cap-contact" data-testid="capacity-contact">
      <h2 className="mm-section-title mm-cap-title">{t('detail.contact')}</h2>
      <div className="mm-cap-contact-row">
        <div>
          <strong>{contact.name}</strong>
          <span data-testid="capacity-phone">{contact.phone}</span>
        </div>
        {contact.masked ? (
          <button type="button" className="mm-link" onClick={() => navigate(Paths.login)} data-testid="capacity-login">
            {t('detail.loginToSeePhone')}
          </button>
        ) : (
          <p className="mm-cap-contact-actions">
            {!capacity.mine && (
              <button
                type="button"
                className="mm-cap-call is-chat"
                data-testid="capacity-chat"
                // The company's owner answers its chats; the capacity is offered to send.
                onClick={() =>
                  navigate(
                    chatPagePath(capacity.company.rootId, { proType: ChatProductType.capacity, proId: capacity.id }),
                  )
                }
              >
                <MessageOutline />
                {t('detail.chat')}
              </button>
            )}
            <a className="mm-cap-call" href={`tel:${contact.phone}`}>
              <PhoneFill />
              {t('detail.call')}
            </a>
          </p>
        )}
      </div>
    </section>
  );
}

/**
 * SPEC §2 capacity_detail?id: a capacity anyone may read once it passed review (its own company sees
 * it in every status): images, tonnages, attributes, the company (to its shop) and the contact, whose
 * phone only logged-in users see whole.
 */
export default function CapacityDetailPage() {
  const { t } = useTranslation('capacities');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const validId = Number.isInteger(id) && id > 0;
  const detail = useCapacityDetail(validId ? id : 0);
  const data = detail.data;
  const canModify = useCanCall(Calls.capacitySave);

  let body: ReactNode;
  if (!validId || (isApiError(detail.error) && detail.error.codeFlag === CodeFlag.notFound)) {
    body = <NotFoundScreen title={t('detail.notFound')} />;
  } else if (detail.isError) {
    body = <ErrorScreen error={detail.error} onRetry={() => void detail.refetch()} />;
  } else if (!data) {
    body = (
      <section className="mm-card mm-cap-pad" aria-hidden="true">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={6} animated />
      </section>
    );
  } else {
    body = (
      <>
        <Gallery capacity={data} />
        {data.mine && (
          <p className="mm-cap-banner" data-testid="capacity-mine">
            {data.status === 'notPassed' ? t('manage.reason', { reason: data.reason }) : t('detail.mineNote')}
          </p>
        )}
        <Facts capacity={data} />
        <CompanyCard capacity={data} />
        <Contact capacity={data} />
      </>
    );
  }

  return (
    <Page
      title={t('detail.title')}
      className="mm-cap-page mm-cap-detail"
      right={
        data?.mine &&
        canModify && (
          <button
            type="button"
            className="mm-header-action"
            onClick={() => navigate(`${Paths.inputCapacity}?id=${data.id}`)}
            data-testid="capacity-detail-modify"
          >
            {t('detail.modify')}
          </button>
        )
      }
    >
      <PullToRefresh onRefresh={async () => void (validId && (await detail.refetch()))}>{body}</PullToRefresh>
    </Page>
  );
}
