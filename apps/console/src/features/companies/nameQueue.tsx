import type { TNameChangeReviewItem } from '@metal/shared';
import { Typography } from 'antd';
import { defineQueue } from '../reviews/queue';
import { decideNameChange, fetchNameChanges } from './api';

/** The first queue: company name changes (SPEC §4), the name in force beside the name asked for. */
export const nameQueue = defineQueue<TNameChangeReviewItem>({
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
    // SPEC §4: a new name needs the business licence again; the request carries it as a signed link.
    {
      key: 'licence',
      label: t('reviews:image.licence'),
      before: null,
      after: item.licence ? { image: item.licence.url } : { text: t('reviews:image.none') },
    },
  ],
});
