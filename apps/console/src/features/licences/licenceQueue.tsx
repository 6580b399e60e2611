import { Tag } from 'antd';
import type { ConsoleT } from '../../lib/i18n';
import { CompanyCell } from '../reviews/components/CompanyCell';
import { defineQueue } from '../reviews/queue';
import { decideLicence, fetchLicences, type LicenceReview } from './api';

/** A company may send its licence before it has a name; the operator is told rather than shown a blank. */
const nameOf = (item: LicenceReview, t: ConsoleT) => item.companyName || t('licences:noName');

/**
 * Business licences sent on their own (SPEC §4; one sent with a name change is reviewed with the name):
 * the new image beside the one approved now, large enough to read against the company's name.
 */
export const licenceQueue = defineQueue<LicenceReview>({
  key: 'licences',
  title: (t) => t('licences:title'),
  fetchItems: fetchLicences,
  decide: decideLicence,
  columns: (t) => [
    {
      key: 'company',
      title: t('licences:companyName'),
      render: (item) => <CompanyCell name={item.companyName} rootId={item.rootId} noName={t('licences:noName')} />,
    },
    {
      key: 'image',
      title: t('licences:newLicence'),
      width: 120,
      render: (item) => <img className="mc-thumb" src={item.image.thumbUrl} alt={t('licences:newLicence')} />,
    },
    {
      key: 'kind',
      title: t('licences:kind'),
      width: 220,
      render: (item) =>
        item.current ? (
          <Tag color="gold">{t('licences:replacement')}</Tag>
        ) : (
          <Tag color="blue">{t('licences:first')}</Tag>
        ),
    },
  ],
  subject: nameOf,
  facts: (item, t) => [
    {
      key: 'companyName',
      label: t('licences:companyName'),
      value: <span className="mc-fact-strong">{nameOf(item, t)}</span>,
    },
    { key: 'rootId', label: t('licences:company'), value: item.rootId },
  ],
  compare: (item, t) => [
    {
      key: 'licence',
      label: t('reviews:image.licence'),
      before: item.current ? { image: item.current.url } : { text: t('licences:noneApproved') },
      after: { image: item.image.url },
    },
  ],
});
