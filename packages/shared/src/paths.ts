/**
 * The web app's hash routes (SPEC §2), one table for everything that links to a page: the web app's
 * router and links, the console's links to public pages and the server's notices (`notice.link`).
 * A path changes here or nowhere; pages read their parameters from the query string.
 */
export const Paths = {
  /** SPEC §2 "Payment and upgrade": the cashier, its success page, and the order's payment page. */
  payDesk: '/uni_modules/uni-pay-x/pages/pay-desk/pay-desk',
  paySuccess: '/uni_modules/uni-pay-x/pages/success/success',
  payPage: '/pagesA/pay/pay',
  startAd: '/',
  privacy: '/pages/agree_privacy_policy/agree_privacy_policy',
  root: '/pages/root/root',
  login: '/pages/login/login',
  register: '/pages/login/register',
  set: '/pages/set/set',
  web: '/pages/web/web',
  marketDetail: '/pages/market/market_detail',
  marketDetailWeb: '/pages/market/market_detail_web',
  /** Not in SPEC's route list: every series of every market, grouped by market (the quotes board, 全部行情). */
  marketBoard: '/pages/market/market_board',
  buySort: '/pages/index/buy_sort',
  buySortWx: '/pages/index/buy_sort_wx',
  forecast: '/pages/market_forecast/forecast',
  forecastUser: '/pages/market_forecast/forecast_user',
  forecastMrt: '/pages/market_forecast/mrt',
  forecastRules: '/pages/hot_page/home_page_rule',
  /** Not in SPEC's route list: where a user creates, renames, deletes and orders their quote groups. */
  groupManage: '/pages/market/group_manage',
  // Companies, identity and shops (SPEC §2 sub-package /pagesA/ and the stock and companies group).
  userCenter: '/pagesA/user_center/user_center',
  modifyCompany: '/pagesA/user_center/modify_company',
  managerAddress: '/pagesA/user_center/manager_address',
  editManagerAddress: '/pagesA/user_center/edit_manager_address',
  chooseAddress: '/pagesA/user_center/choose_address',
  linkInfo: '/pagesA/user_center/link_info',
  /** SPEC §2 link_way: who buyers contact for sales, purchasing and after-sales, and how. */
  linkWay: '/pagesA/link_way/link_way',
  /** SPEC §2 team_page: a company's people as buyers see them (`?id=` the company's rootId). */
  teamPage: '/pagesA/team_page/team_page',
  buyScope: '/pagesA/sort/buy_sort',
  sellScope: '/pagesA/sort/sell_sort',
  albumManager: '/pagesA/album_manager/album_manager',
  albumPictureManager: '/pagesA/album_manager/album_picture_manager',
  licensePage: '/pagesA/license_page/license_page',
  licenseDisplay: '/pages/license_display/license_display',
  faceVerify: '/pagesA/face_verify/face_verify',
  // Memberships (SPEC §2 sub-package /pagesA/: vip_center/vip_center; vip_power; open_vip/open_vip;
  // open_forecast_vip/open_forecast_vip; open_dynamic_vip) and the payment orders, which have no SPEC path.
  vipCenter: '/pagesA/vip_center/vip_center',
  // Staff (SPEC §2 sub-package /pagesA/: operator/index, edit_employee, edit_role).
  operatorIndex: '/pagesA/operator/index',
  editEmployee: '/pagesA/operator/edit_employee',
  editRole: '/pagesA/operator/edit_role',
  vipPower: '/pagesA/vip_center/vip_power',
  openVip: '/pagesA/open_vip/open_vip',
  openForecastVip: '/pagesA/open_forecast_vip/open_forecast_vip',
  openDynamicVip: '/pagesA/open_forecast_vip/open_dynamic_vip',
  payOrders: '/pagesA/pay/pay_orders',
  // Trade orders (issue 18; SPEC shows no order pages): my orders (bought / sold tabs) and one order.
  myOrders: '/pagesA/order/my_orders',
  orderDetail: '/pagesA/order/order_detail',
  authResult: '/pagesA/face_verify/auth_result',
  openShop: '/pagesA/open_shop/open_shop',
  company: '/pages/company/company',
  companyDetail: '/pages/company_detail/company_detail',
  shopAlbum: '/pages/shop_album/shop_album',
  userInfo: '/pagesA/user_info_page/user_info_page',
  attentionCompany: '/pagesA/attention_company/attention_company',
  // Stock (issue 5): posting, the listing, and listings of the same specification.
  inputStock: '/pagesA/input_stock/input_stock',
  stockDetail: '/pages/stock_detail/stock_detail',
  // Trade (issue 18): the cart and the stock order it checks out into (cart/checkout.ts makes its query).
  shoppingCart: '/pages/shopping_cart/shopping_cart',
  confirmStockOrder: '/pages/confirm_stock_order/confirm_stock_order',
  // The order of an agreed inquiry quote (SPEC §2 /pagesA/confirm_inquiry_order), `?inquiryId=`.
  confirmInquiryOrder: '/pagesA/confirm_inquiry_order/confirm_inquiry_order',
  // A seller's proxy selection for a buyer (chat actions 11/12; no SPEC path): the seller picks lots or fills
  // a purchase order (`?buyerId=`), the buyer reviews and confirms it (`?proxyId=`).
  proxyPick: '/pagesA/proxy_pick/proxy_pick',
  confirmProxyOrder: '/pagesA/confirm_proxy_order/confirm_proxy_order',
  stockSameSpec: '/pagesA/stock_footprint/stock_same_spec',
  // Sellers' tools, visitor analytics and footprints (issue 5).
  stockManager: '/pagesA/stock_manager/index',
  sameAttr: '/pagesA/stock_manager/same_attr',
  stockFootprint: '/pagesA/stock_footprint/stock_footprint',
  visitor: '/pages/visitor/visitor',
  visitorSearch: '/pages/visitor/visitor_search',
  visitorDetail: '/pages/visitor/visitor_detail',
  shopcart: '/pages/visitor/shopcart',
  shopcartSearch: '/pages/visitor/shopcart_search',
  attention: '/pages/visitor/attention',
  attentionSearch: '/pages/visitor/attention_search',
  // Capacity listings (SPEC §2: input_capacity, choose_capacity_attr, capacity_manage in /pagesA/; capacity_detail).
  inputCapacity: '/pagesA/input_capacity/input_capacity',
  chooseCapacityAttr: '/pagesA/input_capacity/choose_capacity_attr',
  capacityManage: '/pagesA/capacity_manage/capacity_manage',
  capacityDetail: '/pages/capacity_detail/capacity_detail',
  // Nearby and the location pages other features reuse (the web app's features/nearby/index.ts).
  nearby: '/pages/nearby/nearby',
  chooseLocation: '/pagesA/choose_location/choose_location',
  openLocation: '/pagesA/open_location/open_location',
  // Finding stock (SPEC §2 stock and companies, market and index groups); home_page_rule?type=hot explains the hot ranking.
  stockList: '/pages/stock_list/stock_list',
  factoryList: '/pages/factory_list/factory_list',
  fiveDayStock: '/pages/five_day_stock/five_day_stock',
  fiveDayStockDetail: '/pages/five_day_stock/five_day_stock_detail',
  hotPage: '/pages/hot_page/hot_page',
  homeSearch: '/pages/index/home_search',
  // Chat (issue 6): one conversation; the list is the messages tab.
  chatPage: '/pages/chat_page/chat_page',
  // Contacts (issue 6; SPEC §2 sub-package /pagesA/).
  linkPage: '/pagesA/link_page/link_page',
  addFriend: '/pagesA/link_page/add_friend',
  qrCode: '/pagesA/qr_code/qr_code',
  tradeFriend: '/pagesA/trade_friend/trade_friend',
  chooseFriend: '/pagesA/choose_friend/choose_friend',
  myGroup: '/pagesA/my_group/my_group',
  editGroup: '/pagesA/my_group/edit_group',
  // Inquiries (issue 7): the procurement hall of inquiries and one inquiry with its quotes; posting (SPEC §2
  // /pages/input_inquiry/) and the buyer's own list, which has no SPEC path.
  procurementHall: '/pages/procurement/procurement_hall',
  inquiryDetail: '/pages/procurement/inquiry_detail',
  inputInquiry: '/pages/input_inquiry/input_inquiry',
  helpChooseInquiry: '/pages/input_inquiry/help_choose_inquiry',
  myInquiries: '/pagesA/inquiry_buy/inquiry_buy',
  // The supplier's order-taking list (SPEC order-taking: quote, grab); no SPEC path either.
  orderTaking: '/pagesA/order_taking/order_taking',
  // Dispatch (SPEC §2 /pagesA/ order_distribute/order_distribute, modify_distribute_group, dispatch_order).
  orderDistribute: '/pagesA/order_distribute/order_distribute',
  modifyDistributeGroup: '/pagesA/order_distribute/modify_distribute_group',
  dispatchOrder: '/pagesA/order_distribute/dispatch_order',
  // Price checking (SPEC §2 check_price/check_price, check_price_detail, me_check_price, add_check_price).
  checkPrice: '/pages/check_price/check_price',
  checkPriceDetail: '/pages/check_price/check_price_detail',
  meCheckPrice: '/pages/check_price/me_check_price',
  addCheckPrice: '/pages/check_price/add_check_price',
  // Quick-buy subscriptions (SPEC §2 quick_buy/quick_buy_set, quick_buy_set_add); the feed is the shell's tab.
  quickBuySet: '/pages/quick_buy/quick_buy_set',
  quickBuySetAdd: '/pages/quick_buy/quick_buy_set_add',
  // Agent requests (SPEC §2 /pagesA/input_agent_buy, input_agent_sell; procurement/agent_buy_detail) and the
  // owner's own list, which has no SPEC path.
  inputAgentBuy: '/pagesA/input_agent_buy/input_agent_buy',
  inputAgentSell: '/pagesA/input_agent_sell/input_agent_sell',
  agentBuyDetail: '/pages/procurement/agent_buy_detail',
  myAgentBuys: '/pagesA/agent_buy_mine/agent_buy_mine',
  // Receipt addresses and invoice titles (issue 18; SPEC §2 /pagesA/); `?pick=purpose` makes them pickers.
  receiptAddress: '/pagesA/receipt_address/receipt_address',
  modifyReceiptAddress: '/pagesA/receipt_address/modify_receipt_address',
  invoicePage: '/pagesA/invoice_page/invoice_page',
  // The seller's terms for stock orders (SPEC §2 /pagesA/trade_set/trade_set).
  tradeSet: '/pagesA/trade_set/trade_set',
} as const;

