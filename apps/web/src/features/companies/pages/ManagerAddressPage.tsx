import type { TCompanyInfo } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import EnvironmentOutline from 'antd-mobile-icons/es/EnvironmentOutline';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { Paths } from '../../../lib/navigation';
import { formatCoordinate, formatKm, isAtCentre, kmFromCentre } from '../address';
import { useRegions } from '../api';
import { CompanyPage } from '../components/CompanyPage';
import '../companies.css';
import { placeLine } from '../../../components/form/place';
import { useRegionName } from '../../../lib/regionName';

/** SPEC §2 pagesA/user_center/manager_address ('business address'): the address, its map point, and the way to edit. */
export default function ManagerAddressPage() {
  const { t } = useTranslation('companies');
  return (
    <CompanyPage title={t('titles.managerAddress')} backTo={Paths.userCenter}>
      {(info) => <AddressView info={info} />}
    </CompanyPage>
  );
}

function AddressView({ info }: { info: TCompanyInfo }) {
  const { t } = useTranslation('companies');
  const regionName = useRegionName();
  const navigate = useNavigate();
  const regions = useRegions();
  const edit = () => navigate(Paths.editManagerAddress);

  if (!info.haveManageAddress) {
    return (
      <EmptyState
        kind="search"
        title={t('address.emptyTitle')}
        description={t('address.emptyText')}
        action={info.editable ? { label: t('address.add'), onClick: edit } : undefined}
      />
    );
  }

  const address = info.manageAddress;
  const path = regions.data?.findRegionPath(address.province, address.city, address.district) ?? null;
  const point = address.lng !== null && address.lat !== null ? { lng: address.lng, lat: address.lat } : null;
  const regionText = placeLine(address, regionName);

  let pointSource: string | null = null;
  if (point && path) {
    pointSource = isAtCentre(point, path.district)
      ? t('address.pointCentre', { district: regionName(path.district.name) })
      : `${t('address.pointSaved')} · ${t('address.fromCentre', {
          km: formatKm(kmFromCentre(point, path.district)),
          district: regionName(path.district.name),
        })}`;
  }

  return (
    <>
      <section className="mm-card mm-co-address" data-testid="address-card">
        <EnvironmentOutline className="mm-co-address-icon" aria-hidden="true" />
        <div>
          <p className="mm-co-address-region">{regionText}</p>
          <p className="mm-co-address-detail">{address.detail}</p>
        </div>
      </section>
      <section className="mm-card mm-form-card" data-testid="address-point">
        <h2 className="mm-section-title">{t('address.point')}</h2>
        {point ? (
          <div className="mm-co-point">
            {pointSource && <p className="mm-co-point-source">{pointSource}</p>}
            <p className="mm-co-point-coords">
              {t('address.coordinates', {
                longitude: formatCoordinate(point.lng),
                latitude: formatCoordinate(point.lat),
              })}{' '}
              · GCJ-02
            </p>
          </div>
        ) : (
          <p className="mm-form-hint-block">{t('notFilled')}</p>
        )}
      </section>
      {info.editable && (
        <div className="mm-form-actions">
          <Button block color="primary" shape="rounded" size="large" onClick={edit} data-testid="address-edit">
            {t('address.edit')}
          </Button>
        </div>
      )}
    </>
  );
}
