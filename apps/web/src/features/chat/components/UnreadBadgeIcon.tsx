import Badge from 'antd-mobile/es/components/badge';
import MessageOutline from 'antd-mobile-icons/es/MessageOutline';
import { formatBadge } from '../../../lib/badge';
import { useNoticesFollowChat, useNoticeUnreadCounts } from '../../notices/api';
import { useUnreadFollowsChat, useUnreadSize } from '../api';

/** The messages tab icon with the unread count: chat messages and notices. */
export default function UnreadBadgeIcon() {
  const { data } = useUnreadSize();
  const notices = useNoticeUnreadCounts();
  useUnreadFollowsChat();
  useNoticesFollowChat();
  return (
    <Badge
      content={formatBadge((data ?? 0) + (notices.data?.total ?? 0))}
      style={{ '--right': '-4px', '--top': '4px' }}
    >
      <MessageOutline />
    </Badge>
  );
}
