import { NoticeListPage } from './NoticeListPage';

/** SPEC §2 /pages/message/function_notice. */
export default function FunctionNoticePage() {
  return <NoticeListPage category="function" />;
}
