import { z } from 'zod';
import { MAX_CHECK_PRICE_ITEMS } from '../constants';
import { formInt, jsonText } from '../schemas/common';
import { ZPageRequest } from '../shops/schemas';
import { yuanToFen } from '../stocks/schemas';

/** A specification is written in the trade's Latin shorthand (e.g. 6063-T5 Φ50); SPEC §5 forbids Chinese in it. */
export const CHECK_PRICE_SPEC_MAX = 50;
const HAN = /\p{Script=Han}/u;

/**
 * One entry of a price-checker quote (SPEC §3): a specification and its price written as a base price
 * (a yuan market series such as 长江A00铝, whose latest quote gives the base) plus a premium in yuan
 * per ton (negative for a discount).
 */
export const ZCheckPriceItemInput = z.object({
  specification: z
    .string({ error: 'checkPrice.specificationRequired' })
    .trim()
    .min(1, { error: 'checkPrice.specificationRequired' })
    .max(CHECK_PRICE_SPEC_MAX, { error: 'common.tooLong' })
    .refine((text) => !HAN.test(text), { error: 'checkPrice.specificationChinese' }),
  seriesId: formInt('checkPrice.baseRequired').pipe(z.number().int().positive({ error: 'checkPrice.baseRequired' })),
  premium: z.preprocess(
    (value: number | string | undefined) => (value === '' || value === null ? undefined : value),
    yuanToFen({ allowNegative: true }),
  ),
});
export type TCheckPriceItemInput = z.input<typeof ZCheckPriceItemInput>;

/** add_check_price: 1-7 entries (SPEC §5, §9 MAX_CHECK_PRICE_ITEMS), sent as a JSON list. */
export const ZCheckPriceAddRequest = z.object({
  items: jsonText(
    z
      .array(ZCheckPriceItemInput, { error: 'checkPrice.itemsRequired' })
      .min(1, { error: 'checkPrice.itemsRequired' })
      .max(MAX_CHECK_PRICE_ITEMS, { error: 'checkPrice.tooManyItems' }),
  ),
});

export const ZCheckPriceIdRequest = z.object({
  id: formInt('common.invalidInput').pipe(z.number().int().positive({ error: 'common.invalidInput' })),
});

export const ZCheckPriceListRequest = ZPageRequest.extend({
  /** Part of a specification, letters and digits as written (case-insensitive). */
  keyword: z.string().trim().max(CHECK_PRICE_SPEC_MAX, { error: 'common.tooLong' }).optional().default(''),
});

/** me_check_price: the caller's own quotes page by page. */
export const ZCheckPriceMineRequest = ZPageRequest;

/** One entry as shown: the base series, its latest quote (fen, null before the first one) and the sum. */
export const ZCheckPriceItem = z.object({
  id: z.number(),
  specification: z.string(),
  seriesId: z.number(),
  seriesName: z.string(),
  premiumCents: z.number(),
  /** The base series' latest price, fen per ton; null when it has no quote yet. */
  basePriceCents: z.number().nullable(),
  /** The date of that quote (YYYY-MM-DD). */
  baseDate: z.string().nullable(),
  /** Base plus premium, fen per ton; null without a base quote. */
  priceCents: z.number().nullable(),
});
export type TCheckPriceItem = z.infer<typeof ZCheckPriceItem>;

export const ZCheckPrice = z.object({
  id: z.number(),
  userId: z.number(),
  nickName: z.string(),
  companyName: z.string(),
  /** ISO moment of the submission. */
  createdAt: z.string(),
  mine: z.boolean(),
  items: z.array(ZCheckPriceItem),
});
export type TCheckPrice = z.infer<typeof ZCheckPrice>;

export const ZCheckPricePage = z.object({ list: z.array(ZCheckPrice), page: z.number(), hasMore: z.boolean() });
export type TCheckPricePage = z.infer<typeof ZCheckPricePage>;

/** The yuan series a base price may name, for add_check_price's picker. */
export const ZCheckPriceBase = z.object({
  seriesId: z.number(),
  name: z.string(),
  priceCents: z.number().nullable(),
  date: z.string().nullable(),
});
export const ZCheckPriceBases = z.array(ZCheckPriceBase);
export type TCheckPriceBase = z.infer<typeof ZCheckPriceBase>;
