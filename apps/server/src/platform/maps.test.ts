import { CodeFlag, PLACE_SEARCH_COUNT, PLACE_SEARCH_RADIUS_M } from '@metal/shared';
import { findRegionPath } from '@metal/shared/regions';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { type MapPoint, OfflineMaps, providerDistanceText, shortRegionName } from './maps';

const maps = new OfflineMaps();
const search = (keyword: string, around?: MapPoint) =>
  maps.placeSearch({
    keyword,
    ...(around ? { around } : {}),
    radiusM: PLACE_SEARCH_RADIUS_M,
    count: PLACE_SEARCH_COUNT,
  });
const names = (result: Awaited<ReturnType<typeof search>>) => result.pois.map((p) => p.address);

const nanhaiCentre = findRegionPath('广东省', '佛山市', '南海区')!.district;
const NANHAI = { lng: nanhaiCentre.lng, lat: nanhaiCentre.lat };

describe('shortRegionName', () => {
  it.each([
    ['广东省', '广东'],
    ['佛山市', '佛山'],
    ['南海区', '南海'],
    ['浦东新区', '浦东'],
    ['神农架林区', '神农架'],
    ['阿勒泰地区', '阿勒泰'],
    ['香港特别行政区', '香港'],
    ['锡林郭勒盟', '锡林郭勒'],
    ['新疆维吾尔自治区', '新疆'],
    ['广西壮族自治区', '广西'],
    ['宁夏回族自治区', '宁夏'],
    ['西藏自治区', '西藏'],
    ['内蒙古自治区', '内蒙古'],
    ['恩施土家族苗族自治州', '恩施'],
    ['海西蒙古族藏族自治州', '海西'],
    ['孟连傣族拉祜族佤族自治县', '孟连'],
    // Never below two characters.
    ['和县', '和县'],
    ['东区', '东区'],
    ['城区', '城区'],
  ])('%s → %s', (name, short) => {
    expect(shortRegionName(name)).toBe(short);
  });
});

describe('OfflineMaps.placeSearch', () => {
  it('finds a province, a city and a district by their full or short names, with the region path', async () => {
    for (const keyword of ['佛山', '佛山市']) {
      const found = await search(keyword);
      expect(found.pois[0]).toMatchObject({
        name: '佛山市',
        address: '广东省佛山市',
        poiType: 'city',
        hotPointID: '440600',
        province: '广东省',
        city: '佛山市',
        district: '',
        distance: '',
        distanceM: null,
      });
    }
    expect((await search('南海')).pois[0]).toMatchObject({
      name: '南海区',
      address: '广东省佛山市南海区',
      poiType: 'district',
      province: '广东省',
      city: '佛山市',
      district: '南海区',
    });
    expect((await search('广东')).pois[0]).toMatchObject({ name: '广东省', poiType: 'province', city: '' });
    expect((await search('恩施')).pois[0]?.name).toBe('恩施土家族苗族自治州');
  });

  it('gives each place its GCJ-02 centre as numbers and as SPEC lonlat text', async () => {
    const [nanhai] = (await search('南海区')).pois;
    expect(nanhai).toMatchObject({ lng: NANHAI.lng, lat: NANHAI.lat, lonlat: `${NANHAI.lng},${NANHAI.lat}` });
  });

  it('fills the level a municipality or a county-level city stands in for', async () => {
    expect((await search('北京')).pois[0]).toMatchObject({
      name: '北京市',
      province: '北京市',
      city: '北京市',
      district: '',
    });
    expect((await search('仙桃')).pois[0]).toMatchObject({
      name: '仙桃市',
      province: '湖北省',
      city: '仙桃市',
      district: '仙桃市',
    });
    expect((await search('北京')).count).toBe(1);
  });

  it('takes a path of names, or a whole street address, as the place it leads to', async () => {
    expect(names(await search('佛山南海'))[0]).toBe('广东省佛山市南海区');
    expect(names(await search('北京朝阳'))[0]).toBe('北京市朝阳区');
    const address = await search('广东省佛山市南海区大沥镇1号');
    expect(names(address)[0]).toBe('广东省佛山市南海区');
    // Lesser matches (names merely containing a character) are not mixed in with a path match.
    expect(address.pois.every((p) => p.province === '广东省')).toBe(true);
  });

  it('puts the nearest first among equal matches when a point is given, with distances', async () => {
    const everywhere = await search('朝阳');
    expect(names(everywhere)).toEqual(['北京市朝阳区', '辽宁省朝阳市', '辽宁省朝阳市朝阳县', '吉林省长春市朝阳区']);
    const fromChangchun = await search('朝阳', { lng: 125.3235, lat: 43.8171 });
    expect(names(fromChangchun)[0]).toBe('吉林省长春市朝阳区');
    const fromFoshan = await search('南', NANHAI);
    expect(fromFoshan.pois).toHaveLength(PLACE_SEARCH_COUNT);
    expect(fromFoshan.count).toBeGreaterThan(PLACE_SEARCH_COUNT);
    expect(fromFoshan.pois[0]).toMatchObject({ name: '南海区', distanceM: 0, distance: '0m' });
    const starting = fromFoshan.pois.filter((p) => p.name.startsWith('南'));
    const metres = starting.map((p) => p.distanceM ?? Number.NaN);
    expect(metres).toEqual([...metres].sort((a, b) => a - b));
    expect(fromFoshan.pois[1]).toMatchObject({
      name: '南沙区',
      distance: providerDistanceText(fromFoshan.pois[1]!.distanceM!),
    });
  });

  it('answers an unknown or empty keyword with no places and a good status', async () => {
    for (const keyword of ['铝锭', '   ']) {
      expect(await search(keyword)).toEqual({
        keyWord: keyword,
        count: 0,
        pois: [],
        status: { infocode: 1000, cndesc: '服务正常' },
        source: 'offline',
      });
    }
  });
});

describe('OfflineMaps.reverseGeocode', () => {
  it('names the district whose centre is nearest, with its city, province and codes', async () => {
    const nanhai = await maps.reverseGeocode({ lng: 113.15, lat: 23.06 });
    expect(nanhai).toMatchObject({
      formatted_address: '广东省佛山市南海区',
      location: { lon: 113.15, lat: 23.06 },
      addressComponent: {
        nation: '中国',
        province: '广东省',
        city: '佛山市',
        county: '南海区',
        province_code: '440000',
        city_code: '440600',
        county_code: '440605',
        road_distance: null,
      },
      source: 'offline',
    });
    const chaoyang = await maps.reverseGeocode({ lng: 116.48, lat: 39.95 });
    expect(chaoyang.formatted_address).toBe('北京市朝阳区');
    expect(chaoyang.addressComponent).toMatchObject({ province: '北京市', city: '北京市', county: '朝阳区' });
  });

  it('finds no region for a point far out at sea', async () => {
    const far = maps.reverseGeocode({ lng: 137.5, lat: 1 });
    await expect(far).rejects.toBeInstanceOf(AppError);
    await expect(far).rejects.toMatchObject({ codeFlag: CodeFlag.notFound, messageKey: 'map.noPlace' });
  });
});

describe('providerDistanceText', () => {
  it('writes distances as Tianditu does', () => {
    expect(providerDistanceText(0)).toBe('0m');
    expect(providerDistanceText(850)).toBe('850m');
    expect(providerDistanceText(1234)).toBe('1.2km');
    expect(providerDistanceText(165_059)).toBe('165.1km');
  });
});
