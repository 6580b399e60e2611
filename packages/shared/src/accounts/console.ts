import { z } from 'zod';
import { formInt, intId } from '../schemas/common';

/** An account's state: `disabled` accounts cannot log in and nothing they or (for an owner) their company offer is shown. */
export const ACCOUNT_STATES = ['active', 'disabled'] as const;
export type AccountState = (typeof ACCOUNT_STATES)[number];

/** What a takedown took off sale when an account was disabled: a listing kind, restored by kind on enabling. */
export const TAKEDOWN_KINDS = ['stock', 'capacity', 'inquiry'] as const;
export type TakedownKind = (typeof TAKEDOWN_KINDS)[number];

/** An operator's reason for disabling or enabling an account, as the log keeps it. */
export const ACCOUNT_REASON_MAX = 200;
/** The search's words: a phone (or part of one), a company name or a person's name. */
export const CONSOLE_USER_KEYWORD_MAX = 50;
/** Rows per page of the console's account search: 20 unless asked, at most 100. */
export const CONSOLE_USERS_PAGE_SIZE = 20;
export const CONSOLE_USERS_PAGE_SIZE_MAX = 100;
/** Logins the account detail lists, newest first. */
export const CONSOLE_USER_RECENT_LOGINS = 10;

const pageNumber = (max: number) =>
  formInt('common.invalidInput').pipe(
    z.number().int().min(1, { error: 'common.invalidInput' }).max(max, { error: 'common.invalidInput' }),
  );

/** `console/user/search`: accounts whose phone, account, nickname or company name holds the keyword; all when none. */
export const ZConsoleUserSearchRequest = z.object({
  keyword: z.string().trim().max(CONSOLE_USER_KEYWORD_MAX, { error: 'common.invalidInput' }).optional(),
  page: pageNumber(1_000_000).default(1),
  pageSize: pageNumber(CONSOLE_USERS_PAGE_SIZE_MAX).default(CONSOLE_USERS_PAGE_SIZE),
});
export type TConsoleUserSearchRequest = z.input<typeof ZConsoleUserSearchRequest>;

/** One account as the console lists it. */
export const ZConsoleUserRow = z.object({
  userId: z.number(),
  account: z.string(),
  phone: z.string(),
  nickName: z.string(),
  rootId: z.number(),
  /** `owner`: the company's root user; `employee`: a colleague sharing the owner's rootId. */
  role: z.enum(['owner', 'employee']),
  /** '' when the company has no approved name yet. */
  companyName: z.string(),
  state: z.enum(ACCOUNT_STATES),
  isDemo: z.boolean(),
  /** An operator account (never disabled from the console). */
  isOperator: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type TConsoleUserRow = z.infer<typeof ZConsoleUserRow>;

export const ZConsoleUserPage = z.object({
  list: z.array(ZConsoleUserRow),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type TConsoleUserPage = z.infer<typeof ZConsoleUserPage>;

export const ZConsoleUserRequest = z.object({ userId: intId('common.invalidInput') });
export type TConsoleUserRequest = z.input<typeof ZConsoleUserRequest>;

const reason = z
  .string({ error: 'account.reasonRequired' })
  .trim()
  .min(1, { error: 'account.reasonRequired' })
  .max(ACCOUNT_REASON_MAX, { error: 'account.reasonTooLong' });

/** `console/user/disable` and `console/user/enable`: the account and the operator's reason (required both ways). */
export const ZConsoleUserStateRequest = z.object({ userId: intId('common.invalidInput'), reason });
export type TConsoleUserStateRequest = z.input<typeof ZConsoleUserStateRequest>;

const ZListingCounts = z.object({ stock: z.number(), capacity: z.number(), inquiry: z.number() });

/** `console/user/detail`: the account, its company and role, its state and history, listings and recent logins. */
export const ZConsoleUserDetail = ZConsoleUserRow.extend({
  /** Public listings now: stock on sale, passed capacities, open inquiries (the company's, for an owner; their own, for an employee). */
  listings: ZListingCounts,
  /** Listings the disabling took off sale that enabling will put back. */
  takenDown: ZListingCounts,
  /** Colleagues sharing the company (an owner's employees, or an employee's owner and colleagues), besides this account. */
  colleagues: z.number(),
  recentLogins: z.array(z.object({ at: z.string(), platform: z.number() })),
  /** Every state change, newest first: who (an operator) and why. */
  history: z.array(
    z.object({
      at: z.string(),
      state: z.enum(ACCOUNT_STATES),
      reason: z.string(),
      operator: z.object({ userId: z.number(), account: z.string(), name: z.string() }),
      /** Listings taken down (disable) or put back (enable) by the change. */
      listings: z.number(),
    }),
  ),
});
export type TConsoleUserDetail = z.infer<typeof ZConsoleUserDetail>;
