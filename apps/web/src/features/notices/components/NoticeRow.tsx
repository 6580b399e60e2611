import { formatRelativeTime, type TNotice } from '@metal/shared';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n';

/** One notice in a list: title with an unread dot, when, and the text in two lines. */
export function NoticeRow({ notice, onOpen }: { notice: TNotice; onOpen: () => void }) {
  const { t } = useTranslation('notices');
  const [lang] = useLanguage();
  return (
    <button type="button" className="mm-notice-row" data-testid="notice-row" onClick={onOpen}>
      <span className="mm-notice-row-top">
        {!notice.read && <span className="mm-notice-dot" role="img" aria-label={t('list.unread')} />}
        <strong className="mm-notice-row-title">{notice.title}</strong>
        <span className="mm-notice-row-time">
          {formatRelativeTime(notice.createdAt, Math.floor(Date.now() / 1000), lang)}
        </span>
      </span>
      <span className="mm-notice-row-content">{notice.content}</span>
    </button>
  );
}
