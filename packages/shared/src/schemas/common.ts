import { z } from 'zod';
import { LANGUAGES, PLATFORM_VALUES } from '../constants';
import { isCalendarDate } from '../helpers/calendar';
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

/**
 * Ids must fit the column they name, or PostgreSQL answers "out of range" as a fault. Users (and so
 * company root ids), categories, series, market groups and contact groups are `serial` (integer)
 * columns; every other record id is `bigserial`, handed out as a JS number and so exact up to 2^53 - 1.
 */
export const INT_ID_MAX = 2_147_483_647;
export const BIGINT_ID_MAX = Number.MAX_SAFE_INTEGER;

const positiveIdUpTo =
  (max: number) =>
  (message: string = 'common.invalidInput') =>
    formInt(message).pipe(z.number().int({ error: message }).positive({ error: message }).max(max, { error: message }));
/** The id of a row of an integer (serial) column: a user, a company (its owner's user id), a category, a series, a group. */
export const intId = positiveIdUpTo(INT_ID_MAX);
/** The id of a row of a bigserial column: a listing, an inquiry, a file, a message, a notice… */
export const bigintId = positiveIdUpTo(BIGINT_ID_MAX);

/** A day as YYYY-MM-DD that exists on the calendar (no 2026-02-30), so it can be stored and compared as a date. */
export const calendarDate = (message: string) =>
  z.string({ error: message }).trim().refine(isCalendarDate, { error: message });
/** A calendar day as calendarDate, or '' for none (optional date fields of a form). */
export const calendarDateOrEmpty = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((value) => value === '' || isCalendarDate(value), { error: message });

/** An ISO date-time with its offset, e.g. 2026-11-25T17:00:00+08:00 (a deadline is a moment), as a Date. */
export const moment = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .refine((value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value), {
      error: message,
    })
    // Date rolls 02-30 over into March; the day written must exist.
    .refine((value) => isCalendarDate(value.slice(0, 10)), { error: message })
    .transform((value) => new Date(value))
    .refine((date) => !Number.isNaN(date.getTime()), { error: message });

/**
 * Characters no text may carry: NUL, which PostgreSQL refuses in text and JSON (a fault, not an
 * answer), and UTF-16 surrogates that are not part of a pair, which cannot be encoded as UTF-8 and
 * would be stored silently changed into U+FFFD. Nobody types either; they come from broken or hostile
 * clients, so a request carrying them is refused rather than cleaned: cleaning would store something
 * other than what was sent, and make two different inputs (a name with and without a NUL) the same.
 */
const UNPAIRED_SURROGATE = /\p{Cs}/u;

export const isStorableText = (text: string) => !text.includes('\u0000') && !UNPAIRED_SURROGATE.test(text);

/**
 * The path of the first string in a request's parsed fields (at any depth: JSON-text fields arrive
 * parsed) that carries a character no text may carry; undefined when all can be stored.
 */
export function findUnstorableText(value: unknown, path: (string | number)[] = []): (string | number)[] | undefined {
  if (typeof value === 'string') return isStorableText(value) ? undefined : path;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnstorableText(item, [...path, index]);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [key, item] of Object.entries(value)) {
      const found = findUnstorableText(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * The `data` of a codeFlag 6 (too many requests) envelope: how many whole seconds until the caller
 * may try again (a rate limit's window, an SMS resend wait, a login or verification lockout), so a
 * client can say "try again in N minutes" instead of a bare "too frequent". Other fields may travel
 * beside it (a verification lockout also carries the person's verification status).
 */
export const ZTooManyRequestsData = z.looseObject({ retryAfter: z.number().int().positive() });
export type TTooManyRequestsData = z.infer<typeof ZTooManyRequestsData>;

/** Whole seconds from `now` until `until`, at least 1 (a wait that has just ended still says "1 s"). */
export function secondsUntil(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
}
