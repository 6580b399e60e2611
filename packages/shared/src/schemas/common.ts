import { z } from 'zod';
import { LANGUAGES, PLATFORM_VALUES } from '../constants';
import { MOBILE_PATTERN } from '../helpers/phone';

/**
 * Form bodies carry every value as text, and lists/objects as JSON text in one field (PROTOCOL.md).
 * These helpers accept both the form spelling and the JSON spelling of a value. Their input types
 * are what a client hands to the API client (numbers, flags, lists and objects as values), since
 * `encodeForm` spells them for the form; so a client cannot pass a list where a number belongs, nor
 * JSON text it encoded by hand. Error messages are message keys (messages.ts), localized where they
 * are shown.
 */
export const formInt = (message: string = 'common.pleaseEnterNumbers') =>
  z.preprocess(
    (value: number | string) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z.number({ error: message }).int({ error: message }),
  );

/** What a client hands over for a 0/1 flag; the form carries '0', '1', 'true' or 'false'. */
export type FormFlag = 0 | 1 | boolean;

/** The flag a form spelling stands for: '0', '1', 0, 1, true, false (anything else is left to fail). */
const flagFromForm = (value: unknown) =>
  value === true || value === 'true' || value === '1'
    ? 1
    : value === false || value === 'false' || value === '0'
      ? 0
      : value;

/** 0/1 flags: '0', '1', 0, 1, true, false. */
export const formFlag = (message: string = 'common.invalidInput') =>
  z.preprocess((value: FormFlag) => flagFromForm(value), z.union([z.literal(0), z.literal(1)], { error: message }));

/** A field whose value is JSON text (or, in a JSON body, the value itself). */
export const jsonText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value: z.input<T>, ctx) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'common.invalidJson', input: value });
      return z.NEVER;
    }
  }, schema);

export const mobile = () =>
  z.string({ error: 'phone.invalid' }).trim().regex(MOBILE_PATTERN, { error: 'phone.invalid' });

/** Parameters every call carries (PROTOCOL.md); they are read by the protocol layer, not by the call. */
export const ZCommonParams = z.object({
  session_id: z.string().max(128).optional(),
  platform: formInt()
    .pipe(z.union(PLATFORM_VALUES.map((v) => z.literal(v))))
    .optional(),
  openId: z.string().max(128).optional(),
  lang: z.enum(LANGUAGES).optional(),
});
export type TCommonParams = z.infer<typeof ZCommonParams>;

/** A call that takes no fields of its own. */
export const ZEmptyRequest = z.object({});
