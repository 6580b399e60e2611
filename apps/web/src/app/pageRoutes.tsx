import type { RouteObject } from 'react-router';
import { Paths } from '../lib/navigation';
import { page, strip } from './lazyPage';

/**
 * Every page route but the start-up ones (router.tsx). Loaded on the first navigation to a path the
 * start-up routes do not know, so the route table does not weigh on the home screen's start.
 */
export const pageRoutes: RouteObject[] = [
  { path: strip(Paths.login), lazy: page(() => import('../features/accounts/pages/LoginPage')) },
  { path: strip(Paths.register), lazy: page(() => import('../features/accounts/pages/RegisterPage')) },
  { path: strip(Paths.set), lazy: page(() => import('../features/settings/pages/SetPage')) },
  { path: strip(Paths.web), lazy: page(() => import('../features/webview/pages/WebPage')) },
  { path: strip(Paths.marketDetail), lazy: page(() => import('../features/markets/pages/MarketDetailPage')) },
  {
    path: strip(Paths.marketDetailWeb),
    lazy: page(() => import('../features/markets/pages/MarketDetailWebPage')),
  },
  { path: strip(Paths.buySort), lazy: page(() => import('../features/markets/pages/BuySortPage')) },
  { path: strip(Paths.buySortWx), lazy: page(() => import('../features/markets/pages/BuySortWxPage')) },
  { path: strip(Paths.groupManage), lazy: page(() => import('../features/markets/pages/GroupManagePage')) },
  { path: strip(Paths.forecast), lazy: page(() => import('../features/forecasts/pages/ForecastPage')) },
  { path: strip(Paths.forecastUser), lazy: page(() => import('../features/forecasts/pages/ForecastUserPage')) },
  { path: strip(Paths.forecastMrt), lazy: page(() => import('../features/forecasts/pages/MrtPage')) },
  // home_page_rule explains the forecast game, or with ?type=hot the hot ranking.
  {
    path: strip(Paths.forecastRules),
    lazy: page(() => import('../features/stock-search/pages/HomePageRulePage')),
  },
  { path: strip(Paths.userCenter), lazy: page(() => import('../features/companies/pages/UserCenterPage')) },
  { path: strip(Paths.linkInfo), lazy: page(() => import('../features/companies/pages/LinkInfoPage')) },
  {
    path: strip(Paths.managerAddress),
    lazy: page(() => import('../features/companies/pages/ManagerAddressPage')),
  },
  {
    path: strip(Paths.editManagerAddress),
    lazy: page(() => import('../features/companies/pages/EditManagerAddressPage')),
  },
  { path: strip(Paths.chooseAddress), lazy: page(() => import('../features/companies/pages/ChooseAddressPage')) },
  { path: strip(Paths.sellScope), lazy: page(() => import('../features/companies/pages/SellScopePage')) },
  { path: strip(Paths.buyScope), lazy: page(() => import('../features/companies/pages/BuyScopePage')) },
  { path: strip(Paths.faceVerify), lazy: page(() => import('../features/verification/pages/FaceVerifyPage')) },
  { path: strip(Paths.authResult), lazy: page(() => import('../features/verification/pages/AuthResultPage')) },
  { path: strip(Paths.licensePage), lazy: page(() => import('../features/licences/pages/LicensePage')) },
  {
    path: strip(Paths.licenseDisplay),
    lazy: page(() => import('../features/licences/pages/LicenseDisplayPage')),
  },
  { path: strip(Paths.modifyCompany), lazy: page(() => import('../features/licences/pages/ModifyCompanyPage')) },
  { path: strip(Paths.albumManager), lazy: page(() => import('../features/albums/pages/AlbumManagerPage')) },
  {
    path: strip(Paths.albumPictureManager),
    lazy: page(() => import('../features/albums/pages/AlbumPictureManagerPage')),
  },
  { path: strip(Paths.shopAlbum), lazy: page(() => import('../features/albums/pages/ShopAlbumPage')) },
  { path: strip(Paths.company), lazy: page(() => import('../features/shops/pages/CompanyPage')) },
  { path: strip(Paths.companyDetail), lazy: page(() => import('../features/shops/pages/CompanyDetailPage')) },
  { path: strip(Paths.userInfo), lazy: page(() => import('../features/shops/pages/UserInfoPage')) },
  {
    path: strip(Paths.attentionCompany),
    lazy: page(() => import('../features/shops/pages/AttentionCompanyPage')),
  },
  { path: strip(Paths.openShop), lazy: page(() => import('../features/shops/pages/OpenShopPage')) },
  { path: strip(Paths.inputStock), lazy: page(() => import('../features/stocks/pages/InputStockPage')) },
  { path: strip(Paths.stockDetail), lazy: page(() => import('../features/stocks/pages/StockDetailPage')) },
  { path: strip(Paths.stockSameSpec), lazy: page(() => import('../features/stocks/pages/StockSameSpecPage')) },
  {
    path: strip(Paths.stockManager),
    lazy: page(() => import('../features/stock-manager/pages/StockManagerPage')),
  },
  { path: strip(Paths.sameAttr), lazy: page(() => import('../features/stock-manager/pages/SameAttrPage')) },
  {
    path: strip(Paths.stockFootprint),
    lazy: page(() => import('../features/footprints/pages/StockFootprintPage')),
  },
  ...(
    [
      [Paths.visitor, 'VisitorPage'],
      [Paths.shopcart, 'ShopcartPage'],
      [Paths.attention, 'AttentionPage'],
      [Paths.visitorSearch, 'VisitorSearchPage'],
      [Paths.shopcartSearch, 'ShopcartSearchPage'],
      [Paths.attentionSearch, 'AttentionSearchPage'],
      [Paths.visitorDetail, 'VisitorDetailPage'],
    ] as const
  ).map(([path, name]) => ({
    path: strip(path),
    lazy: page(async () => ({ default: (await import('../features/visitors/pages'))[name] })),
  })),
  {
    path: strip(Paths.inputCapacity),
    lazy: page(() => import('../features/capacities/pages/InputCapacityPage')),
  },
  {
    path: strip(Paths.chooseCapacityAttr),
    lazy: page(() => import('../features/capacities/pages/ChooseCapacityAttrPage')),
  },
  {
    path: strip(Paths.capacityManage),
    lazy: page(() => import('../features/capacities/pages/CapacityManagePage')),
  },
  {
    path: strip(Paths.capacityDetail),
    lazy: page(() => import('../features/capacities/pages/CapacityDetailPage')),
  },
  { path: strip(Paths.nearby), lazy: page(() => import('../features/nearby/pages/NearbyPage')) },
  {
    path: strip(Paths.chooseLocation),
    lazy: page(() => import('../features/nearby/pages/ChooseLocationPage')),
  },
  { path: strip(Paths.openLocation), lazy: page(() => import('../features/nearby/pages/OpenLocationPage')) },
  { path: strip(Paths.stockList), lazy: page(() => import('../features/stock-search/pages/StockListPage')) },
  { path: strip(Paths.factoryList), lazy: page(() => import('../features/stock-search/pages/FactoryListPage')) },
  { path: strip(Paths.fiveDayStock), lazy: page(() => import('../features/stock-search/pages/FiveDayStockPage')) },
  {
    path: strip(Paths.fiveDayStockDetail),
    lazy: page(() => import('../features/stock-search/pages/FiveDayStockDetailPage')),
  },
  { path: strip(Paths.hotPage), lazy: page(() => import('../features/stock-search/pages/HotPage')) },
  { path: strip(Paths.homeSearch), lazy: page(() => import('../features/stock-search/pages/HomeSearchPage')) },
  { path: strip(Paths.chatPage), lazy: page(() => import('../features/chat/pages/ChatPage')) },
  // SPEC §2 message/trade_notice, activity_notice, function_notice and notice_detail: one lazy entry
  // (NoticePages picks the page), so the start-up bundle carries one route, not four.
  { path: 'pages/message/:page', lazy: page(() => import('../features/notices/pages/NoticePages')) },
  ...(['linkPage', 'addFriend', 'qrCode', 'tradeFriend', 'chooseFriend', 'myGroup', 'editGroup'] as const).map(
    (key) => ({
      path: strip(Paths[key]),
      lazy: page(async () => ({ default: await (await import('../features/contacts/routes')).contactsPage(key) })),
    }),
  ),
  {
    path: strip(Paths.procurementHall),
    lazy: page(() => import('../features/inquiries/pages/ProcurementHallPage')),
  },
  { path: strip(Paths.inquiryDetail), lazy: page(() => import('../features/inquiries/pages/InquiryDetailPage')) },
  {
    path: strip(Paths.inputInquiry),
    lazy: page(() => import('../features/inquiries/pages/InputInquiryPage')),
  },
  {
    path: strip(Paths.helpChooseInquiry),
    lazy: page(() => import('../features/inquiries/pages/HelpChooseInquiryPage')),
  },
  {
    path: strip(Paths.myInquiries),
    lazy: page(() => import('../features/inquiries/pages/MyInquiriesPage')),
  },
  {
    path: strip(Paths.orderTaking),
    lazy: page(() => import('../features/inquiries/pages/OrderTakingPage')),
  },
  { path: strip(Paths.checkPrice), lazy: page(() => import('../features/check-prices/pages/CheckPricePage')) },
  {
    path: strip(Paths.checkPriceDetail),
    lazy: page(() => import('../features/check-prices/pages/CheckPriceDetailPage')),
  },
  { path: strip(Paths.meCheckPrice), lazy: page(() => import('../features/check-prices/pages/MeCheckPricePage')) },
  {
    path: strip(Paths.addCheckPrice),
    lazy: page(() => import('../features/check-prices/pages/AddCheckPricePage')),
  },
  { path: strip(Paths.quickBuySet), lazy: page(() => import('../features/quick-buys/pages/QuickBuySetPage')) },
  { path: strip(Paths.quickBuySetAdd), lazy: page(() => import('../features/quick-buys/pages/QuickBuySetAddPage')) },
  {
    path: strip(Paths.inputAgentBuy),
    lazy: page(() => import('../features/agent-buys/pages/InputAgentBuyPage')),
  },
  {
    path: strip(Paths.inputAgentSell),
    lazy: page(() => import('../features/agent-buys/pages/InputAgentSellPage')),
  },
  {
    path: strip(Paths.agentBuyDetail),
    lazy: page(() => import('../features/agent-buys/pages/AgentBuyDetailPage')),
  },
  { path: strip(Paths.myAgentBuys), lazy: page(() => import('../features/agent-buys/pages/MyAgentBuysPage')) },
];
