import type { TCompanyInfo } from '@metal/shared';
import { type ReactNode, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { PageLoading } from '../../../app/PageLoading';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { Page } from '../../../components/Page';
import { Paths } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { useCompanyInfo } from '../api';

interface CompanyPageProps {
  title: string;
  backTo: string;
  className?: string;
  children: (info: TCompanyInfo) => ReactNode;
}

/**
 * A company page's frame: a visitor goes to login (SPEC §2), then the company info loads, with the
 * loading and the failed states every company page shows alike.
 */
export function CompanyPage({ title, backTo, className, children }: CompanyPageProps) {
  const navigate = useNavigate();
  const { loggedIn } = useSession();
  const info = useCompanyInfo();

  useEffect(() => {
    if (!loggedIn) navigate(Paths.login, { replace: true });
  }, [loggedIn, navigate]);

  return (
    <Page title={title} backTo={backTo} className={`mm-form-page ${className ?? ''}`}>
      {info.isError ? (
        <ErrorScreen error={info.error} onRetry={() => void info.refetch()} />
      ) : info.data ? (
        children(info.data)
      ) : (
        <PageLoading />
      )}
    </Page>
  );
}
