import { type CallRequest, Calls, CodeFlag } from '@metal/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { AppError } from '../../platform/errors';
import type { Maps } from '../../platform/maps';
import { TiandituMaps } from '../../platform/maps-tianditu';

let t: TestApp;
let configured: Maps;
beforeAll(async () => {
  t = await buildTestApp();
  configured = t.app.deps.maps;
});
afterEach(() => {
  t.app.deps.maps = configured;
});
afterAll(() => t.close());

const placeSearch = (fields: CallRequest<typeof Calls.placeSearch>, lang?: string) =>
  t.call(Calls.placeSearch, fields, lang ? { lang } : {});
const placeSearchRaw = (fields: Record<string, unknown>, lang?: string) =>
  t.callRaw(Calls.placeSearch, fields, lang ? { lang } : {});
const reverseGeocode = (fields: CallRequest<typeof Calls.reverseGeocode>, lang?: string) =>
  t.call(Calls.reverseGeocode, fields, lang ? { lang } : {});
const reverseGeocodeRaw = (fields: Record<string, unknown>, lang?: string) =>
  t.callRaw(Calls.reverseGeocode, fields, lang ? { lang } : {});

describe('map/place_search', () => {
  it('finds places by name for a visitor, from the offline region table by default', async () => {
    expect(configured.source).toBe('offline');
    const found = await placeSearch({ keyword: '佛山' });
    expect(found.body.codeFlag).toBe(CodeFlag.ok);
    expect(found.body.data).toMatchObject({
      keyWord: '佛山',
      count: 1,
      status: { infocode: 1000, cndesc: '服务正常' },
      source: 'offline',
    });
    expect(found.body.data?.pois[0]).toMatchObject({
      name: '佛山市',
      province: '广东省',
      city: '佛山市',
      distanceM: null,
    });
  });

  it('with a point, orders by distance and gives it, at most 10 places', async () => {
    const found = await placeSearch({ keyword: '南', lng: 113.15, lat: 23.06 });
    expect(found.body.codeFlag).toBe(CodeFlag.ok);
    expect(found.body.data?.pois).toHaveLength(10);
    expect(found.body.data?.pois[0]).toMatchObject({ name: '南海区' });
    expect(found.body.data?.pois[0]?.distanceM).toBeLessThan(5000);
  });

  it('asks the configured provider with SPEC radius 5000 m and count 10', async () => {
    const asked: unknown[] = [];
    t.app.deps.maps = {
      source: 'tianditu',
      placeSearch: async (query) => {
        asked.push(query);
        return {
          keyWord: query.keyword,
          count: 0,
          pois: [],
          status: { infocode: 1000, cndesc: '服务正常' },
          source: 'tianditu',
        };
      },
      reverseGeocode: async () => {
        throw new Error('not asked');
      },
    };
    await placeSearch({ keyword: ' 大沥 ', lng: '113.15', lat: '23.06' });
    await placeSearch({ keyword: '大沥', lng: '', lat: '' });
    expect(asked).toEqual([
      { keyword: '大沥', around: { lng: 113.15, lat: 23.06 }, radiusM: 5000, count: 10 },
      { keyword: '大沥', radiusM: 5000, count: 10 },
    ]);
  });

  it('refuses a missing or long keyword and a half, foreign or nonsense point, in the caller language', async () => {
    const empty = await placeSearch({ keyword: '  ' }, 'en-US');
    expect(empty.body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: 'Please enter a place to search for' });
    expect(empty.body.errors).toHaveProperty('keyword');
    expect((await placeSearchRaw({})).body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: '请输入要搜索的地点',
    });
    expect((await placeSearch({ keyword: '铝'.repeat(51) })).body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: '内容过长',
    });
    for (const point of [{ lng: 113.15 }, { lat: 23.06 }, { lng: 139.69, lat: 35.69 }, { lng: 'east', lat: 23 }]) {
      const refused = await placeSearch({ keyword: '佛山', ...point }, 'en-US');
      expect(refused.body, JSON.stringify(point)).toMatchObject({
        codeFlag: CodeFlag.invalidInput,
        mesg: 'The location is not valid; only places in mainland China are supported',
      });
    }
  });

  it("shows a provider's failure as SPEC's maps failure message, with its status and description", async () => {
    t.app.deps.maps = {
      source: 'tianditu',
      placeSearch: async () => {
        throw new AppError(CodeFlag.serverFault, 'map.failed', { status: '2002', description: '参数错误' });
      },
      reverseGeocode: async () => {
        throw new AppError(CodeFlag.serverFault, 'map.failedStatus', { status: 502 });
      },
    };
    expect((await placeSearch({ keyword: '大沥' }, 'en-US')).body).toEqual({
      codeFlag: CodeFlag.serverFault,
      mesg: 'The maps API failed (status 2002): 参数错误',
    });
    expect((await placeSearch({ keyword: '大沥' })).body.mesg).toBe('地图服务调用失败（状态 2002）：参数错误');
    expect((await reverseGeocode({ lng: 113.15, lat: 23.06 })).body).toEqual({
      codeFlag: CodeFlag.serverFault,
      mesg: '地图服务调用失败（状态 502）',
    });
  });

  it('says the maps service could not be reached when Tianditu does not answer', async () => {
    t.app.deps.maps = new TiandituMaps(
      { key: 'k', endpoint: 'http://127.0.0.1:9', timeoutMs: 1000 },
      { warn: () => {} },
    );
    expect((await placeSearch({ keyword: '大沥' }, 'en-US')).body).toEqual({
      codeFlag: CodeFlag.serverFault,
      mesg: 'The maps API could not be reached; please try again later',
    });
  });
});

describe('map/reverse_geocode', () => {
  it('names the district at a point', async () => {
    const found = await reverseGeocode({ lng: '113.15', lat: '23.06' });
    expect(found.body.codeFlag).toBe(CodeFlag.ok);
    expect(found.body.data).toMatchObject({
      formatted_address: '广东省佛山市南海区',
      location: { lon: 113.15, lat: 23.06 },
      addressComponent: { province: '广东省', city: '佛山市', county: '南海区', county_code: '440605' },
      source: 'offline',
    });
  });

  it('refuses a missing, foreign or nonsense point, and finds nothing far out at sea', async () => {
    for (const point of [
      {},
      { lng: 113.15 },
      { lng: 2.35, lat: 48.86 },
      { lng: 113.15, lat: 'north' },
      { lng: 200, lat: 23 },
    ]) {
      const refused = await reverseGeocodeRaw(point, 'en-US');
      expect(refused.body, JSON.stringify(point)).toMatchObject({
        codeFlag: CodeFlag.invalidInput,
        mesg: 'The location is not valid; only places in mainland China are supported',
      });
    }
    expect((await reverseGeocode({ lng: 137.5, lat: 1 }, 'en-US')).body).toEqual({
      codeFlag: CodeFlag.notFound,
      mesg: 'No region was found for this location',
    });
  });
});
