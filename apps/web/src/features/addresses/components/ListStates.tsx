import type { UseQueryResult } from '@tanstack/react-query';
import Skeleton from 'antd-mobile/es/components/skeleton';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { Paths } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';

/**
 * The states both lists share: a visitor is asked to log in, a failed load offers a retry, a loading one
 * shows a skeleton; `children` renders the loaded answer.
 */
export function ListStates<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const { t } = useTranslation('addresses');
  const navigate = useNavigate();
  const { loggedIn } = useSession();
  if (!loggedIn) {
    return (
      <EmptyState
        kind="cart"
        title={t('loginTitle')}
        action={{ label: t('login'), onClick: () => navigate(Paths.login) }}
      />
    );
  }
  if (query.isError) return <ErrorScreen error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data === undefined) {
    return (
      <section className="mm-card mm-addr-skeleton" aria-busy="true">
        <Skeleton.Paragraph lineCount={5} animated />
      </section>
    );
  }
  return <>{children(query.data)}</>;
}
