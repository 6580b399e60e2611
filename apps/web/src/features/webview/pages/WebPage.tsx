import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { Page } from '../../../components/Page';
import { Paths } from '../../../lib/navigation';

/** Only http(s) pages may be framed; anything else (javascript:, data:, relative junk) is refused. */
export function safeWebUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** SPEC §2 web/web?url=&title=: a titled frame around a web page. */
export default function WebPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const url = safeWebUrl(params.get('url'));
  const title = params.get('title') ?? '';

  return (
    <Page title={title} bodyClassName="mm-web-body">
      {url ? (
        <iframe className="mm-web-frame" src={url} title={title || url} referrerPolicy="no-referrer" />
      ) : (
        <div className="mm-center-page">
          <EmptyState
            kind="search"
            title={t('web.urlRequired')}
            description={t('web.urlRequiredHint')}
            action={{ label: t('notFound.home'), onClick: () => navigate(Paths.root, { replace: true }) }}
          />
        </div>
      )}
    </Page>
  );
}
