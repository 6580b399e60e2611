import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../../app/PageLoading';
import { EmptyState } from '../../../components/EmptyState';
import type { RegionTable } from '../address';
import { useRegions } from '../api';

/** Renders its children once the region table has arrived (it loads on demand), with loading and failed states. */
export function RegionsGate({ children }: { children: (regions: RegionTable) => ReactNode }) {
  const { t } = useTranslation('companies');
  const regions = useRegions();
  if (regions.isError) {
    return (
      <EmptyState
        kind="lost"
        title={t('address.regionsFailed')}
        description={t('loadFailedText')}
        action={{ label: t('retry'), onClick: () => void regions.refetch() }}
      />
    );
  }
  if (!regions.data) return <PageLoading />;
  return children(regions.data);
}
