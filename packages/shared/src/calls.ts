import { z } from 'zod';
import {
  ZCaptchaImage,
  ZLoginCodeRequest,
  ZLoginRequest,
  ZModifyPasswordRequest,
  ZProfileSummary,
  ZRegisterRequest,
  ZResetPasswordRequest,
  ZSendCodeRequest,
  ZSendCodeResponse,
  ZSessionUser,
} from './schemas/accounts';
import {
  ZAlbumAddPicturesRequest,
  ZAlbumCoverRequest,
  ZAlbumCreateRequest,
  ZAlbumDetail,
  ZAlbumIdRequest,
  ZAlbumList,
  ZAlbumPictureIdsRequest,
  ZAlbumRenameRequest,
  ZCompanyAlbums,
  ZCompanyAlbumsRequest,
} from './schemas/albums';
import { ZCalendarDay, ZCalendarMonth, ZCalendarMonthRequest, ZCalendarSetDayRequest } from './schemas/calendar';
import {
  ZCapacityCompanyListRequest,
  ZCapacityCompanyPage,
  ZCapacityDetail,
  ZCapacityIdRequest,
  ZCapacityMinePage,
  ZCapacityReviewItem,
  ZCapacityReviewRequest,
  ZCapacitySaveRequest,
} from './schemas/capacities';
import {
  ZChatHistory,
  ZChatHistoryRequest,
  ZChatPeerRequest,
  ZChatReadRequest,
  ZChatReadResult,
  ZConversationPage,
  ZConversationsRequest,
} from './schemas/chat';
import { ZEmptyRequest } from './schemas/common';
import {
  ZCompanyInfo,
  ZCompanyNameChange,
  ZCompanyNameRequest,
  ZModifyNameRequest,
  ZReviewRequest,
  ZSaveAddressRequest,
  ZSaveCompanyInfoRequest,
  ZSaveLinkInfoRequest,
} from './schemas/companies';
import { ZUploadedFile, ZUploadRequest } from './schemas/files';
import {
  ZChangeSynRequest,
  ZDelFootRequest,
  ZFootprint,
  ZNotSynResponse,
  ZSaveFootsRequest,
} from './schemas/footprints';
import {
  ZEntitlement,
  ZForecastDetail,
  ZForecastMrt,
  ZForecastSortRequest,
  ZForecastStats,
  ZForecastUser,
  ZForecastVoteRequest,
  ZGrantEntitlementRequest,
} from './schemas/forecasts';
import {
  ZLicence,
  ZLicenceDisplay,
  ZLicenceDisplayRequest,
  ZLicenceReviewItem,
  ZLicenceState,
  ZSubmitLicenceRequest,
} from './schemas/licences';
import { ZGeocode, ZPlaceSearchRequest, ZPlaceSearchResult, ZReverseGeocodeRequest } from './schemas/maps';
import {
  ZExchangeRateResult,
  ZGroupCreateRequest,
  ZGroupDeleteRequest,
  ZGroupOrderRequest,
  ZGroupUpdateRequest,
  ZImportPricesRequest,
  ZImportResult,
  ZMarketDetailRequest,
  ZMarketDetailResponse,
  ZMarketGroup,
  ZMarketGroupsResponse,
  ZQuotesRequest,
  ZQuotesResponse,
  ZSetExchangeRateRequest,
  ZSortsResponse,
} from './schemas/markets';
import { ZNearbyCompaniesPage, ZNearbyRequest, ZNearbyStockPage } from './schemas/nearby';
import { ZOperatorActionsPage, ZOperatorActionsRequest, ZOperatorIdentity } from './schemas/operators';
import { ZBindTokenRequest, ZSubscriptions, ZUpdateSubscribeRequest } from './schemas/push';
import {
  ZFollowedPage,
  ZFollowRequest,
  ZFollowResult,
  ZPageRequest,
  ZShopApplication,
  ZShopDetail,
  ZShopDetailRequest,
  ZShopOpenState,
  ZUserCard,
  ZUserCardRequest,
} from './schemas/shops';
import {
  ZSameAttrRequest,
  ZStockBatchEditRequest,
  ZStockBatchResult,
  ZStockBatchStatusRequest,
  ZStockMinePage,
  ZStockMineRequest,
  ZStockMineSorts,
  ZStockSummaries,
  ZStockSummariesRequest,
} from './schemas/stock-manager';
import {
  ZFactoryListPage,
  ZFactoryListRequest,
  ZFiveDayListRequest,
  ZFiveDayOverview,
  ZFiveDayRequest,
  ZHotStocks,
  ZStockListPage,
  ZStockListRequest,
} from './schemas/stock-search';
import {
  ZCompanyStockRequest,
  ZStockDetail,
  ZStockDetailRequest,
  ZStockIdRequest,
  ZStockPriceSeries,
  ZStockReviewItem,
  ZStockSameSpecRequest,
  ZStockSaveRequest,
  ZStockSaveResult,
  ZStockSummary,
  ZStockSummaryPage,
} from './schemas/stocks';
import {
  ZVerificationReviewItem,
  ZVerificationStatus,
  ZVerifyEscalateRequest,
  ZVerifySubmitRequest,
} from './schemas/verification';
import { ZVisitorDetail, ZVisitorDetailRequest, ZVisitorListRequest, ZVisitorPage } from './schemas/visitors';

