import {
  agentBuyDetailPath,
  capacityDetailPath,
  confirmProxyOrderPath,
  inquiryDetailPath,
  type Language,
  type MessageKey,
  type NoticeCategory,
  orderDetailPath,
  Paths,
  stockDetailPath,
  userInfoPath,
} from '@metal/shared';

/** The message keys notices are written with: every one of them has an entry in NOTICE_CATALOG. */
export type NoticeMessageKey = Extract<MessageKey, `notice.${string}`>;

interface NoticeKind {
  category: NoticeCategory;
  /** The short heading lists and notice_detail show above the text. */
  title: Record<Language, string>;
  /** The page the notice is about, from its subject (e.g. 'stock:12'); null when there is nothing to open. */
  link: (subjectId: number | undefined) => string | null;
}

/**
 * Headings of notices, kept here rather than in the shared messages: only the server renders them,
 * and the web app's start-up bundle carries the shared messages.
 */
const TITLES = {
  stockReview: { 'zh-CN': '现货审核结果', 'en-US': 'Stock review result' },
  stockExpired: { 'zh-CN': '现货过期提醒', 'en-US': 'Stock expired' },
  capacityReview: { 'zh-CN': '产能审核结果', 'en-US': 'Capacity review result' },
  companyName: { 'zh-CN': '公司名称', 'en-US': 'Company name' },
  licenceReview: { 'zh-CN': '营业执照审核结果', 'en-US': 'Business licence review result' },
  shopReview: { 'zh-CN': '开店审核结果', 'en-US': 'Shop application result' },
  verification: { 'zh-CN': '实名认证', 'en-US': 'Real-name verification' },
  friend: { 'zh-CN': '好友', 'en-US': 'Friends' },
  inquiryReview: { 'zh-CN': '询价审核结果', 'en-US': 'Inquiry review result' },
  inquiry: { 'zh-CN': '询价', 'en-US': 'Inquiry' },
  quote: { 'zh-CN': '报价', 'en-US': 'Quote' },
  dispatch: { 'zh-CN': '派单', 'en-US': 'Dispatch' },
  quickBuy: { 'zh-CN': '快采订阅', 'en-US': 'Quick buy' },
  agentBuyReview: { 'zh-CN': '代理需求审核结果', 'en-US': 'Agent request review result' },
  agentBuy: { 'zh-CN': '代理需求', 'en-US': 'Agent request' },
  membership: { 'zh-CN': '会员续费提醒', 'en-US': 'Membership renewal' },
  order: { 'zh-CN': '订单', 'en-US': 'Order' },
} satisfies Record<string, Record<Language, string>>;

// Where each notice opens: the web app's routes (the shared Paths), with the subject's id where there is one.
const withId = (path: (id: number) => string) => (id: number | undefined) => (id ? path(id) : null);
const stockDetail = withId(stockDetailPath);
const capacityDetail = withId(capacityDetailPath);
const stockManager = () => Paths.stockManager;
const capacityManage = () => Paths.capacityManage;
const modifyCompany = () => Paths.modifyCompany;
const licencePage = () => Paths.licensePage;
const openShop = () => Paths.openShop;
const faceVerify = () => Paths.faceVerify;
const vipCenter = () => Paths.vipCenter;
const userInfo = withId(userInfoPath);
const inquiryDetail = withId(inquiryDetailPath);
const agentBuyDetail = withId(agentBuyDetailPath);
const orderDetail = withId(orderDetailPath);
const nothing = () => null;

/**
 * Which list each notice belongs to, and how it reads and links. Decided here from the message key,
 * not stored with the notice, so a notice moves list with a change of this map and the modules that
 * send notices need not know about lists. The type makes a new `notice.*` key without an entry a
 * compile error, and notices.test.ts checks it at run time too. Activity notices (operator campaigns
 * and promotions) have no key yet: no module sends one.
 */
