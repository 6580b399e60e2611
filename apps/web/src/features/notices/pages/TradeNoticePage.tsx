import { NoticeListPage } from './NoticeListPage';

/** SPEC §2 /pages/message/trade_notice. */
export default function TradeNoticePage() {
  return <NoticeListPage category="trade" />;
}
