import type { ReactNode } from 'react';
import { PageLoading } from '../../../app/PageLoading';
import { ErrorScreen } from '../../../components/ErrorScreen';
import type { RegionTable } from '../address';
import { useRegions } from '../api';

/** Renders its children once the region table has arrived (it loads on demand), with loading and failed states. */
export function RegionsGate({ children }: { children: (regions: RegionTable) => ReactNode }) {
  const regions = useRegions();
  if (regions.isError) {
    return <ErrorScreen error={regions.error} onRetry={() => void regions.refetch()} />;
  }
  if (!regions.data) return <PageLoading />;
  return children(regions.data);
}
