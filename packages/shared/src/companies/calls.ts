import { z } from 'zod';
import { contract, ZNull } from '../contract';
import { ZEmptyRequest } from '../schemas/common';
import {
  ZLicence,
  ZLicenceDisplay,
  ZLicenceDisplayRequest,
  ZLicenceReviewItem,
  ZLicenceState,
  ZSubmitLicenceRequest,
} from './licences';
import {
  ZCompanyInfo,
  ZCompanyNameChange,
  ZCompanyNameRequest,
  ZModifyNameRequest,
  ZNameChangeReviewItem,
  ZReviewRequest,
  ZSaveAddressRequest,
  ZSaveCompanyInfoRequest,
  ZSaveLinkInfoRequest,
} from './schemas';
import { ZLinkWayDetail, ZLinkWaySaveRequest, ZTeam, ZTeamRequest } from './team';
import { ZTradeSettings, ZTradeSettingsSaveRequest } from './trade-settings';

/** The `.htmls` calls of companies (see contract.ts). */
export const companiesCalls = {
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
    permission: 'company',
    feature: 'companies',
    summary:
      'Owner: save brand, business model, products bought and sold (catalogue sorts, no duplicates), up to 5 phones and faxes, QQ, WeChat, website; only the fields sent change',
    request: ZSaveCompanyInfoRequest,
    response: ZCompanyInfo,
  }),
  saveLinkInfo: contract({
    path: 'user_center/compay_info/save_link',
    auth: 'user',
    permission: 'company',
    feature: 'companies',
    summary: 'Owner: the contact person and business phone (link_info), both required',
    request: ZSaveLinkInfoRequest,
    response: ZCompanyInfo,
  }),
  saveAddress: contract({
    path: 'user_center/compay_info/save_address',
    auth: 'user',
    permission: 'company',
    feature: 'companies',
    summary:
      "Owner: the business address (manager_address): province, city, district from the region table, street address, and the map point or the district's centre",
    request: ZSaveAddressRequest,
    response: ZCompanyInfo,
  }),
  setCompanyName: contract({
    path: 'user_center/compay_info/set_name',
    auth: 'user',
    permission: 'company',
    feature: 'companies',
    summary:
      "Owner: the company's first name, at once when no other company holds or has asked for it (codeFlag 5 with data.canContactHolder when taken)",
    request: ZCompanyNameRequest,
    response: ZCompanyInfo,
  }),
  requestNameChange: contract({
    path: 'user_center/compay_info/modify_name',
    auth: 'user',
    permission: 'company',
    feature: 'companies',
    summary:
      'Owner: ask for a new company name (modify_company) with a newly uploaded business licence (licenceFileId); the old name stays until an operator approves',
    request: ZModifyNameRequest,
    response: ZCompanyInfo,
  }),
  contactNameHolder: contract({
    path: 'user_center/compay_info/contact_holder',
    auth: 'user',
    permission: 'company',
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
    response: z.array(ZNameChangeReviewItem),
  }),
  reviewNameChange: contract({
    path: 'console/company_name/review',
    auth: 'operator',
    feature: 'companies',
    summary:
      'Operators: approve a name change (it and its licence take effect) or reject both with a reason; the owner gets a notice. submittedAt is the version the operator looked at (submittedAt of the list item): codeFlag 2 when it is missing or the owner has changed the request since, deciding nothing. codeFlag 5 when it is no longer waiting',
    request: ZReviewRequest,
    response: ZCompanyNameChange,
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
    permission: 'company',
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
      'Operators: approve a licence (it replaces the approved one) or reject it with a reason; the owner gets a notice. submittedAt is the version the operator looked at (submittedAt of the list item): codeFlag 2 when it is missing or the owner has changed the licence since, deciding nothing. codeFlag 5 when it is no longer waiting',
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
  tradeSettings: contract({
    path: 'trade_set/detail',
    auth: 'user',
    feature: 'companies',
    summary:
      "trade_set: the company's terms for stock orders it sells (payment days, online payment, receiving account, delivery note), the defaults until saved",
    request: ZEmptyRequest,
    response: ZTradeSettings,
  }),
  tradeSettingsSave: contract({
    path: 'trade_set/save',
    auth: 'user',
    permission: 'company',
    feature: 'companies',
    summary: "Saves the company's terms for stock orders; orders already made keep the terms they were made with",
    request: ZTradeSettingsSaveRequest,
    response: ZTradeSettings,
  }),
  linkWayDetail: contract({
    path: 'company/link_way/detail',
    auth: 'user',
    feature: 'companies',
    summary:
      "Companies (link_way): who buyers contact for sales, purchasing and after-sales, and by which channel; with the company's people to choose from",
    request: ZEmptyRequest,
    response: ZLinkWayDetail,
  }),
  linkWaySave: contract({
    path: 'company/link_way/save',
    auth: 'user',
    permission: 'company',
    feature: 'companies',
    summary:
      'Companies (link_way): replace the contact ways (one per purpose: a person of the company and a channel); answers them',
    request: ZLinkWaySaveRequest,
    response: ZLinkWayDetail,
  }),
  companyTeam: contract({
    path: 'company/team',
    auth: 'visitor',
    feature: 'companies',
    summary:
      "Companies (team_page): a company's people as buyers see them, and what to contact each for (phones masked for visitors)",
    request: ZTeamRequest,
    response: ZTeam,
  }),
} as const;
