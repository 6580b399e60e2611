import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../components/EmptyState';
import { Page } from '../components/Page';
import { Paths } from '../lib/navigation';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Page title={t('notFound.title')} bodyClassName="mm-center-page">
      <EmptyState
        kind="lost"
        title={t('notFound.title')}
        description={t('notFound.description')}
        action={{ label: t('notFound.home'), onClick: () => navigate(Paths.root, { replace: true }) }}
      />
    </Page>
  );
}
