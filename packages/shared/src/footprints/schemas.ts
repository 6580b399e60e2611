import { z } from 'zod';
import { formInt, jsonText } from '../schemas/common';

/** Most footprints accepted in one upload, so one call cannot write without bound. */
export const MAX_FOOTPRINTS_PER_UPLOAD = 500;

/** Ids and times are stored as 32-bit integers; a larger value is bad input, not a server fault. */
const INT32_MAX = 2_147_483_647;

/** A footprint as the app records it locally: a stock viewed at a moment (Unix seconds). */
export const ZFootprintInput = z.object({
  stockId: formInt('footprint.invalid').pipe(
    z.number().positive({ error: 'footprint.invalid' }).max(Number.MAX_SAFE_INTEGER, { error: 'footprint.invalid' }),
  ),
  sortId: formInt('footprint.invalid').pipe(
    z.number().nonnegative({ error: 'footprint.invalid' }).max(INT32_MAX, { error: 'footprint.invalid' }),
  ),
  time: formInt('footprint.invalid').pipe(
    z.number().positive({ error: 'footprint.invalid' }).max(INT32_MAX, { error: 'footprint.invalid' }),
  ),
});

/** SPEC §3 footprint record; `key` is `userId_stockId_date` (date in Asia/Shanghai), one per stock per day. */
export const ZFootprint = z.object({
  id: z.number(),
  isSyn: z.union([z.literal(0), z.literal(1)]),
  sortId: z.number(),
  stockId: z.number(),
  time: z.number(),
  userId: z.number(),
  key: z.string(),
});
export type TFootprint = z.infer<typeof ZFootprint>;

/** `foot/save_foots`: data is a JSON list of footprints. */
export const ZSaveFootsRequest = z.object({
  data: jsonText(
    z
      .array(ZFootprintInput, { error: 'footprint.invalid' })
      .max(MAX_FOOTPRINTS_PER_UPLOAD, { error: 'footprint.invalid' }),
  ),
});
/** `foot/change_syn`: data is a JSON list of footprint ids now held by the client. */
export const ZChangeSynRequest = z.object({
  data: jsonText(
    z
      .array(z.number({ error: 'footprint.invalid' }).int().positive(), { error: 'footprint.invalid' })
      .max(MAX_FOOTPRINTS_PER_UPLOAD),
  ),
});
/** `foot/del_foot`: key is a comma list of footprint keys. */
export const ZDelFootRequest = z.object({
  key: z
    .string({ error: 'footprint.invalid' })
    .transform((value) =>
      value
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.string().regex(/^\d+_\d+_\d{4}-\d{2}-\d{2}$/, { error: 'footprint.invalid' }))
        .min(1, { error: 'footprint.invalid' })
        .max(MAX_FOOTPRINTS_PER_UPLOAD),
    ),
});
/** `foot/get_notsyn` answers the list as JSON text, as the app expects. */
export const ZNotSynResponse = z.object({ footList: z.string() });
