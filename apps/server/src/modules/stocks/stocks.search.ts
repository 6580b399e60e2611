import { type SQL, sql } from 'drizzle-orm';

/**
 * Chinese keyword search without a segmenter: pg_trgm cannot serve one- and two-character Chinese
 * keywords ('铝', '铜杆'), and dictionary segmentation misses trade words. So a listing's text is
 * indexed as the unigrams and bigrams of its Han runs plus its Latin/digit words ('a00', '6063', '1#'),
 * stored verbatim in a tsvector (array_to_tsvector, no parser or stemming) behind a GIN index, which
 * PGlite and PostgreSQL both run. A keyword is matched by its own bigrams (a one-character keyword by
 * its unigram) and words, all required.
 */
const HAN_RUN = /\p{Script=Han}+/gu;
const WORD = /[a-z0-9]+#?/g;

function normalize(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/** Lexemes of a listing's text: every Han unigram and bigram, and every word. */
export function documentTokens(...texts: string[]): string[] {
  const tokens = new Set<string>();
  for (const text of texts.map(normalize)) {
    for (const run of text.match(HAN_RUN) ?? []) {
      const chars = [...run];
      chars.forEach((char, index) => {
        tokens.add(char);
        if (index + 1 < chars.length) tokens.add(char + chars[index + 1]);
      });
    }
    for (const word of text.match(WORD) ?? []) {
      tokens.add(word);
      if (word.endsWith('#')) tokens.add(word.slice(0, -1));
    }
  }
  return [...tokens];
}

/** Lexemes a keyword must all match: bigrams of each Han run (or the lone character), and its words. */
export function queryTokens(keyword: string): string[] {
  const tokens = new Set<string>();
  const text = normalize(keyword);
  for (const run of text.match(HAN_RUN) ?? []) {
    const chars = [...run];
    if (chars.length === 1) tokens.add(chars[0] as string);
    for (let index = 0; index + 1 < chars.length; index++) tokens.add(chars[index]! + chars[index + 1]!);
  }
  for (const word of text.match(WORD) ?? []) tokens.add(word);
  return [...tokens];
}

/** The tsvector stored for a listing's text. */
export function searchVector(...texts: string[]): SQL {
  // One array parameter (sql.param), not drizzle's expansion of an array into a value list.
  return sql`array_to_tsvector(${sql.param(documentTokens(...texts))}::text[])`;
}

const quoteLexeme = (token: string) => `'${token.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** The tsquery of a keyword, or null when it has nothing searchable (only punctuation or spaces). */
export function searchQuery(keyword: string): SQL | null {
  const tokens = queryTokens(keyword);
  if (tokens.length === 0) return null;
  return sql`${tokens.map(quoteLexeme).join(' & ')}::tsquery`;
}

/** The text of a listing that a keyword can match. */
export interface StockSearchText {
  sortName: string;
  productName: string;
  specifications: string;
  properties: string;
  brand: string;
  manufacturer: string;
  province: string;
  city: string;
  district: string;
}

/** The one way a listing's search_vector is written: on posting, on editing, and by seeds. */
export function stockSearchVector(text: StockSearchText): SQL {
  return searchVector(
    text.sortName,
    text.productName,
    text.specifications,
    text.properties,
    text.brand,
    text.manufacturer,
    text.province,
    text.city,
    text.district,
  );
}
