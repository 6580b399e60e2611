import { describe, expect, it } from 'vitest';
import { productCardOf, productCardText, type TChatProductCard } from './product-card';

const stock: TChatProductCard = {
  sortId: 7,
  sortName: { 'zh-CN': 'A00铝', 'en-US': 'A00 aluminium' },
  productName: '',
  details: ['99.70%', '中铝'],
  agentKind: null,
  quantityKg: null,
  priceFen: 2_045_000,
  city: '无锡市',
  picture: '/files/a.webp',
  companyName: '无锡金属',
};

describe('productCardText', () => {
  it('words a card in each language from the same facts', () => {
    expect(productCardText(stock, 'zh-CN')).toEqual({
      title: 'A00铝',
      summary: '99.70% · 中铝 · 无锡市',
      priceFen: 2_045_000,
      picture: '/files/a.webp',
      companyName: '无锡金属',
    });
    expect(productCardText(stock, 'en-US').title).toBe('A00 aluminium');
  });

  it("keeps the lister's own name as the title and moves the sort into the summary", () => {
    const named = { ...stock, productName: '铝锭' };
    expect(productCardText(named, 'en-US')).toMatchObject({
      title: '铝锭',
      summary: 'A00 aluminium · 99.70% · 中铝 · 无锡市',
    });
  });

  it("names an inquiry's quantity and an agent request's direction in the reader's language", () => {
    const inquiry = { ...stock, details: [], quantityKg: 12_500, priceFen: null, city: '' };
    expect(productCardText(inquiry, 'zh-CN').summary).toBe('12.5 吨');
    expect(productCardText(inquiry, 'en-US').summary).toBe('12.5 t');
    const request = { ...stock, details: [], city: '', productName: '要20吨铝锭', agentKind: 'sell' as const };
    expect(productCardText(request, 'en-US').summary).toBe('A00 aluminium · Help me sell');
    expect(productCardText(request, 'zh-CN').summary).toBe('A00铝 · 帮我卖');
  });

  it('falls back to the Chinese sort name when the English one is missing', () => {
    const untranslated = { ...stock, sortName: { 'zh-CN': '电解铜', 'en-US': '' } };
    expect(productCardText(untranslated, 'en-US').title).toBe('电解铜');
  });
});

describe('productCardOf', () => {
  it('reads a stored card and refuses a missing or malformed one', () => {
    expect(productCardOf({ proCard: stock })).toEqual(stock);
    expect(productCardOf({ proInfo: { title: 'x' } })).toBeNull();
    expect(productCardOf({ proCard: { ...stock, sortName: 'A00' } })).toBeNull();
    expect(productCardOf(null)).toBeNull();
  });
});
