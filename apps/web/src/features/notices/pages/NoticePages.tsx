import { useParams } from 'react-router';
import NotFoundPage from '../../../app/NotFoundPage';
import NoticeDetailPage from './NoticeDetailPage';
import { NoticeListPage } from './NoticeListPage';

/** The router's `pages/message/:page` entry: SPEC §2's four notice pages by name, anything else not found. */
export default function NoticePages() {
  const { page } = useParams();
  switch (page) {
    case 'trade_notice':
      return <NoticeListPage key="trade" category="trade" />;
    case 'activity_notice':
      return <NoticeListPage key="activity" category="activity" />;
    case 'function_notice':
      return <NoticeListPage key="function" category="function" />;
    case 'notice_detail':
      return <NoticeDetailPage />;
    default:
      return <NotFoundPage />;
  }
}
