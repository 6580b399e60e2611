import { formatDistanceKm, type TNearbyCompany } from '@metal/shared';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n';
import { useRegionName } from '../../../lib/regionName';

/** A company on the nearby list: name and marks, business model and place, products, and how far it is. */
export function CompanyRow({ company, onOpen }: { company: TNearbyCompany; onOpen: () => void }) {
  const { t } = useTranslation('nearby');
  const regionName = useRegionName();
  const [lang] = useLanguage();
  // A municipality is its own city: 朝阳区, not 北京市朝阳区; English words need a space between.
  const place =
    company.city === company.province
      ? regionName(company.district)
      : [company.city, company.district].map(regionName).join(lang === 'zh-CN' ? '' : ' ');
  return (
    <button type="button" className="mm-nb-row" onClick={onOpen} data-testid="nearby-company">
      <span className="mm-nb-avatar" aria-hidden="true">
        {company.name.slice(0, 1)}
      </span>
      <span className="mm-nb-main">
        <strong className="mm-nb-name">
          <span className="mm-nb-name-text">{company.name}</span>
          {company.isDemo && <span className="mm-demo-tag">{t('company.demo')}</span>}
        </strong>
        <span className="mm-nb-meta">
          {t(`businessModel.${company.businessModel}`)} · {place}
        </span>
        <span className="mm-nb-products">
          {company.sellProducts.length > 0
            ? company.sellProducts.map((p) => p.sortName).join(' / ')
            : t('company.noProducts')}
        </span>
        {(company.shopOpen || company.certified || company.mine) && (
          <span className="mm-nb-tags">
            {company.shopOpen && <span className="mm-nb-tag is-shop">{t('company.shopOpen')}</span>}
            {company.certified && <span className="mm-nb-tag is-certified">{t('company.certified')}</span>}
            {company.mine && <span className="mm-nb-tag">{t('company.mine')}</span>}
          </span>
        )}
      </span>
      <span className="mm-nb-distance" data-testid="distance">
        {formatDistanceKm(company.distanceKm)}
      </span>
    </button>
  );
}
