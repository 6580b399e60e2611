import List from 'antd-mobile/es/components/list';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../../components/Page';
import { Paths } from '../../../lib/navigation';
import { useShopDetail } from '../api';
import { Marks } from '../components/Marks';
import '../../companies/locale';
import { QueryBody } from '../components/QueryBody';
import '../locale';
import '../shops.css';
import { useRegionName } from '../../../lib/regionName';

/** SPEC §2 company_detail/company_detail (title 'shop details'): everything a company tells about itself. */
export default function CompanyDetailPage() {
  const { t } = useTranslation(['shops', 'companies', 'common']);
  const regionName = useRegionName();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const rootId = Number(params.get('id')) || 0;
  const shop = useShopDetail(rootId, null);
  const none = t('detail.none');
  const joined = (values: string[]) => (values.length > 0 ? values.join(t('common:listSeparator')) : none);

  const body = (
    <QueryBody query={shop} hasId={rootId > 0} notFound={t('shop.notFound')}>
      {(data) => {
        const { contact, address } = data;
        const rows: [string, string][] = [
          [t('detail.name'), data.name],
          [t('detail.brand'), data.brand || none],
          [t('detail.businessModel'), data.businessModel ? t(`companies:businessModel.${data.businessModel}`) : none],
          [t('detail.sellProducts'), joined(data.sellProducts.map((p) => p.sortName))],
          [t('detail.buyProducts'), joined(data.buyProducts.map((p) => p.sortName))],
          [t('shop.contactPerson'), contact.linkName || none],
          [t('shop.phone'), contact.linkPhone || none],
          [t('detail.phones'), joined(contact.phones)],
          [t('detail.faxes'), joined(contact.faxes)],
          [t('detail.qq'), contact.qq || none],
          [t('detail.wechat'), contact.wechat || none],
          [t('detail.webUrl'), contact.webUrl || none],
          [
            t('detail.address'),
            [regionName(address.province), regionName(address.city), regionName(address.district), address.detail]
              .join(' ')
              .trim() || none,
          ],
        ];
        return (
          <>
            <section className="mm-card mm-shop-detail-head">
              <h1>{data.name}</h1>
              <Marks marks={data.marks} />
            </section>
            <section className="mm-card mm-shop-detail">
              <dl>
                {rows.map(([label, value]) => (
                  <div key={label}>
                    <dt>{label}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
            </section>
            {data.marks.licence && (
              <section className="mm-card">
                <List>
                  <List.Item arrowIcon onClick={() => navigate(`${Paths.licenseDisplay}?id=${data.rootId}`)}>
                    {t('detail.licence')}
                  </List.Item>
                </List>
              </section>
            )}
          </>
        );
      }}
    </QueryBody>
  );

  return (
    <Page title={t('detail.title')} backTo={`${Paths.company}?id=${rootId}`} className="mm-shop">
      <PullToRefresh onRefresh={async () => void (await shop.refetch())}>{body}</PullToRefresh>
    </Page>
  );
}
