import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { documentTokens, queryTokens, searchQuery, weightedVectorLiteral } from './stocks.search';
import { stocks } from './stocks.table';

describe('search tokens', () => {
  it('indexes every Han unigram and bigram and every word, lower-cased', () => {
    expect(documentTokens('A00铝锭', '6063-T5 铜杆').sort()).toEqual(
      ['a00', '铝', '锭', '铝锭', '6063', 't5', '铜', '杆', '铜杆'].sort(),
    );
  });

  it('keeps a grade mark with its number and also the bare number', () => {
    expect(documentTokens('1#电解铜')).toEqual(expect.arrayContaining(['1#', '1', '电解', '解铜']));
  });

  it('queries a one-character keyword by its unigram and longer ones by their bigrams', () => {
    expect(queryTokens('铝')).toEqual(['铝']);
    expect(queryTokens('铜杆')).toEqual(['铜杆']);
    expect(queryTokens('铝合金 6063')).toEqual(['铝合', '合金', '6063']);
  });

  it('weights each lexeme by where it was found, once per weight', () => {
    expect(weightedVectorLiteral({ A: ['铝锭'], B: ['A00'], C: ['铝城'] })).toBe(
      "'铝':1A,3C '铝锭':1A '锭':1A 'a00':2B '铝城':3C '城':3C",
    );
  });

  it('finds nothing searchable in punctuation', () => {
    expect(searchQuery(' ,。! ')).toBeNull();
  });
});

describe('search on the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('matches one- and two-character Chinese keywords through the GIN-indexed vector', async () => {
    const seller = await t.buildUser();
    await t.buildCompany(seller.user.id);
    const ingot = await t.buildStock(seller.user.id, { productName: '铝锭', sortId: 13 });
    const rod = await t.buildStock(seller.user.id, { productName: '铜杆', sortId: 12, specifications: '8mm' });
    const matching = async (keyword: string) => {
      const query = searchQuery(keyword);
      if (!query) throw new Error('no query');
      const rows = await t.db
        .select({ id: stocks.id })
        .from(stocks)
        .where(and(eq(stocks.rootId, seller.user.id), sql`${stocks.searchVector} @@ ${query}`));
      return rows.map((row) => row.id).sort();
    };
    expect(await matching('铝')).toEqual([ingot.id]);
    expect(await matching('铜杆')).toEqual([rod.id]);
    expect(await matching('杆铜')).toEqual([]);
    expect(await matching('8MM')).toEqual([rod.id]);
  });
});
