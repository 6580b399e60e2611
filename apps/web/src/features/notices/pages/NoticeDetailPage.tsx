import { CodeFlag, formatRelativeTime } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorScreen, NotFoundScreen } from '../../../components/ErrorScreen';
import { Page } from '../../../components/Page';
import { isApiError } from '../../../lib/api';
import { useLanguage } from '../../../lib/i18n';
import { Paths, rootPath } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { NOTICE_LIST_PATH, useNoticeDetail } from '../api';
import '../locale';
import '../notices.css';

/** SPEC §2 message/notice_detail?id: one notice in full (reading it marks it read), and what it is about. */
export default function NoticeDetailPage() {
  const { t } = useTranslation('notices');
  const [lang] = useLanguage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const validId = Number.isInteger(id) && id > 0;
  const { loggedIn } = useSession();
  useEffect(() => {
    if (!loggedIn) navigate(Paths.login, { replace: true });
  }, [loggedIn, navigate]);
  const detail = useNoticeDetail(validId ? id : 0);
  const notice = detail.data;
  const missing =
    !validId ||
    (isApiError(detail.error) &&
      (detail.error.codeFlag === CodeFlag.forbidden || detail.error.codeFlag === CodeFlag.notFound));

  let body: ReactNode;
  if (missing) {
    body = <NotFoundScreen title={t('detail.notFound')} />;
  } else if (detail.isError) {
    body = <ErrorScreen error={detail.error} onRetry={() => void detail.refetch()} />;
  } else if (!notice) {
    body = (
      <section className="mm-card mm-notice-pad" aria-hidden="true">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={3} animated />
      </section>
    );
  } else {
    body = (
      <article className="mm-card mm-notice-detail" data-testid="notice-detail">
        <p className="mm-notice-detail-category">{t(`category.${notice.category}`)}</p>
        <h2 className="mm-notice-detail-title">{notice.title}</h2>
        <time className="mm-notice-detail-time" dateTime={new Date(notice.createdAt * 1000).toISOString()}>
          {formatRelativeTime(notice.createdAt, Math.floor(Date.now() / 1000), lang)}
        </time>
        <p className="mm-notice-detail-content">{notice.content}</p>
        {notice.link && (
          <Button
            block
            color="primary"
            fill="outline"
            className="mm-notice-detail-open"
            onClick={() => {
              if (notice.link) navigate(notice.link);
            }}
          >
            {t('detail.open')}
          </Button>
        )}
      </article>
    );
  }

  return (
    <Page
      title={t('detail.title')}
      backTo={notice ? NOTICE_LIST_PATH[notice.category] : rootPath('messages')}
      className="mm-notices"
    >
      {body}
    </Page>
  );
}
