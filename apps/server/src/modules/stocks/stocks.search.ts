import { type SQL, sql } from 'drizzle-orm';

/**
 * Chinese keyword search without a segmenter: pg_trgm cannot serve one- and two-character Chinese
 * keywords ('铝', '铜杆'), and dictionary segmentation misses trade words. So a listing's text is
 * indexed as the unigrams and bigrams of its Han runs plus its Latin/digit words ('a00', '6063', '1#'),
 * stored verbatim in a tsvector (a literal, no parser or stemming) behind a GIN index, which
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

const quoteLexeme = (token: string) => `'${token.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * Where in a listing a lexeme was found, for ranking: A its product name or category, B the rest of
 * what it is (specifications, properties, brand, manufacturer), C where it lies. A tsvector keeps a
 * weight only on a position, so each weight has a position of its own (A 1, B 2, C 3).
 */
export type SearchWeight = 'A' | 'B' | 'C';
const WEIGHT_POSITION: Record<SearchWeight, number> = { A: 1, B: 2, C: 3 };

/** The tsvector literal of texts grouped by weight: `'铝':1A,3C 'a00':1A …`. */
export function weightedVectorLiteral(groups: Partial<Record<SearchWeight, string[]>>): string {
  const positions = new Map<string, string[]>();
  for (const weight of ['A', 'B', 'C'] as const) {
    for (const token of documentTokens(...(groups[weight] ?? []))) {
      const list = positions.get(token) ?? [];
      list.push(`${WEIGHT_POSITION[weight]}${weight}`);
      positions.set(token, list);
    }
  }
  return [...positions].map(([token, list]) => `${quoteLexeme(token)}:${list.join(',')}`).join(' ');
}

/**
 * The tsquery of a keyword, or null when it has nothing searchable (only punctuation or spaces).
 * With `weights`, every lexeme must be found in text of those weights ('A': name or category; 'AB':
 * anywhere in what the product is), which is how search ranks matches in the product above matches
 * only in the place.
 */
export function searchQuery(keyword: string, weights?: 'A' | 'AB'): SQL | null {
  const tokens = queryTokens(keyword);
  if (tokens.length === 0) return null;
  const suffix = weights ? `:${weights}` : '';
  return sql`${tokens.map((token) => quoteLexeme(token) + suffix).join(' & ')}::tsquery`;
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

/** A listing's text grouped by search weight. */
export function stockSearchGroups(text: StockSearchText): Record<SearchWeight, string[]> {
  return {
    A: [text.sortName, text.productName],
    B: [text.specifications, text.properties, text.brand, text.manufacturer],
    C: [text.province, text.city, text.district],
  };
}

/** The one way a listing's search_vector is written: on posting, on editing, and by seeds. */
export function stockSearchVector(text: StockSearchText): SQL {
  return sql`${weightedVectorLiteral(stockSearchGroups(text))}::tsvector`;
}
