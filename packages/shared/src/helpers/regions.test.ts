import { describe, expect, it } from 'vitest';
import { citiesOf, districtsOf, findRegionPath, isValidRegionPath, provinces, regionCentre } from './regions';

const allCities = () => provinces().flatMap((p) => citiesOf(p.code));
const allDistricts = () => allCities().flatMap((c) => districtsOf(c.code));

describe('the region table', () => {
  it('holds the 2023 list: 34 province-level units, 372 cities, 2875 districts', () => {
    // Cities: 333 prefecture-level + 32 county-level units under a province directly + 4 municipalities + HK/MO/TW.
    // Districts: the list's 2842 county-level units (the 32 included) + 三沙's 2, HK's 18 and Macau's 8 from the centre
    // source + 东莞, 中山, 儋州, 嘉峪关 and 台湾 standing in for their own district.
    expect(provinces()).toHaveLength(34);
    expect(allCities()).toHaveLength(372);
    expect(allDistricts()).toHaveLength(2875);
  });

  it('uses 6-digit codes under their province and unique within their level', () => {
    for (const p of provinces()) {
      expect(p.code).toMatch(/^\d{2}0000$/);
      for (const c of citiesOf(p.code)) {
        expect(c.code.slice(0, 2)).toBe(p.code.slice(0, 2));
        for (const d of districtsOf(c.code)) expect(d.code).toMatch(new RegExp(`^${p.code.slice(0, 2)}\\d{4}$`));
      }
    }
    const cityCodes = allCities().map((c) => c.code);
    expect(new Set(cityCodes).size).toBe(cityCodes.length);
    const districtCodes = allDistricts().map((d) => d.code);
    expect(new Set(districtCodes).size).toBe(districtCodes.length);
  });

  it('puts every centre inside China (GCJ-02, 4 decimals)', () => {
    for (const r of [...provinces(), ...allCities(), ...allDistricts()]) {
      expect(r.lng).toBeGreaterThan(73);
      expect(r.lng).toBeLessThan(136);
      expect(r.lat).toBeGreaterThan(3); // 南沙区 is at 9.5°N
      expect(r.lat).toBeLessThan(54);
      expect(Math.round(r.lng * 1e4) / 1e4).toBe(r.lng);
      expect(Math.round(r.lat * 1e4) / 1e4).toBe(r.lat);
    }
  });

  it('includes Hong Kong, Macau and Taiwan as provinces', () => {
    expect(provinces().map((p) => p.name)).toEqual(
      expect.arrayContaining(['台湾省', '香港特别行政区', '澳门特别行政区']),
    );
  });
});

describe('provinces, citiesOf, districtsOf', () => {
  it('finds 广东省 → 佛山市 → 南海区 with its centre near 113.14E 23.03N', () => {
    const guangdong = provinces().find((p) => p.name === '广东省');
    expect(guangdong?.code).toBe('440000');
    const foshan = citiesOf('440000').find((c) => c.name === '佛山市');
    expect(foshan?.code).toBe('440600');
    expect(districtsOf('440600').map((d) => d.name)).toEqual(['禅城区', '南海区', '顺德区', '三水区', '高明区']);
    const nanhai = districtsOf('440600').find((d) => d.code === '440605');
    expect(nanhai?.name).toBe('南海区');
    expect(nanhai?.lng).toBeCloseTo(113.14, 1);
    expect(nanhai?.lat).toBeCloseTo(23.03, 1);
  });

  it('makes a municipality its own only city, holding its districts (and 重庆市 its counties too)', () => {
    expect(citiesOf('110000')).toEqual([{ code: '110000', name: '北京市', lng: 116.4053, lat: 39.905 }]);
    const beijing = districtsOf('110000');
    expect(beijing).toHaveLength(16);
    expect(beijing.find((d) => d.name === '朝阳区')?.code).toBe('110105');

    expect(citiesOf('310000').map((c) => [c.code, c.name])).toEqual([['310000', '上海市']]);
    const shanghai = districtsOf('310000').map((d) => d.name);
    expect(shanghai).toHaveLength(16);
    expect(shanghai).toEqual(expect.arrayContaining(['黄浦区', '徐汇区', '浦东新区', '崇明区']));

    expect(citiesOf('120000').map((c) => c.name)).toEqual(['天津市']);
    const chongqing = districtsOf('500000');
    expect(chongqing).toHaveLength(38);
    expect(chongqing.find((d) => d.name === '城口县')?.code).toBe('500229');
  });

  it('makes a county-level unit under a province directly its own city and district', () => {
    const xiantao = citiesOf('420000').find((c) => c.name === '仙桃市');
    expect(xiantao?.code).toBe('429004');
    expect(districtsOf('429004')).toEqual([xiantao]);
    expect(citiesOf('410000').some((c) => c.code === '419001' && c.name === '济源市')).toBe(true);
    expect(citiesOf('460000').filter((c) => c.code.startsWith('4690'))).toHaveLength(15);
  });

  it('makes a city without districts its own only district', () => {
    const dongguan = citiesOf('440000').find((c) => c.code === '441900');
    expect(districtsOf('441900')).toEqual([dongguan]);
    expect(districtsOf('620200').map((d) => d.name)).toEqual(['嘉峪关市']);
  });

  it('gives Hong Kong its districts and Taiwan itself at every level', () => {
    expect(citiesOf('810000').map((c) => c.name)).toEqual(['香港特别行政区']);
    expect(districtsOf('810000')).toHaveLength(18);
    expect(districtsOf('820000')).toHaveLength(8);
    expect(districtsOf('710000').map((d) => [d.code, d.name])).toEqual([['710000', '台湾省']]);
  });

  it('returns nothing for unknown codes', () => {
    expect(citiesOf('990000')).toEqual([]);
    expect(citiesOf('440600')).toEqual([]); // a city's code is not a province's
    expect(districtsOf('320602')).toEqual([]); // 崇川区's code before 2020
    expect(districtsOf('')).toEqual([]);
  });

  it('keeps its own data safe from callers changing results', () => {
    const first = provinces();
    first[0]!.name = 'changed';
    first.pop();
    expect(provinces()[0]?.name).toBe('北京市');
    expect(provinces()).toHaveLength(34);
  });
});