/** SPEC §2 stock_detail?id: where every listing row and notice opens. */
export const stockDetailPath = (id: number) => `${Paths.stockDetail}?id=${id}`;

/** SPEC §2 capacity_detail?id: one capacity listing. */
export const capacityDetailPath = (id: number) => `${Paths.capacityDetail}?id=${id}`;

/** SPEC §2 company?id: a company's shop, by its root account id. */
export const companyPath = (rootId: number) => `${Paths.company}?id=${rootId}`;
/** A company's team page. */
export const teamPagePath = (rootId: number) => `${Paths.teamPage}?id=${rootId}`;

/** user_info_page?userId: one person's card. */
export const userInfoPath = (userId: number) => `${Paths.userInfo}?userId=${userId}`;

/** SPEC §2 inquiry_detail?id: where every inquiry row, notice and quote message opens. */
export const inquiryDetailPath = (id: number) => `${Paths.inquiryDetail}?id=${id}`;

/** SPEC §2 procurement/agent_buy_detail?id: where every agent request row and notice opens. */
export const agentBuyDetailPath = (id: number) => `${Paths.agentBuyDetail}?id=${id}`;

/** procurement_hall on its agent purchase tab, where the agent request pages go back to. */
export const procurementHallAgentPath = `${Paths.procurementHall}?tab=agent`;

/**
 * SPEC §2 chat_page?userId: the conversation with one user; with `share`, chat_page offers to send that
 * listing (product link type and id, SPEC §3) as the first message.
 */
export const chatPagePath = (userId: number, share?: { proType: number; proId: number }) =>
  `${Paths.chatPage}?userId=${userId}${share ? `&proType=${share.proType}&proId=${share.proId}` : ''}`;

/** One trade order, where every order notice, chat quote card and list row opens. */
export const orderDetailPath = (id: number) => `${Paths.orderDetail}?id=${id}`;

/** The order of a cooperated inquiry, from its agreed quote. */
export const confirmInquiryOrderPath = (inquiryId: number) => `${Paths.confirmInquiryOrder}?inquiryId=${inquiryId}`;

/** A seller picks lots or fills a purchase order for this buyer (from their chat). */
export const proxyPickPath = (buyerUserId: number) => `${Paths.proxyPick}?buyerId=${buyerUserId}`;

/** One proxy selection, where its buyer confirms it (and its chat card and notice open). */
export const confirmProxyOrderPath = (proxyId: number) => `${Paths.confirmProxyOrder}?proxyId=${proxyId}`;
