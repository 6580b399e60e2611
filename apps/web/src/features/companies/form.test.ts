import * as regions from '@metal/shared/regions';
import { describe, expect, it } from 'vitest';
import { addressErrors, chosenRegions, draftFromAddress, isAtCentre, toAddressInput } from './address';
import { completeCompany, freshCompany } from './fixtures';
import { changedFields, companyFormErrors, formFromInfo, toSaveRequest } from './form';

describe('company form', () => {
  it('sends only what changed, trimmed, with blank number rows dropped', () => {
    const info = completeCompany();
    const form = { ...formFromInfo(info), brand: ' 新品牌 ', phones: ['0757-86001234', ' ', '13800138000 '] };
    expect(changedFields(form, info)).toEqual({ brand: '新品牌', phones: ['0757-86001234', '13800138000'] });
    expect(changedFields(formFromInfo(info), info)).toEqual({});
  });

  it('leaves an unchosen business model out of the request', () => {
    expect(toSaveRequest({ businessModel: '', qq: '' })).toEqual({ qq: '' });
    expect(toSaveRequest({ businessModel: 'buyer' })).toEqual({ businessModel: 'buyer' });
  });

  it('names each bad number by its place, as the server does', () => {
    expect(companyFormErrors({ phones: ['13800138000', '12345'], faxes: ['86001234'], qq: '0123' })).toEqual({
      'phones.1': 'company.phoneInvalid',
      'faxes.0': 'company.faxInvalid',
      qq: 'company.qqInvalid',
    });
    expect(companyFormErrors({ phones: Array.from({ length: 6 }, () => '13800138000') })).toEqual({
      phones: 'company.tooManyPhones',
    });
    expect(companyFormErrors({ brand: '南海铝', webUrl: 'https://nanhai.example.cn' })).toEqual({});
  });
});

describe('business address draft', () => {
  it('finds the region codes of a stored address and knows its point is the district centre', () => {
    const draft = draftFromAddress(regions, completeCompany().manageAddress);
    expect(draft).toMatchObject({ provinceCode: '440000', cityCode: '440600', districtCode: '440605', point: null });
    const names = chosenRegions(regions, draft);
    expect(names?.district.name).toBe('南海区');
    // Without a point the server stores the district's centre, so none is sent.
    expect(toAddressInput(names, draft)).toEqual({
      province: '广东省',
      city: '佛山市',
      district: '南海区',
      detail: '大沥镇广佛路1号',
    });
  });

  it('keeps a saved point that is not the centre, and sends it', () => {
    const address = { ...completeCompany().manageAddress, lng: 113.1607, lat: 23.0512 };
    const draft = draftFromAddress(regions, address);
    expect(draft.point).toEqual({ source: 'saved', lng: 113.1607, lat: 23.0512 });
    expect(toAddressInput(chosenRegions(regions, draft), draft)).toMatchObject({ lng: 113.1607, lat: 23.0512 });
    expect(isAtCentre({ lng: 113.14562, lat: 23.03158 }, { lng: 113.1456, lat: 23.0316 })).toBe(true);
  });

  it('starts empty for a new company and reports the region as one field', () => {
    const draft = draftFromAddress(regions, freshCompany().manageAddress);
    expect(chosenRegions(regions, draft)).toBeNull();
    expect(addressErrors(toAddressInput(null, draft))).toEqual({
      region: 'company.regionInvalid',
      detail: 'company.addressDetailRequired',
    });
  });
});
