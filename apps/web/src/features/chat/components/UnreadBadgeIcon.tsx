import Badge from 'antd-mobile/es/components/badge';
import MessageOutline from 'antd-mobile-icons/es/MessageOutline';
import { formatBadge, useUnreadFollowsChat, useUnreadSize } from '../api';

/** The messages tab icon with the unread count. */
export default function UnreadBadgeIcon() {
  const { data } = useUnreadSize();
  useUnreadFollowsChat();
  return (
    <Badge content={formatBadge(data)} style={{ '--right': '-4px', '--top': '4px' }}>
      <MessageOutline />
    </Badge>
  );
}
