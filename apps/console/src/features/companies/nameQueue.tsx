import type { TCompanyNameChange } from '@metal/shared';
import { Typography } from 'antd';
import { defineQueue, extraImageFields } from '../reviews/queue';
import { decideNameChange, fetchNameChanges } from './api';

/** The fields of a name change the queue shows by name; any other image field is shown as well. */
const KNOWN_FIELDS: readonly (keyof TCompanyNameChange)[] = [
  'id',
  'rootId',
  'companyName',
  'modifyCompanyName',
  'status',
  'reason',
  'createdAt',
  'reviewedAt',
];

/** The first queue: company name changes (SPEC §4), the name in force beside the name asked for. */
export const nameQueue = defineQueue<TCompanyNameChange>({
  key: 'company-names',
  title: (t) => t('companies:names.title'),
  fetchItems: fetchNameChanges,
  decide: decideNameChange,
  columns: (t) => [
    { key: 'rootId', title: t('companies:names.company'), render: (item) => item.rootId },
    { key: 'companyName', title: t('companies:names.currentName'), render: (item) => item.companyName },
    {
      key: 'modifyCompanyName',
      title: t('companies:names.requestedName'),
      render: (item) => <Typography.Text strong>{item.modifyCompanyName}</Typography.Text>,
    },
  ],
  subject: (item) => item.companyName,
  compare: (item, t) => [
    {
      key: 'name',
      label: t('companies:names.name'),
      before: { text: item.companyName },
      after: { text: item.modifyCompanyName },
    },
    // A name change needs the business licence again, which the request carries as a (signed) image link.
    ...extraImageFields(item, KNOWN_FIELDS).map(({ key, url }) => ({
      key,
      label: /licen[cs]e/i.test(key) ? t('reviews:image.licence') : `${t('reviews:image.field')} (${key})`,
      before: null,
      after: { image: url },
    })),
  ],
});
