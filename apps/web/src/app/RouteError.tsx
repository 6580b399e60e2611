import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { EmptyState } from '../components/EmptyState';

/** A page that failed to load or render (e.g. a chunk gone after a new release): offer a reload. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  console.error(error);
  return (
    <div className="mm-page mm-center-page">
      <EmptyState
        kind="search"
        title={t('error.title')}
        description={t('error.description')}
        action={{ label: t('error.reload'), onClick: () => window.location.reload() }}
      />
    </div>
  );
}
