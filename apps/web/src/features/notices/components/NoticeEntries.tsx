import { formatRelativeTime, NOTICE_CATEGORIES, type NoticeCategory } from '@metal/shared';
import Badge from 'antd-mobile/es/components/badge';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLanguage } from '../../../lib/i18n';
import { NOTICE_LIST_PATH, useNoticeUnreadCounts } from '../api';
import '../locale';
import '../notices.css';

const ICONS: Record<NoticeCategory, ReactNode> = {
  trade: (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path d="M4 7h13l-3-3M20 17H7l3 3" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  ),
  activity: (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path
        d="M12 3l2.6 5.4 5.9.8-4.3 4.1 1 5.8L12 16.4 6.8 19.1l1-5.8L3.5 9.2l5.9-.8z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  ),
  function: (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path
        d="M6 9a6 6 0 0 1 12 0c0 5 2 6 2 6H4s2-1 2-6M10 19a2 2 0 0 0 4 0"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  ),
};

const formatCount = (count: number) => (count > 99 ? '99+' : String(count));

/**
 * The top of the messages tab: trade, activity and function notices, each with its unread count and
 * newest notice, opening its list.
 */
export default function NoticeEntries() {
  const { t } = useTranslation('notices');
  const [lang] = useLanguage();
  const navigate = useNavigate();
  const counts = useNoticeUnreadCounts();
  const now = Math.floor(Date.now() / 1000);
  return (
    <section className="mm-card mm-notice-entries" data-testid="notice-entries">
      {NOTICE_CATEGORIES.map((category) => {
        const entry = counts.data?.categories.find((c) => c.category === category);
        const unread = entry?.unread ?? 0;
        return (
          <button
            key={category}
            type="button"
            className="mm-notice-entry"
            data-testid={`notice-entry-${category}`}
            onClick={() => navigate(NOTICE_LIST_PATH[category])}
          >
            <Badge content={unread > 0 ? formatCount(unread) : null}>
              <span className={`mm-notice-entry-icon mm-notice-entry-icon-${category}`}>{ICONS[category]}</span>
            </Badge>
            <span className="mm-notice-entry-main">
              <span className="mm-notice-entry-top">
                <strong className="mm-notice-entry-name">{t(`category.${category}`)}</strong>
                {entry?.latest && (
                  <span className="mm-notice-entry-time">{formatRelativeTime(entry.latest.createdAt, now, lang)}</span>
                )}
              </span>
              <span className="mm-notice-entry-latest">{entry?.latest?.content ?? t('entry.none')}</span>
            </span>
          </button>
        );
      })}
    </section>
  );
}