describe('findRegionPath', () => {
  it('returns the three regions for exact names', () => {
    const path = findRegionPath('广东省', '佛山市', '南海区');
    expect(path?.province.code).toBe('440000');
    expect(path?.city.code).toBe('440600');
    expect(path?.district.code).toBe('440605');
    expect(findRegionPath('北京市', '北京市', '朝阳区')?.district.code).toBe('110105');
    expect(findRegionPath('湖北省', '仙桃市', '仙桃市')?.district.code).toBe('429004');
  });

  it('returns null for anything else', () => {
    expect(findRegionPath('广东', '佛山', '南海')).toBeNull();
    expect(findRegionPath('广东省', '佛山市', '朝阳区')).toBeNull();
    expect(findRegionPath('北京市', '市辖区', '朝阳区')).toBeNull();
  });
});

describe('isValidRegionPath', () => {
  it.each([
    ['广东省', '佛山市', '南海区'],
    ['上海市', '上海市', '浦东新区'],
    ['重庆市', '重庆市', '城口县'],
    ['广东省', '东莞市', '东莞市'],
    ['香港特别行政区', '香港特别行政区', '湾仔区'],
  ])('accepts %s %s %s', (p, c, d) => {
    expect(isValidRegionPath(p, c, d)).toBe(true);
  });

  it.each([
    ['广东省', '佛山市', '朝阳区'], // district of another city
    ['江苏省', '佛山市', '南海区'], // city of another province
    ['北京市', '市辖区', '朝阳区'], // the statistical "市辖区" row is not a level here
    ['北京市', '朝阳区', ''], // two levels only
    ['广东', '佛山', '南海'], // short names
    ['广东省 ', '佛山市', '南海区'], // stray space
    ['', '', ''],
  ])('refuses %j %j %j', (p, c, d) => {
    expect(isValidRegionPath(p, c, d)).toBe(false);
  });
});

describe('regionCentre', () => {
  const centreOf = (r: { lng: number; lat: number } | undefined) => r && { lng: r.lng, lat: r.lat };
  const guangdong = centreOf(provinces().find((p) => p.code === '440000'));
  const foshan = centreOf(citiesOf('440000').find((c) => c.code === '440600'));
  const nanhai = centreOf(districtsOf('440600').find((d) => d.code === '440605'));

  it('uses the most specific code given', () => {
    expect(regionCentre('440000', '440600', '440605')).toEqual(nanhai);
    expect(regionCentre('440000', '440600')).toEqual(foshan);
    expect(regionCentre('440000')).toEqual(guangdong);
    expect(regionCentre(undefined, undefined, '440605')).toEqual(nanhai);
    expect(regionCentre(undefined, '440600')).toEqual(foshan);
  });

  it('falls back past unknown codes to the nearest known one', () => {
    expect(regionCentre('440000', '440600', '440699')).toEqual(foshan);
    expect(regionCentre('440000', '440699', '440605')).toEqual(nanhai);
    expect(regionCentre('440000', '440699')).toEqual(guangdong);
    expect(regionCentre('990000', '440600')).toEqual(foshan);
    // 崇川区's pre-2020 code still finds 南通市
    expect(regionCentre('320000', '320600', '320602')).toEqual(
      centreOf(citiesOf('320000').find((c) => c.code === '320600')),
    );
  });

  it('ignores a code that contradicts a broader one', () => {
    expect(regionCentre('110000', '440600')).toEqual(regionCentre('110000'));
    expect(regionCentre('440000', '440100', '440605')).toEqual(regionCentre('440000', '440100'));
    expect(regionCentre('440000', undefined, '110105')).toEqual(guangdong);
  });

  it('puts a district the source has no point for at its city centre', () => {
    // 阿勒泰地区's counties have no centre of their own in the source
    const altay = regionCentre('650000', '654300');
    expect(regionCentre('650000', '654300', '654326')).toEqual(altay);
    expect(districtsOf('654300').every((d) => d.lng === altay?.lng && d.lat === altay?.lat)).toBe(true);
    // a unit standing in for itself sits where it does one level up
    expect(regionCentre('420000', '429004', '429004')).toEqual(regionCentre('420000', '429004'));
    expect(regionCentre('110000', '110000')).toEqual(regionCentre('110000'));
  });

  it('is null when no code is known', () => {
    expect(regionCentre()).toBeNull();
    expect(regionCentre('', '', '')).toBeNull();
    expect(regionCentre('990000', '990100', '990101')).toBeNull();
  });
});
