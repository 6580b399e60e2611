import { CodeFlag } from '@metal/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import Skeleton from 'antd-mobile/es/components/skeleton';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { isApiError } from '../../../lib/api';

/**
 * What a page about one thing (a shop, a user) shows while it loads, when it does not exist (no id in
 * the address, or codeFlag 4), when loading failed (with retry), and the thing itself once it is here.
 */
export function QueryBody<T>({
  query,
  hasId,
  notFound,
  children,
}: {
  query: UseQueryResult<T>;
  hasId: boolean;
  notFound: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('shops');
  if (!hasId || (isApiError(query.error) && query.error.codeFlag === CodeFlag.notFound)) {
    return <EmptyState kind="lost" title={notFound} />;
  }
  if (query.isError) {
    return (
      <EmptyState
        kind="lost"
        title={t('shop.loadFailed')}
        action={{ label: t('shop.retry'), onClick: () => void query.refetch() }}
      />
    );
  }
  if (query.data === undefined) {
    return (
      <section className="mm-card mm-shop-pad" aria-hidden="true">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={5} animated />
      </section>
    );
  }
  return <>{children(query.data)}</>;
}
