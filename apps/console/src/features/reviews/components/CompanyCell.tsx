import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** A company in a queue's list: its name (or that it has none yet) over its ID, in one column. */
export function CompanyCell({ name, rootId, noName }: { name: string; rootId: number; noName?: string }) {
  const { t } = useTranslation('reviews');
  return (
    <>
      <div>
        {name ? (
          <Typography.Text strong>{name}</Typography.Text>
        ) : (
          <Typography.Text type="secondary">{noName}</Typography.Text>
        )}
      </div>
      <Typography.Text type="secondary">{t('queue.companyId', { id: rootId })}</Typography.Text>
    </>
  );
}