export const NOTICE_CATALOG: Record<NoticeMessageKey, NoticeKind> = {
  'notice.stockApproved': { category: 'trade', title: TITLES.stockReview, link: stockDetail },
  'notice.stockRejected': { category: 'trade', title: TITLES.stockReview, link: stockManager },
  'notice.stockExpired': { category: 'trade', title: TITLES.stockExpired, link: stockManager },
  'notice.capacityApproved': { category: 'trade', title: TITLES.capacityReview, link: capacityDetail },
  'notice.capacityRejected': { category: 'trade', title: TITLES.capacityReview, link: capacityManage },
  'notice.nameContact': { category: 'function', title: TITLES.companyName, link: nothing },
  'notice.nameApproved': { category: 'function', title: TITLES.companyName, link: modifyCompany },
  'notice.nameRejected': { category: 'function', title: TITLES.companyName, link: modifyCompany },
  'notice.licenceApproved': { category: 'function', title: TITLES.licenceReview, link: licencePage },
  'notice.licenceRejected': { category: 'function', title: TITLES.licenceReview, link: licencePage },
  'notice.shopApproved': { category: 'function', title: TITLES.shopReview, link: nothing },
  'notice.shopRejected': { category: 'function', title: TITLES.shopReview, link: openShop },
  'notice.verificationApproved': { category: 'function', title: TITLES.verification, link: nothing },
  'notice.verificationRejected': { category: 'function', title: TITLES.verification, link: faceVerify },
  'notice.verificationRevoked': { category: 'function', title: TITLES.verification, link: faceVerify },
  'notice.friendAccepted': { category: 'function', title: TITLES.friend, link: userInfo },
  // Inquiry and quote notices carry the subject `inquiry:<id>`: each opens that inquiry.
  'notice.inquiryApproved': { category: 'trade', title: TITLES.inquiryReview, link: inquiryDetail },
  'notice.inquiryRejected': { category: 'trade', title: TITLES.inquiryReview, link: inquiryDetail },
  'notice.inquiryDesignated': { category: 'trade', title: TITLES.inquiry, link: inquiryDetail },
  'notice.inquiryExpired': { category: 'trade', title: TITLES.inquiry, link: inquiryDetail },
  'notice.inquiryQuoted': { category: 'trade', title: TITLES.quote, link: inquiryDetail },
  'notice.quoteAgreed': { category: 'trade', title: TITLES.quote, link: inquiryDetail },
  'notice.quoteLost': { category: 'trade', title: TITLES.quote, link: inquiryDetail },
  'notice.inquiryAssigned': { category: 'trade', title: TITLES.dispatch, link: inquiryDetail },
  'notice.inquiryTransferred': { category: 'trade', title: TITLES.dispatch, link: inquiryDetail },
  'notice.inquiryEscalated': { category: 'trade', title: TITLES.dispatch, link: inquiryDetail },
  // Quick-buy matches carry `stock:<id>` or `inquiry:<id>`: each opens the item it found.
  'notice.quickBuyStock': { category: 'trade', title: TITLES.quickBuy, link: stockDetail },
  'notice.quickBuyInquiry': { category: 'trade', title: TITLES.quickBuy, link: inquiryDetail },
  // Agent request notices carry the subject `agentBuy:<id>`: each opens that request.
  'notice.agentBuyApproved': { category: 'trade', title: TITLES.agentBuyReview, link: agentBuyDetail },
  'notice.agentBuyRejected': { category: 'trade', title: TITLES.agentBuyReview, link: agentBuyDetail },
  'notice.agentBuyQuoted': { category: 'trade', title: TITLES.quote, link: agentBuyDetail },
  'notice.agentBuyExpired': { category: 'trade', title: TITLES.agentBuy, link: agentBuyDetail },
  // Trade order notices carry the subject `order:<id>`: each opens that order; a proxy selection opens the order list.
  'notice.orderPlaced': { category: 'trade', title: TITLES.order, link: orderDetail },
  'notice.orderQuoted': { category: 'trade', title: TITLES.order, link: orderDetail },
  'notice.orderAgreed': { category: 'trade', title: TITLES.order, link: orderDetail },
  'notice.orderSlip': { category: 'trade', title: TITLES.order, link: orderDetail },
  'notice.orderPaid': { category: 'trade', title: TITLES.order, link: orderDetail },
  'notice.orderPaymentConfirmed': { category: 'trade', title: TITLES.order, link: orderDetail },
  'notice.orderSlipRejected': { category: 'trade', title: TITLES.order, link: orderDetail },
  'notice.orderShipped': { category: 'trade', title: TITLES.order, link: orderDetail },
  'notice.orderCompleted': { category: 'trade', title: TITLES.order, link: orderDetail },
  'notice.orderCancelled': { category: 'trade', title: TITLES.order, link: orderDetail },
  'notice.orderExpired': { category: 'trade', title: TITLES.order, link: orderDetail },
  'notice.orderRefundedInFull': { category: 'trade', title: TITLES.order, link: orderDetail },
  'notice.orderProxyPicked': { category: 'trade', title: TITLES.order, link: withId(confirmProxyOrderPath) },
  // Renewal reminders open the VIP centre, where the status and the plans to renew with are.
  'notice.certifiedSupplierEnding': { category: 'function', title: TITLES.membership, link: vipCenter },
  'notice.forecastVipEnding': { category: 'function', title: TITLES.membership, link: vipCenter },
};

export function isNoticeMessageKey(key: string): key is NoticeMessageKey {
  return Object.hasOwn(NOTICE_CATALOG, key);
}

/** The message keys of one list, for filtering in SQL. */
export function noticeKeysOf(category: NoticeCategory): NoticeMessageKey[] {
  return (Object.keys(NOTICE_CATALOG) as NoticeMessageKey[]).filter((key) => NOTICE_CATALOG[key].category === category);
}

/** The number at the end of a subject such as 'stock:12'; undefined when it ends otherwise. */
export function subjectId(subject: string): number | undefined {
  const match = /:(\d+)$/.exec(subject);
  return match ? Number(match[1]) : undefined;
}
