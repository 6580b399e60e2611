import { z } from 'zod';
import type { Permission } from './staff/permissions';

/**
 * The features of DESIGN.md's list that have calls today, one name per concept on every side (shared
 * folders, server modules, web features, OpenAPI tags), plus the platform services that answer calls
 * of their own: `calendar` (the trading calendar), `files` (uploads) and `maps` (place search).
 */
export const FEATURES = [
  'accounts',
  'companies',
  'markets',
  'forecasts',
  'stocks',
  'stock-search',
  'stock-manager',
  'capacities',
  'shops',
  'albums',
  'footprints',
  'nearby',
  'inquiries',
  'agent-buys',
  'check-prices',
  'quick-buys',
  'chat',
  'contacts',
  'notices',
  'push',
  'visitors',
  'verification',
  'memberships',
  'payments',
  'staff',
  'orders',
  'addresses',
  'cart',
  'operators',
  'calendar',
  'files',
  'maps',
] as const;
export type Feature = (typeof FEATURES)[number];

/**
 * The contract of one `.htmls` call: its path (without the leading slash and suffix), who may call
 * it, and the shapes of its fields and of its answer's `data`. The server registers handlers against
 * these, the web client calls through them, and the OpenAPI document is made from them.
 */
export interface CallContract<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  path: string;
  /**
   * 'visitor': anyone; 'user': a logged-in user (codeFlag 1 otherwise); 'operator': an operator (codeFlag 3
   * for other users); 'admin': an operator with the admin role — what moves money (refunds, confirming a
   * transfer, prices), which customer-service operators may look at but not do.
   */
  auth: 'visitor' | 'user' | 'operator' | 'admin';
  /**
   * The company permission an employee needs for this call (staff/permissions.ts); the owner and the
   * authorized employee hold every one. Calls without one are open to every member of the company.
   */
  permission?: Permission;
  feature: Feature;
  summary: string;
  request: Req;
  response: Res;
  /** The call travels as multipart/form-data with its files in field `file`; `request` holds the other fields. */
  multipart?: true;
}

/**
 * A call named by its path alone, typed by its contract: `const quotes: CallPath<typeof Calls.quotes> =
 * { path: 'market/quotes' }`. The client sends a call by its path and validates nothing (the server
 * does), so code on the start-up path calls through one of these with a type-only import of `Calls`
 * and does not download every contract and zod with it. A test holds each path equal to its contract's.
 */
export interface CallPath<C extends CallContract> {
  readonly path: string;
  /** Never set: it only carries the contract's type. */
  readonly contract?: C;
}

export const contract = <Req extends z.ZodType, Res extends z.ZodType>(c: CallContract<Req, Res>) => c;

/** The answer of a call that has no data. */
export const ZNull = z.null();

export type CallRequest<C extends CallContract> = z.input<C['request']>;
export type CallResponse<C extends CallContract> = z.output<C['response']>;