/**
 * The contract of one `.htmls` call: its path (without the leading slash and suffix), who may call
 * it, and the shapes of its fields and of its answer's `data`. The server registers handlers against
 * these, the web client calls through them, and the OpenAPI document is made from them.
 */
export interface CallContract<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  path: string;
  /** 'visitor': anyone; 'user': a logged-in user (codeFlag 1 otherwise); 'operator': an operator (codeFlag 3 for other users). */
  auth: 'visitor' | 'user' | 'operator';
  feature: string;
  summary: string;
  request: Req;
  response: Res;
  /** The call travels as multipart/form-data with its files in field `file`; `request` holds the other fields. */
  multipart?: true;
}

const contract = <Req extends z.ZodType, Res extends z.ZodType>(c: CallContract<Req, Res>) => c;

const ZNull = z.null();

export const Calls = {
  sendCode: contract({
    path: 'user/send_code',
    auth: 'visitor',
    feature: 'accounts',
    summary: 'Send a 6-digit SMS code for register, login, reset, change_phone or delete_account',
    request: ZSendCodeRequest,
    response: ZSendCodeResponse,
  }),
  register: contract({
    path: 'user/register',
    auth: 'visitor',
    feature: 'accounts',
    summary: 'Register with phone, SMS code and password; answers the session user (logged in)',
    request: ZRegisterRequest,
    response: ZSessionUser,
  }),
  login: contract({
    path: 'user/login',
    auth: 'visitor',
    feature: 'accounts',
    summary: 'Log in with account (or phone) and password; after 3 failures the image captcha is required',
    request: ZLoginRequest,
    response: ZSessionUser,
  }),
  loginCode: contract({
    path: 'user/login_code',
    auth: 'visitor',
    feature: 'accounts',
    summary: 'Log in with phone and SMS code',
    request: ZLoginCodeRequest,
    response: ZSessionUser,
  }),
  logout: contract({
    path: 'user/logout',
    auth: 'visitor',
    feature: 'accounts',
    summary: 'Revoke the current session',
    request: ZEmptyRequest,
    response: ZNull,
  }),
  modifyPassword: contract({
    path: 'user/modify_password',
    auth: 'user',
    feature: 'accounts',
    summary: 'Change the password (old password required); ends every other session',
    request: ZModifyPasswordRequest,
    response: ZNull,
  }),
  resetPassword: contract({
    path: 'user/reset_password',
    auth: 'visitor',
    feature: 'accounts',
    summary: 'Reset a forgotten password with an SMS code (purpose reset); ends every session',
    request: ZResetPasswordRequest,
    response: ZNull,
  }),
  info: contract({
    path: 'user/info',
    auth: 'visitor',
    feature: 'accounts',
    summary: "The profile summary of SPEC §3 (a visitor's says 'please log in')",
    request: ZEmptyRequest,
    response: ZProfileSummary,
  }),
  captchaImage: contract({
    path: 'captcha/image',
    auth: 'visitor',
    feature: 'accounts',
    summary: 'A new image captcha as SVG; send its captchaKey with the answer',
    request: ZEmptyRequest,
    response: ZCaptchaImage,
  }),
  unreadSize: contract({
    path: 'relation/unread_size',
    auth: 'user',
    feature: 'chat',
    summary: 'Number of unread chat messages',
    request: ZEmptyRequest,
    response: z.number(),
  }),
  chatRead: contract({
    path: 'relation/read',
    auth: 'user',
    feature: 'chat',
    summary: "Marks the peer's messages to me read (one by uuid, or all); the peer's connections hear a type 6 frame",
    request: ZChatReadRequest,
    response: ZChatReadResult,
  }),
  chatConversations: contract({
    path: 'relation/conversations',
    auth: 'user',
    feature: 'chat',
    summary: 'My conversations, newest first: peer, last message summary, unread count',
    request: ZConversationsRequest,
    response: ZConversationPage,
  }),
  chatHistory: contract({
    path: 'relation/history',
    auth: 'user',
    feature: 'chat',
    summary: 'Messages between me and a peer, before or after a message id',
    request: ZChatHistoryRequest,
    response: ZChatHistory,
  }),
  chatDeleteConversation: contract({
    path: 'relation/delete_conversation',
    auth: 'user',
    feature: 'chat',
    summary: 'Hides a conversation (its messages so far) for me only',
    request: ZChatPeerRequest,
    response: ZNull,
  }),
  bindToken: contract({
    path: 'relg/bind_token',
    auth: 'user',
    feature: 'push',
    summary: "Bind the device's push client id to the user",
    request: ZBindTokenRequest,
    response: ZNull,
  }),
  updateSubscribe: contract({
    path: 'relg/update_subscribe',
    auth: 'user',
    feature: 'push',
    summary: 'Set the price-{sortId} topics pushed to this device',
    request: ZUpdateSubscribeRequest,
    response: ZSubscriptions,
  }),
  saveFoots: contract({
    path: 'foot/save_foots',
    auth: 'user',
    feature: 'footprints',
    summary: 'Upload footprints (one per stock per day; the newest time wins)',
    request: ZSaveFootsRequest,
    response: z.object({ saved: z.number() }),
  }),
  getAllFoot: contract({
    path: 'foot/get_all_foot',
    auth: 'user',
    feature: 'footprints',
    summary: "All of the user's footprints, newest first (first sync after install)",
    request: ZEmptyRequest,
    response: z.array(ZFootprint),
  }),
  getNotSyn: contract({
    path: 'foot/get_notsyn',
    auth: 'user',
    feature: 'footprints',
    summary: 'Footprints not yet synced to this client, newest first, as JSON text',
    request: ZEmptyRequest,
    response: ZNotSynResponse,
  }),
  changeSyn: contract({
    path: 'foot/change_syn',
    auth: 'user',
    feature: 'footprints',
    summary: 'Mark footprints as synced',
    request: ZChangeSynRequest,
    response: z.object({ changed: z.number() }),
  }),
  delFoot: contract({
    path: 'foot/del_foot',
    auth: 'user',
    feature: 'footprints',
    summary: 'Delete footprints by key',
    request: ZDelFootRequest,
    response: z.object({ deleted: z.number() }),
  }),
  hasCompanyInfo: contract({
    path: 'user_center/compay_info/hav_com_info',
    auth: 'user',
    feature: 'companies',
    summary: 'Succeeds when company info is complete; codeFlag 7 otherwise',
    request: ZEmptyRequest,
    response: ZNull,
  }),
  companyInfo: contract({
    path: 'user_center/compay_info/detail',
    auth: 'user',
    feature: 'companies',
    summary:
      "The caller's company info (SPEC §3), what the company-info gate still wants, and any name change under review",
    request: ZEmptyRequest,
    response: ZCompanyInfo,
  }),
  saveCompanyInfo: contract({
    path: 'user_center/compay_info/save',
    auth: 'user',
    feature: 'companies',
    summary:
      'Owner: save brand, business model, products bought and sold (catalogue sorts, no duplicates), up to 5 phones and faxes, QQ, WeChat, website; only the fields sent change',
    request: ZSaveCompanyInfoRequest,
    response: ZCompanyInfo,
  }),
  saveLinkInfo: contract({
    path: 'user_center/compay_info/save_link',
    auth: 'user',
    feature: 'companies',
    summary: 'Owner: the contact person and business phone (link_info), both required',
    request: ZSaveLinkInfoRequest,
    response: ZCompanyInfo,
  }),
  saveAddress: contract({
    path: 'user_center/compay_info/save_address',
    auth: 'user',
    feature: 'companies',
    summary:
      "Owner: the business address (manager_address): province, city, district from the region table, street address, and the map point or the district's centre",
    request: ZSaveAddressRequest,
    response: ZCompanyInfo,
  }),
  setCompanyName: contract({
    path: 'user_center/compay_info/set_name',
    auth: 'user',
    feature: 'companies',
    summary:
      "Owner: the company's first name, at once when no other company holds or has asked for it (codeFlag 5 with data.canContactHolder when taken)",
    request: ZCompanyNameRequest,
    response: ZCompanyInfo,
  }),
  requestNameChange: contract({
    path: 'user_center/compay_info/modify_name',
    auth: 'user',
    feature: 'companies',
    summary:
      'Owner: ask for a new company name (modify_company) with a newly uploaded business licence (licenceFileId); the old name stays until an operator approves',
    request: ZModifyNameRequest,
    response: ZCompanyInfo,
  }),
  contactNameHolder: contract({
    path: 'user_center/compay_info/contact_holder',
    auth: 'user',
    feature: 'companies',
    summary: 'Tell the holder of a taken company name that someone wants it (a notice; once a day per name)',
    request: ZCompanyNameRequest,
    response: ZNull,
  }),
  pendingNameChanges: contract({
    path: 'console/company_name/list',
    auth: 'operator',
    feature: 'companies',
    summary:
      'Operators: company name changes waiting for review, oldest first, old and new names side by side with the new licence (signed links)',
    request: ZEmptyRequest,
    response: z.array(ZCompanyNameChange),
  }),
  reviewNameChange: contract({
    path: 'console/company_name/review',
    auth: 'operator',
    feature: 'companies',
    summary:
      'Operators: approve a name change (it and its licence take effect) or reject both with a reason; the owner gets a notice',
    request: ZReviewRequest,
    response: ZCompanyNameChange,
  }),
  calendarMonth: contract({
    path: 'calendar/month',
    auth: 'visitor',
    feature: 'calendar',
    summary: 'Trading status of every day of a month (Asia/Shanghai trading calendar)',
    request: ZCalendarMonthRequest,
    response: ZCalendarMonth,
  }),
  calendarSetDay: contract({
    path: 'calendar/set_day',
    auth: 'operator',
    feature: 'calendar',
    summary: 'Operators: open or close one day of the trading calendar, with a note',
    request: ZCalendarSetDayRequest,
    response: ZCalendarDay,
  }),
  importPrices: contract({
    path: 'markets/import_prices',
    auth: 'operator',
    feature: 'markets',
    summary:
      'Operators: import price rows (CSV or JSON: market, sort, date, low, high[, price]); all or nothing, bad lines listed in data.problems',
    request: ZImportPricesRequest,
    response: ZImportResult,
  }),
  setExchangeRate: contract({
    path: 'markets/set_exchange_rate',
    auth: 'operator',
    feature: 'markets',
    summary:
      "Operators: store a day's USD→CNY rate; LME rows from that day until the next stored rate get their yuan price again",
    request: ZSetExchangeRateRequest,
    response: ZExchangeRateResult,
  }),
  marketGroups: contract({
    path: 'market/groups',
    auth: 'visitor',
    feature: 'markets',
    summary:
      "The caller's quote groups; a visitor's (or a user's who never edited it) is the default 'my quotes' (id 0)",
    request: ZEmptyRequest,
    response: ZMarketGroupsResponse,
  }),
  marketSorts: contract({
    path: 'market/sorts',
    auth: 'visitor',
    feature: 'markets',
    summary: 'Every sort with its series, for the category pickers',
    request: ZEmptyRequest,
    response: ZSortsResponse,
  }),
  groupCreate: contract({
    path: 'market/group_create',
    auth: 'user',
    feature: 'markets',
    summary: 'Create a quote group (name, JSON list of sort ids)',
    request: ZGroupCreateRequest,
    response: ZMarketGroup,
  }),
  groupUpdate: contract({
    path: 'market/group_update',
    auth: 'user',
    feature: 'markets',
    summary: 'Rename a group and/or set its whole ordered sort list (adds, removes, reorders); id 0 saves the default',
    request: ZGroupUpdateRequest,
    response: ZMarketGroup,
  }),
  groupDelete: contract({
    path: 'market/group_delete',
    auth: 'user',
    feature: 'markets',
    summary: 'Delete one of your quote groups',
    request: ZGroupDeleteRequest,
    response: ZNull,
  }),
  groupOrder: contract({
    path: 'market/group_order',
    auth: 'user',
    feature: 'markets',
    summary: 'Order your quote groups (JSON list of all your group ids)',
    request: ZGroupOrderRequest,
    response: ZMarketGroupsResponse,
  }),
  quotes: contract({
    path: 'market/quotes',
    auth: 'visitor',
    feature: 'markets',
    summary: "Latest price row of every series of a group's sorts, or of a JSON list of sort ids",
    request: ZQuotesRequest,
    response: ZQuotesResponse,
  }),
  marketDetail: contract({
    path: 'market/detail',
    auth: 'visitor',
    feature: 'markets',
    summary: 'One series (aliasId): latest row, chart points for 7d/30d/90d/1y/all, and its rows newest first',
    request: ZMarketDetailRequest,
    response: ZMarketDetailResponse,
  }),
  forecastDetail: contract({
    path: 'forecast/detail',
    auth: 'visitor',
    feature: 'forecasts',
    summary: "A sort's forecast detail: latest price, recent changes, the open round and the caller's vote",
    request: ZForecastSortRequest,
    response: ZForecastDetail,
  }),
  forecastVote: contract({
    path: 'forecast/vote',
    auth: 'user',
    feature: 'forecasts',
    summary: 'Vote up, down or flat in the open round of a sort (once; codeFlag 5 when closed or already voted)',
    request: ZForecastVoteRequest,
    response: ZForecastDetail,
  }),
  forecastStats: contract({
    path: 'forecast/stats',
    auth: 'visitor',
    feature: 'forecasts',
    summary:
      "Majority statistics: the open round's for Forecast VIPs (codeFlag 9 otherwise), the last settled round's for all after 16:00",
    request: ZForecastSortRequest,
    response: ZForecastStats,
  }),
  forecastUser: contract({
    path: 'forecast/user',
    auth: 'user',
    feature: 'forecasts',
    summary: "The caller's standing this month (score, accuracy, rank) and recent votes",
    request: ZEmptyRequest,
    response: ZForecastUser,
  }),
  forecastMrt: contract({
    path: 'forecast/mrt',
    auth: 'visitor',
    feature: 'forecasts',
    summary: "The month's top 20 forecasters (MRT)",
    request: ZEmptyRequest,
    response: ZForecastMrt,
  }),
  grantEntitlement: contract({
    path: 'entitlement/grant',
    auth: 'operator',
    feature: 'forecasts',
    summary: 'Operators: grant a user an entitlement (forecast VIP, certified supplier, dynamic view) for some days',
    request: ZGrantEntitlementRequest,
    response: ZEntitlement,
  }),
  verificationStatus: contract({
    path: 'verify/status',
    auth: 'user',
    feature: 'verification',
    summary: "The caller's real-person verification: state, masked identity, attempts left today",
    request: ZEmptyRequest,
    response: ZVerificationStatus,
  }),
  verificationSubmit: contract({
    path: 'verify/submit',
    auth: 'user',
    feature: 'verification',
    summary:
      'Check a real name and ID number: one daily attempt (codeFlag 6 at the limit, 99 when the provider is down)',
    request: ZVerifySubmitRequest,
    response: ZVerificationStatus,
  }),
  verificationEscalate: contract({
    path: 'verify/escalate',
    auth: 'user',
    feature: 'verification',
    summary: 'Ask customer service for help, at the limit or for an ID number verifying another account',
    request: ZVerifyEscalateRequest,
    response: ZVerificationStatus,
  }),
  pendingVerificationEscalations: contract({
    path: 'console/verification/list',
    auth: 'operator',
    feature: 'verification',
    summary: 'Operators: open verification requests with masked values and attempt history',
    request: ZEmptyRequest,
    response: z.array(ZVerificationReviewItem),
  }),
  reviewVerificationEscalation: contract({
    path: 'console/verification/review',
    auth: 'operator',
    feature: 'verification',
    summary: 'Operators: approve (verifies the user) or reject a verification request with a reason',
    request: ZReviewRequest,
    response: ZVerificationReviewItem,
  }),
  operatorWhoami: contract({
    path: 'console/whoami',
    auth: 'operator',
    feature: 'operators',
    summary: "Operators: who is logged in (name and role); the console's check that a login is an operator's",
    request: ZEmptyRequest,
    response: ZOperatorIdentity,
  }),
  operatorActions: contract({
    path: 'console/operator_actions/list',
    auth: 'operator',
    feature: 'operators',
    summary: 'Operators: the log of operator actions (who, when, what, target, detail), newest first, a page at a time',
    request: ZOperatorActionsRequest,
    response: ZOperatorActionsPage,
  }),
  uploadFile: contract({
    path: 'upload/file',
    auth: 'user',
    feature: 'files',
    summary:
      'Upload files (multipart/form-data, field file, several allowed; session_id in the query) of a kind: image (public) or licence (private, signed links). Type checked by content; images re-encoded without metadata, with a thumbnail',
    request: ZUploadRequest,
    response: z.array(ZUploadedFile),
    multipart: true,
  }),
  licenceDetail: contract({
    path: 'user_center/licence/detail',
    auth: 'user',
    feature: 'companies',
    summary:
      "The company's business licence (license_page): the approved one, one under review, or the latest rejection with its reason",
    request: ZEmptyRequest,
    response: ZLicenceState,
  }),
  submitLicence: contract({
    path: 'user_center/licence/submit',
    auth: 'user',
    feature: 'companies',
    summary:
      'Owner: send an uploaded licence file (kind licence) for review; the approved licence stays shown meanwhile',
    request: ZSubmitLicenceRequest,
    response: ZLicenceState,
  }),
  pendingLicences: contract({
    path: 'console/licence/list',
    auth: 'operator',
    feature: 'companies',
    summary:
      'Operators: licences waiting for review, oldest first, beside the one now approved (signed links); those sent with a name change are reviewed with it',
    request: ZEmptyRequest,
    response: z.array(ZLicenceReviewItem),
  }),
  reviewLicence: contract({
    path: 'console/licence/review',
    auth: 'operator',
    feature: 'companies',
    summary:
      'Operators: approve a licence (it replaces the approved one) or reject it with a reason; the owner gets a notice',
    request: ZReviewRequest,
    response: ZLicence,
  }),
  licenceDisplay: contract({
    path: 'company/licence_display',
    auth: 'visitor',
    feature: 'companies',
    summary:
      "license_display: a company's approved licence (a signed link) and name, for anyone who answers the image captcha (captcha/image)",
    request: ZLicenceDisplayRequest,
    response: ZLicenceDisplay,
  }),
  albumList: contract({
    path: 'user_center/album/list',
    auth: 'user',
    feature: 'albums',
    summary: "The company's albums (album_manager) with cover and picture count",
    request: ZEmptyRequest,
    response: ZAlbumList,
  }),
  albumCreate: contract({
    path: 'user_center/album/create',
    auth: 'user',
    feature: 'albums',
    summary: 'Owner: create an album (a name unique in the company)',
    request: ZAlbumCreateRequest,
    response: ZAlbumList,
  }),
  albumRename: contract({
    path: 'user_center/album/rename',
    auth: 'user',
    feature: 'albums',
    summary: 'Owner: rename an album',
    request: ZAlbumRenameRequest,
    response: ZAlbumList,
  }),
  albumDelete: contract({
    path: 'user_center/album/delete',
    auth: 'user',
    feature: 'albums',
    summary: 'Owner: delete an album with its pictures',
    request: ZAlbumIdRequest,
    response: ZAlbumList,
  }),
  albumPictures: contract({
    path: 'user_center/album/pictures',
    auth: 'user',
    feature: 'albums',
    summary: "One of the company's albums and its pictures in order (album_picture_manager)",
    request: ZAlbumIdRequest,
    response: ZAlbumDetail,
  }),
  albumAddPictures: contract({
    path: 'user_center/album/add_pictures',
    auth: 'user',
    feature: 'albums',
    summary: "Owner: add uploaded images (kind image, the company's own, JSON list fileIds) at the album's end",
    request: ZAlbumAddPicturesRequest,
    response: ZAlbumDetail,
  }),
  albumRemovePictures: contract({
    path: 'user_center/album/remove_pictures',
    auth: 'user',
    feature: 'albums',
    summary: 'Owner: remove pictures (JSON list pictureIds) from an album; their files are deleted',
    request: ZAlbumPictureIdsRequest,
    response: ZAlbumDetail,
  }),
  albumOrderPictures: contract({
    path: 'user_center/album/order_pictures',
    auth: 'user',
    feature: 'albums',
    summary: "Owner: put an album's pictures in a new order (JSON list of all its pictureIds)",
    request: ZAlbumPictureIdsRequest,
    response: ZAlbumDetail,
  }),
  albumSetCover: contract({
    path: 'user_center/album/set_cover',
    auth: 'user',
    feature: 'albums',
    summary: "Owner: make one of an album's pictures its cover",
    request: ZAlbumCoverRequest,
    response: ZAlbumDetail,
  }),
  companyAlbums: contract({
    path: 'company/albums',
    auth: 'visitor',
    feature: 'albums',
    summary: "A company's albums that have pictures, with their pictures (shop_album), for anyone",
    request: ZCompanyAlbumsRequest,
    response: ZCompanyAlbums,
  }),
  shopOpenState: contract({
    path: 'shop/open_state',
    auth: 'user',
    feature: 'shops',
    summary:
      "The caller's shop opening (open_shop): each condition (company info, approved licence, real-person verification, enough public stock or capacity listings, with the shortfall) and the application's status",
    request: ZEmptyRequest,
    response: ZShopOpenState,
  }),
  shopApply: contract({
    path: 'shop/apply_open',
    auth: 'user',
    feature: 'shops',
    summary:
      'Owner: apply to open the shop once every condition holds (codeFlag 7 company info, 8 verification, 5 licence or listings short); operators audit it',
    request: ZEmptyRequest,
    response: ZShopOpenState,
  }),
  shopDetail: contract({
    path: 'shop/detail',
    auth: 'visitor',
    feature: 'shops',
    summary:
      "A company's shop page (company?id, company_detail): name, marks, business model, products, address with the distance from lng/lat if given, contact (phones masked for visitors), counts, whether the caller follows it",
    request: ZShopDetailRequest,
    response: ZShopDetail,
  }),
  userCard: contract({
    path: 'user/card',
    auth: 'visitor',
    feature: 'shops',
    summary: "A user's public card (user_info_page): head, signature, nickname, company, shop, products operated",
    request: ZUserCardRequest,
    response: ZUserCard,
  }),
  follow: contract({
    path: 'attention/follow',
    auth: 'user',
    feature: 'shops',
    summary: 'Follow a company (not your own); following again changes nothing',
    request: ZFollowRequest,
    response: ZFollowResult,
  }),
  unfollow: contract({
    path: 'attention/unfollow',
    auth: 'user',
    feature: 'shops',
    summary: 'Stop following a company',
    request: ZFollowRequest,
    response: ZFollowResult,
  }),
  followedCompanies: contract({
    path: 'attention/list',
    auth: 'user',
    feature: 'shops',
    summary: 'Companies the caller follows (attention_company), latest first, page by page',
    request: ZPageRequest,
    response: ZFollowedPage,
  }),
  pendingShopApplications: contract({
    path: 'console/shop/list',
    auth: 'operator',
    feature: 'shops',
    summary: 'Operators: shop openings waiting for audit, oldest first, with the listings they rest on',
    request: ZEmptyRequest,
    response: z.array(ZShopApplication),
  }),
  reviewShopApplication: contract({
    path: 'console/shop/review',
    auth: 'operator',
    feature: 'shops',
    summary: 'Operators: open the shop (audit passed) or fail the audit with a reason; the owner gets a notice',
    request: ZReviewRequest,
    response: ZShopApplication,
  }),
  stockSave: contract({
    path: 'stock/save',
    auth: 'user',
    feature: 'stocks',
    summary:
      "Post a stock listing (input_stock), or change one of the company's own by `id` (it goes back to review); needs complete company info (codeFlag 7). quantity, pieceWeight and grossWeight in tons (3 decimals), processingFee and price in yuan per ton (2 decimals; a fee may be negative); the answer's listing waits for an operator",
    request: ZStockSaveRequest,
    response: ZStockSaveResult,
  }),
  stockDetail: contract({
    path: 'stock/detail',
    auth: 'visitor',
    feature: 'stocks',
    summary:
      "A listing (stock_detail): every field, today's price, pictures, the shop card with distances from lng/lat if given, contact (phone masked for visitors). Public when for sale; the owner company sees its own in any status but deleted; codeFlag 4 otherwise. Counts a view",
    request: ZStockDetailRequest,
    response: ZStockDetail,
  }),
  stockSameSpec: contract({
    path: 'stock/same_spec',
    auth: 'visitor',
    feature: 'stocks',
    summary:
      'Other for-sale listings of the same category and specification (case-insensitive) as a public listing (stock_same_spec), nearest price first, page by page',
    request: ZStockSameSpecRequest,
    response: ZStockSummaryPage,
  }),
  stockCompanyList: contract({
    path: 'stock/company_list',
    auth: 'visitor',
    feature: 'stocks',
    summary: "A company's for-sale listings (the shop page's stock tab), newest first, page by page",
    request: ZCompanyStockRequest,
    response: ZStockSummaryPage,
  }),
  stockRefresh: contract({
    path: 'stock/refresh',
    auth: 'user',
    feature: 'stocks',
    summary:
      "Confirm one of the company's listings is still there: for sale or expired (and published before) → for sale, refreshed now; expiry counts from here. codeFlag 5 in other states",
    request: ZStockIdRequest,
    response: ZStockSummary,
  }),
  stockPriceSeries: contract({
    path: 'stock/price_series',
    auth: 'visitor',
    feature: 'stocks',
    summary:
      "Market series a listing's price may follow (yuan quotes only), each with its latest quote for a price preview",
    request: ZEmptyRequest,
    response: z.array(ZStockPriceSeries),
  }),
  pendingStocks: contract({
    path: 'console/stock/list',
    auth: 'operator',
    feature: 'stocks',
    summary: "Operators: stock listings waiting for review, oldest first, with pictures, today's price and the company",
    request: ZEmptyRequest,
    response: z.array(ZStockReviewItem),
  }),
  reviewStock: contract({
    path: 'console/stock/review',
    auth: 'operator',
    feature: 'stocks',
    summary:
      'Operators: put a listing on sale (approve) or reject it with a reason; the poster gets a notice. codeFlag 5 when it is no longer waiting',
    request: ZReviewRequest,
    response: ZStockReviewItem,
  }),
  stockMine: contract({
    path: 'stock/mine',
    auth: 'user',
    feature: 'stock-manager',
    summary:
      "The caller company's listings (stock_manager) in one status tab (sale, review, rejected with the reason, offline, soldOut, onTheWay, expired; or all of them; never deleted), filtered by category, posting days (startDate ≤ endDate, Asia/Shanghai) and keyword, newest first, with the count of each tab",
    request: ZStockMineRequest,
    response: ZStockMinePage,
  }),
  stockMineSorts: contract({
    path: 'stock/mine_sorts',
    auth: 'user',
    feature: 'stock-manager',
    summary: "The caller company's categories with listings and how many each has (filters, same_attr)",
    request: ZEmptyRequest,
    response: ZStockMineSorts,
  }),
  stockBatchStatus: contract({
    path: 'stock/batch_status',
    auth: 'user',
    feature: 'stock-manager',
    summary:
      "Moves the caller company's listings (ids: JSON list) all or none: sale (back online: offline, soldOut, onTheWay or expired listings that were on sale before; refreshes them), offline, soldOut, onTheWay (from each other's states and sale or expired) or deleted (any). One listing of another company (codeFlag 3), unknown or deleted (4) or in a wrong state (5, data.ids) refuses the whole batch",
    request: ZStockBatchStatusRequest,
    response: ZStockBatchResult,
  }),
  stockBatchEdit: contract({
    path: 'stock/batch_edit',
    auth: 'user',
    feature: 'stock-manager',
    summary:
      "Changes one attribute of the caller company's listings (ids: JSON list), all or none: price adds value (yuan, ≤ 2 decimals, not 0) to the fixed price (which must stay above 0) or to the processing fee; paymentDays (positive integer); transportInfo; freightIncluded (0/1). Listings stay in their status (no new review)",
    request: ZStockBatchEditRequest,
    response: ZStockBatchResult,
  }),
  stockSameAttr: contract({
    path: 'stock/same_attr',
    auth: 'user',
    feature: 'stock-manager',
    summary:
      "same_attr: one attribute (as stock/batch_edit) across the caller company's listings of one category (sortId first): those named in ids, each of that category, or all of them without ids; all or none",
    request: ZSameAttrRequest,
    response: ZStockBatchResult,
  }),
  stockSummaries: contract({
    path: 'stock/summaries',
    auth: 'visitor',
    feature: 'stock-manager',
    summary:
      "Listings by id (ids: JSON list, at most 50), in order, as list rows: for sale to anyone, any status but deleted to the seller's own company; others answer available false ('no longer available')",
    request: ZStockSummariesRequest,
    response: ZStockSummaries,
  }),
  visitorList: contract({
    path: 'visitor/list',
    auth: 'user',
    feature: 'visitors',
    summary:
      "The caller company's visitors of one kind (view: opened a listing; cart: added one to the cart; attention: follows the company), one row per visitor with the latest time, the count and the latest listing, newest first; guests and the company's own people never appear. keyword finds by listing, and for certified suppliers by name, company or phone. Without the certified-supplier membership identities are masked",
    request: ZVisitorListRequest,
    response: ZVisitorPage,
  }),
  visitorDetail: contract({
    path: 'visitor/detail',
    auth: 'user',
    feature: 'visitors',
    summary:
      "visitor_detail: one visitor's actions on the caller company's listings and shop over time, newest first, with their whole identity; certified suppliers only (codeFlag 9), 4 when they never visited",
    request: ZVisitorDetailRequest,
    response: ZVisitorDetail,
  }),
  capacitySave: contract({
    path: 'capacity/save',
    auth: 'user',
    feature: 'capacities',
    summary:
      "Post a production capacity (input_capacity), or with id replace one of the company's (an employee acts for the company): category (sortId), product name, minimum order and monthly production in tons (up to 3 decimals), attributes (JSON list of {name, value}), additional info, images (JSON list imageIds of uploaded images), contact name and phone. Needs complete company info (codeFlag 7). A new or changed capacity waits for review, a passed one leaving public view until it passes again; sent unchanged, nothing changes",
    request: ZCapacitySaveRequest,
    response: ZCapacityDetail,
  }),
  capacityMine: contract({
    path: 'capacity/mine',
    auth: 'user',
    feature: 'capacities',
    summary:
      "The company's capacities (capacity_manage), latest change first, page by page: status, the reason when not passed, the review's due date (5 working days after the later of posting and the company's licence approval), and whether the licence is approved yet",
    request: ZPageRequest,
    response: ZCapacityMinePage,
  }),
  capacityDetail: contract({
    path: 'capacity/detail',
    auth: 'visitor',
    feature: 'capacities',
    summary:
      'One capacity (capacity_detail) with its images, attributes, company and contact (the phone whole only for logged-in users). Anyone sees a passed capacity; one waiting or not passed only its own company (codeFlag 4 for others)',
    request: ZCapacityIdRequest,
    response: ZCapacityDetail,
  }),
  capacityDelete: contract({
    path: 'capacity/delete',
    auth: 'user',
    feature: 'capacities',
    summary:
      "Delete one of the company's capacities, in any status, with its images (codeFlag 3 for another company's)",
    request: ZCapacityIdRequest,
    response: ZNull,
  }),
  capacityCompanyList: contract({
    path: 'capacity/company_list',
    auth: 'visitor',
    feature: 'capacities',
    summary: "A company's passed capacities (the shop's capacity tab), latest passed first, page by page",
    request: ZCapacityCompanyListRequest,
    response: ZCapacityCompanyPage,
  }),
  pendingCapacities: contract({
    path: 'console/capacity/list',
    auth: 'operator',
    feature: 'capacities',
    summary:
      'Operators (administrators and customer service): capacities waiting for review of companies with an approved licence, the earliest due first, each with its due date (5 working days after the later of posting and the licence approval) and whether it is overdue',
    request: ZEmptyRequest,
    response: z.array(ZCapacityReviewItem),
  }),
  reviewCapacity: contract({
    path: 'console/capacity/review',
    auth: 'operator',
    feature: 'capacities',
    summary:
      'Operators: pass a waiting capacity (it becomes public) or not pass it with a reason; recorded, and the company owner gets a notice. With submittedAt (the createdAt the list showed) a capacity changed since is refused (codeFlag 5)',
    request: ZCapacityReviewRequest,
    response: ZCapacityReviewItem,
  }),
  placeSearch: contract({
    path: 'map/place_search',
    auth: 'visitor',
    feature: 'maps',
    summary:
      "Places matching a keyword (choose_location); with lng/lat (GCJ-02) nearest first within 5000 m. SPEC §3's place search shape (pois, status, count); GCJ-02 coordinates whatever the provider (the offline region table or Tianditu)",
    request: ZPlaceSearchRequest,
    response: ZPlaceSearchResult,
  }),
  reverseGeocode: contract({
    path: 'map/reverse_geocode',
    auth: 'visitor',
    feature: 'maps',
    summary:
      "What is at a GCJ-02 point inside the mainland bounds: SPEC §3's geocode (formatted_address, location, addressComponent with province, city, county and codes)",
    request: ZReverseGeocodeRequest,
    response: ZGeocode,
  }),
  nearbyCompanies: contract({
    path: 'nearby/companies',
    auth: 'visitor',
    feature: 'nearby',
    summary:
      'Companies with complete info and a map point within radiusKm (5, 10, 50 or 200; default 5) of a GCJ-02 point, nearest first, page by page, with distance, products and whether the shop is open',
    request: ZNearbyRequest,
    response: ZNearbyCompaniesPage,
  }),
  nearbyStock: contract({
    path: 'nearby/stock',
    auth: 'visitor',
    feature: 'nearby',
    summary:
      'For-sale stock lying within radiusKm (5, 10, 50 or 200; default 5) of a GCJ-02 point, nearest first, page by page, as stock summaries with their distance',
    request: ZNearbyRequest,
    response: ZNearbyStockPage,
  }),
  stockList: contract({
    path: 'stock/list',
    auth: 'visitor',
    feature: 'stock-search',
    summary:
      "For-sale stock (stock_list, nearby's stock tab), page by page: keyword (Chinese n-gram search, 1-2 characters too), category, a company (rootId), specification text, province/city, price range (yuan per ton, today's price), fixedPrice, specialSale, a point (lng/lat, GCJ-02) with an optional radiusKm; order newest (with a keyword: product-name and category matches first), priceAsc, priceDesc or distance",
    request: ZStockListRequest,
    response: ZStockListPage,
  }),
  factoryList: contract({
    path: 'factory/list',
    auth: 'visitor',
    feature: 'stock-search',
    summary:
      'Companies with complete info (factory_list, find merchants), open shops first: by a product they sell (sortId), province/city and a keyword in the name; each with its for-sale stock count',
    request: ZFactoryListRequest,
    response: ZFactoryListPage,
  }),
  fiveDayStock: contract({
    path: 'stock/five_day',
    auth: 'visitor',
    feature: 'stock-search',
    summary:
      'Five-day stock (five_day_stock): stock published today and the 4 days before (Asia/Shanghai), by day with counts and the newest few, and the categories in it; optionally of one category',
    request: ZFiveDayRequest,
    response: ZFiveDayOverview,
  }),
  fiveDayStockList: contract({
    path: 'stock/five_day_list',
    auth: 'visitor',
    feature: 'stock-search',
    summary:
      "Five-day stock detail (five_day_stock_detail): one day's (date within the window) or the whole window's new stock, optionally of one category, newest first, page by page",
    request: ZFiveDayListRequest,
    response: ZStockListPage,
  }),
  hotStocks: contract({
    path: 'stock/hot',
    auth: 'visitor',
    feature: 'stock-search',
    summary:
      'Hot ranking (hot_page): the most-clicked for-sale stock of the last 14 days, as the daily job computed it, with when it was computed',
    request: ZEmptyRequest,
    response: ZHotStocks,
  }),
} as const;

export type CallName = keyof typeof Calls;
export type CallRequest<C extends CallContract> = z.input<C['request']>;
export type CallResponse<C extends CallContract> = z.output<C['response']>;
