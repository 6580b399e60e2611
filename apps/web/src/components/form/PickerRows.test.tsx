// @vitest-environment happy-dom
import * as regions from '@metal/shared/regions';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import '../../lib/i18n';
import { setLanguage } from '../../lib/language';
import { click, createPageHarness, until } from '../../test/pageHarness';
import { DateRow, type Place, ProvinceCityRow, RegionRow } from './PickerRows';

const h = createPageHarness();
const testId = (id: string) => h.container.querySelector(`[data-testid="${id}"]`);
/** The newest match: a sheet that just closed may still be fading out. */
const inBody = (selector: string, label: string) =>
  [...document.body.querySelectorAll(selector)].filter((e) => e.textContent?.trim() === label).at(-1);

async function pick(picker: string, ...names: string[]) {
  await click(testId(picker));
  for (const name of names) {
    await until(() => inBody('.adm-cascader-view .adm-list-item', name) !== undefined, name);
    await click(inBody('.adm-cascader-view .adm-list-item', name));
  }
  await click(inBody('.adm-cascader-header-button', '确定'));
}

function Places() {
  const [place, setPlace] = useState<Place>({ province: '', city: '', district: '' });
  const [hope, setHope] = useState({ province: '', city: '' });
  const [day, setDay] = useState('2026-11-20');
  return (
    <>
      <RegionRow
        label="所在地区"
        field="province"
        regions={regions}
        value={place}
        onChange={setPlace}
        placeholder="选择省、市、区"
        title="所在地区"
        testId="region-picker"
        clearLabel="清除"
      />
      <ProvinceCityRow
        label="供应商所在地"
        field="supplierProvince"
        regions={regions}
        value={hope}
        onChange={setHope}
        placeholder="不限"
        title="供应商所在地"
        testId="hope-picker"
        wholeProvince="全省"
        clearLabel="清除所在地"
      />
      <DateRow label="生产日期" id="productionDate" field="productionDate" value={day} onChange={setDay} />
      <output data-testid="place">{JSON.stringify(place)}</output>
      <output data-testid="hope">{JSON.stringify(hope)}</output>
    </>
  );
}

beforeEach(() => {
  h.install();
  setLanguage('zh-CN');
});
afterEach(() => h.cleanup());

describe('the form kit’s place and date rows', () => {
  it('picks a province, city and district, shows it as people write it, and clears an optional one', async () => {
    await h.render({ '/': Places }, '/');
    expect(testId('region-picker')?.textContent).toBe('选择省、市、区');
    await pick('region-picker', '北京市', '北京市', '朝阳区');
    expect(JSON.parse(testId('place')?.textContent ?? '')).toEqual({
      province: '北京市',
      city: '北京市',
      district: '朝阳区',
    });
    expect(testId('region-picker')?.textContent).toBe('北京市 朝阳区');
    await click(h.container.querySelector('[aria-label="清除"]'));
    expect(JSON.parse(testId('place')?.textContent ?? '')).toEqual({ province: '', city: '', district: '' });
  });

  it('picks a whole province for where suppliers should be', async () => {
    await h.render({ '/': Places }, '/');
    await pick('hope-picker', '河南省', '全省');
    expect(JSON.parse(testId('hope')?.textContent ?? '')).toEqual({ province: '河南省', city: '' });
    expect(testId('hope-picker')?.textContent).toBe('河南省');
  });

  it('picks one city for where suppliers should be, and clears it back to anywhere', async () => {
    await h.render({ '/': Places }, '/');
    await pick('hope-picker', '河南省', '郑州市');
    expect(JSON.parse(testId('hope')?.textContent ?? '')).toEqual({ province: '河南省', city: '郑州市' });
    expect(testId('hope-picker')?.textContent).toBe('河南省 郑州市');
    await click(h.container.querySelector('[aria-label="清除所在地"]'));
    expect(testId('hope-picker')?.textContent).toBe('不限');
  });

  it('labels a native date input by its field, so errors scroll to it', async () => {
    await h.render({ '/': Places }, '/');
    const input = h.container.querySelector<HTMLInputElement>('#productionDate');
    expect(input?.type).toBe('date');
    expect(input?.name).toBe('productionDate');
    expect(input?.value).toBe('2026-11-20');
    expect(h.container.querySelector('label[for="productionDate"]')?.textContent).toBe('生产日期');
    expect(input?.closest('[data-field]')?.getAttribute('data-field')).toBe('productionDate');
  });
});
