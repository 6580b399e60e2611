import { NoticeListPage } from './NoticeListPage';

/** SPEC §2 /pages/message/activity_notice. */
export default function ActivityNoticePage() {
  return <NoticeListPage category="activity" />;
}
