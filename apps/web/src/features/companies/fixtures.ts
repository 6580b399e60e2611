import type { CallResponse, Calls, TCompanyInfo } from '@metal/shared';

/** Test data for the company pages: company info as `detail` answers it. */
export const owner = {
  account: 'trader01',
  rootId: 7,
  userId: 7,
  sessionId: 's',
  lastLoginDate: '2026-11-20 08:00:00',
};
export const employee = {
  account: 'staff01',
  rootId: 7,
  userId: 9,
  sessionId: 'e',
  lastLoginDate: '2026-11-20 08:00:00',
};

/** A new user's company: nothing filled, the gate wanting all four parts. */
export function freshCompany(over: Partial<TCompanyInfo> = {}): TCompanyInfo {
  return {
    rootId: 7,
    name: '',
    brand: '',
    businessModel: '',
    buyProducts: [],
    sellProducts: [],
    phones: [],
    faxes: [],
    qq: '',
    wechat: '',
    webUrl: '',
    linkInfo: { linkName: '', linkPhone: '' },
    haveManageAddress: false,
    manageAddress: { province: '', city: '', district: '', detail: '', lng: null, lat: null },
    companyModifyInfo: null,
    complete: false,
    missing: ['name', 'businessModel', 'linkInfo', 'manageAddress'],
    editable: true,
    ...over,
  };
}

/** A complete company, its address at 南海区's centre (113.1456, 23.0316 in the region table). */
export function completeCompany(over: Partial<TCompanyInfo> = {}): TCompanyInfo {
  return freshCompany({
    name: '佛山南海铝业有限公司',
    brand: '南海铝',
    businessModel: 'producer',
    sellProducts: [
      { id: 13, sortName: 'A00铝' },
      { id: 21, sortName: '6063铝棒加工费' },
    ],
    buyProducts: [{ id: 23, sortName: '氧化铝' }],
    phones: ['0757-86001234'],
    faxes: ['0757-86001235'],
    qq: '123456',
    wechat: 'nanhai_al',
    webUrl: 'https://nanhai-al.example.cn',
    linkInfo: { linkName: '张三', linkPhone: '13800138000' },
    haveManageAddress: true,
    manageAddress: {
      province: '广东省',
      city: '佛山市',
      district: '南海区',
      detail: '大沥镇广佛路1号',
      lng: 113.1456,
      lat: 23.0316,
    },
    complete: true,
    missing: [],
    ...over,
  });
}

/** The market sort catalogue as `market/sorts` answers it (a part of it). */
export const sortsCatalogue: CallResponse<typeof Calls.marketSorts> = [
  { id: 13, sortName: 'A00铝', sortUnit: '元/吨', metal: 'aluminium', physical: true, series: [] },
  { id: 21, sortName: '6063铝棒加工费', sortUnit: '元/吨', metal: 'aluminium', physical: true, series: [] },
  { id: 23, sortName: '氧化铝', sortUnit: '元/吨', metal: 'aluminium', physical: true, series: [] },
  { id: 12, sortName: '1#电解铜', sortUnit: '元/吨', metal: 'copper', physical: true, series: [] },
  { id: 25, sortName: '铜杆', sortUnit: '元/吨', metal: 'copper', physical: true, series: [] },
];
