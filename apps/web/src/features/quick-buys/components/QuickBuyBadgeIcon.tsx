import Badge from 'antd-mobile/es/components/badge';
import ShopbagOutline from 'antd-mobile-icons/es/ShopbagOutline';
import { formatBadge } from '../../../lib/badge';
import { useQuickBuyUnread } from '../api';

/** The quick-buy tab icon with how many subscription matches the user has not seen yet. */
export default function QuickBuyBadgeIcon() {
  const { data } = useQuickBuyUnread();
  return (
    <Badge content={formatBadge(data)} style={{ '--right': '-4px', '--top': '4px' }}>
      <ShopbagOutline />
    </Badge>
  );
}
