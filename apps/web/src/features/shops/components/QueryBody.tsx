import type { UseQueryResult } from '@tanstack/react-query';
import Skeleton from 'antd-mobile/es/components/skeleton';
import type { ReactNode } from 'react';
import { ErrorScreen, NotFoundScreen } from '../../../components/ErrorScreen';

/**
 * What a page about one thing (a shop, a user) shows while it loads, when it does not exist (no id in
 * the address), when loading failed (the app's error screen: codeFlag 4 is "not found" with ways on, a
 * rate limit says when to try again), and the thing itself once it is here.
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
  if (!hasId) return <NotFoundScreen title={notFound} />;
  if (query.isError) {
    return <ErrorScreen error={query.error} notFoundTitle={notFound} onRetry={() => void query.refetch()} />;
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
