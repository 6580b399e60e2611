import { describe, expect, it } from 'vitest';
import { regionName } from './regionNames';
import { citiesOf, districtsOf, provinces } from './regions';

describe('regionName', () => {
  it('gives English readers pinyin with the level as a word where English uses one', () => {
    expect(regionName('广东省', 'en-US')).toBe('Guangdong');
    expect(regionName('佛山市', 'en-US')).toBe('Foshan');
    expect(regionName('南海区', 'en-US')).toBe('Nanhai District');
    expect(regionName('北京市', 'en-US')).toBe('Beijing');
    expect(regionName('西安市', 'en-US')).toBe("Xi'an");
    expect(regionName('陕西省', 'en-US')).toBe('Shaanxi');
    expect(regionName('山西省', 'en-US')).toBe('Shanxi');
    expect(regionName('延边朝鲜族自治州', 'en-US')).toBe('Yanbian Prefecture');
    expect(regionName('香港特别行政区', 'en-US')).toBe('Hong Kong');
  });

  it('keeps only the place of an autonomous unit, with or without 族, and names units standing in for a city', () => {
    expect(regionName('新疆维吾尔自治区', 'en-US')).toBe('Xinjiang');
    expect(regionName('巴音郭楞蒙古自治州', 'en-US')).toBe('Bayinguoleng Prefecture');
    expect(regionName('鄂温克族自治旗', 'en-US')).toBe('Ewenke Banner');
    expect(regionName('琼中黎族苗族自治县', 'en-US')).toBe('Qiongzhong County');
    expect(regionName('神农架林区', 'en-US')).toBe('Shennongjia Forestry District');
    // A people's name inside an ordinary place name stays: 白山 is not 白族.
    expect(regionName('白山市', 'en-US')).toBe('Baishan');
    expect(regionName('哈尔滨市', 'en-US')).toBe('Harbin');
  });

  it('leaves Chinese readers, and names the table does not know, as they came', () => {
    expect(regionName('广东省', 'zh-CN')).toBe('广东省');
    expect(regionName('某某新区', 'en-US')).toBe('某某新区');
    expect(regionName('', 'en-US')).toBe('');
  });

  it('has an English name, in Latin letters, for every region a picker offers', () => {
    const names = provinces().flatMap((province) => [
      province.name,
      ...citiesOf(province.code).flatMap((city) => [city.name, ...districtsOf(city.code).map((d) => d.name)]),
    ]);
    const untranslated = names.filter((name) => !/^[A-Z][A-Za-züÜ' ]+$/.test(regionName(name, 'en-US')));
    expect(untranslated).toEqual([]);
  });
});
