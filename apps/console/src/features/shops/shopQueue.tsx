import ExportOutlined from '@ant-design/icons/ExportOutlined';
import type { TShopApplication } from '@metal/shared';
import { Typography } from 'antd';
import type { ConsoleT } from '../../lib/i18n';
import { CompanyCell } from '../reviews/components/CompanyCell';
import { defineQueue } from '../reviews/queue';
import { decideShopApplication, fetchShopApplications, shopPageUrl } from './api';

const businessModel = (item: TShopApplication, t: ConsoleT) =>
  item.businessModel ? t(`shops:businessModel.${item.businessModel}`) : t('shops:notGiven');

const listings = (item: TShopApplication, t: ConsoleT) =>
  t('shops:listingsShort', { stock: item.listings.stock, capacity: item.listings.capacity });

/**
 * Shop openings (SPEC §4): the server let the owner apply only with complete company info, an
 * approved licence, a verified owner and enough listings; the operator audits the company itself,
 * with its public shop page a click away.
 */
export const shopQueue = defineQueue<TShopApplication>({
  key: 'shop-openings',
  title: (t) => t('shops:title'),
  fetchItems: fetchShopApplications,
  decide: decideShopApplication,
  columns: (t) => [
    {
      key: 'company',
      title: t('shops:companyName'),
      render: (item) => <CompanyCell name={item.companyName} rootId={item.rootId} />,
    },
    {
      key: 'businessModel',
      title: t('shops:businessModelLabel'),
      width: 130,
      render: (item) => businessModel(item, t),
    },
    { key: 'city', title: t('shops:city'), width: 100, render: (item) => item.city || t('shops:notGiven') },
    { key: 'listings', title: t('shops:listings'), width: 180, render: (item) => listings(item, t) },
  ],
  subject: (item) => item.companyName,
  facts: (item, t) => [
    {
      key: 'companyName',
      label: t('shops:companyName'),
      value: <span className="mc-fact-strong">{item.companyName}</span>,
    },
    { key: 'rootId', label: t('shops:company'), value: item.rootId },
    { key: 'businessModel', label: t('shops:businessModelLabel'), value: businessModel(item, t) },
    { key: 'city', label: t('shops:city'), value: item.city || t('shops:notGiven') },
    { key: 'listings', label: t('shops:listings'), wide: true, value: listings(item, t) },
    {
      key: 'shopPage',
      label: t('shops:shopPage'),
      wide: true,
      value: (
        <>
          <a href={shopPageUrl(item.rootId)} target="_blank" rel="noopener noreferrer" data-testid="shop-page-link">
            {t('shops:openShopPage')} <ExportOutlined />
          </a>
          <Typography.Text type="secondary" style={{ marginLeft: 12 }}>
            {t('shops:shopPageHint')}
          </Typography.Text>
        </>
      ),
    },
  ],
});
