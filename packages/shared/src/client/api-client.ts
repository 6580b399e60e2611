import type { CallContract, CallPath, CallRequest, CallResponse } from '../calls';
import { CodeFlag, type Language, NETWORK_TIMEOUT_MS, type PlatformValue } from '../constants';
import { TRANSPORT_MESSAGES } from '../messages-transport';

/**
 * The one client side of the `.htmls` protocol (PROTOCOL.md), shared by the web app and the operators'
 * console: common parameters, the envelope, typed errors, SPEC §7's control flags and the in-memory
 * cache. It knows no UI: each app says where its session and language come from and how it reacts
 * (a toast or a message, its own login page).
 */

/** codeFlag of a call that never got an envelope back (offline, time-out, a transport fault). */
export const NETWORK_CODE_FLAG = -1;

/** A call that did not succeed: the envelope's codeFlag and mesg, and `errors` (field → message) for invalid input. */
export class ApiError extends Error {
  readonly codeFlag: number;
  readonly mesg: string;
  readonly errors: Record<string, string> | undefined;
  readonly data: unknown;

  constructor(codeFlag: number, mesg: string, errors?: Record<string, string>, data?: unknown) {
    super(mesg || `codeFlag ${codeFlag}`);
    this.name = 'ApiError';
    this.codeFlag = codeFlag;
    this.mesg = mesg;
    this.errors = errors;
    this.data = data;
  }

  get isNetwork(): boolean {
    return this.codeFlag === NETWORK_CODE_FLAG;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** SPEC §7's control flags of a call. */
export interface CallOptions {
  /** When the server answers codeFlag 1, go to the app's login. Default true. */
  needLogin?: boolean;
  /** Show the app's loading indicator while the call runs. */
  showLoading?: boolean;
  loadingTitle?: string;
  /** Keep a successful answer this many seconds in memory, keyed by path and payload. */
  cacheTime?: number;
  /** codeFlags the caller shows in its own page (a locked card, say), so no failure message for them. */
  quietCodeFlags?: readonly number[];
  /** Send this session instead of the app's stored one (to check a fresh login before keeping it). */
  sessionId?: string;
  signal?: AbortSignal;
}

/** What an app plugs into the client: where the session and language come from, and its UI reactions. */
export interface ApiClientHooks {
  platform: PlatformValue;
  getSessionId: () => string;
  getLanguage: () => Language;
  /**
   * codeFlag 1: the stored session is no longer valid whatever the caller wanted (the client has
   * already dropped its cache); `needLogin` says whether the caller wants the app's login shown.
   */
  onNotLoggedIn: (needLogin: boolean) => void;
  /**
   * Any other failure the caller did not quieten: show the server's localized mesg (the failure beside
   * it, for an app that words some codeFlags itself, such as the wait of a codeFlag 6).
   */
  onFail: (mesg: string, failure: ApiError) => void;
  showLoading?: (title: string | undefined) => void;
  hideLoading?: () => void;
  /**
   * An answer to exactly this request (`url`, form `body`) already on its way, asked before the app's
   * code arrived (the web app's deep-link script): it is used instead of asking again, once.
   */
  takePrefetched?: (url: string, body: string) => Promise<Response> | undefined;
}

export interface ApiClient {
  /**
   * Calls `POST /<path>.htmls` as PROTOCOL.md says: form-encoded, with the common parameters. Resolves
   * with `data` on codeFlag 0; otherwise rejects with an ApiError after doing what SPEC §8 asks
   * (codeFlag 1: forget the session and go to login; others: show mesg; no envelope: logged only).
   */
  call<C extends CallContract>(
    contract: C | CallPath<C>,
    input: CallRequest<C>,
    options?: CallOptions,
  ): Promise<CallResponse<C>>;
  clearCache(): void;
  /**
   * What SPEC §8 asks of every answer, calls and uploads alike: `data` on codeFlag 0; otherwise an
   * ApiError after codeFlag 1 has gone to the app's reaction (and its login when `needLogin`), or any
   * other codeFlag has shown its mesg (unless the caller shows it itself).
   */
  settle<T>(envelope: Envelope, options: Pick<CallOptions, 'needLogin' | 'quietCodeFlags'>, lang: Language): T;
}

export interface Envelope {
  codeFlag: number;
  mesg?: string;
  data?: unknown;
  errors?: Record<string, string>;
}

export function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && typeof (value as Envelope).codeFlag === 'number';
}

/**
 * PROTOCOL.md: every value as text; lists and objects as JSON text in one field. Absent values are
 * left out rather than sent as 'undefined'.
 */
export function encodeForm(input: Record<string, unknown>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null) continue;
    body.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return body;
}

export function createApiClient(hooks: ApiClientHooks): ApiClient {
  /** Successful answers kept for `cacheTime`; keyed by path and the whole payload (session and language included). */
  const cache = new Map<string, { expires: number; data: unknown }>();

  async function call<C extends CallContract>(
    contract: C | CallPath<C>,
    input: CallRequest<C>,
    options: CallOptions = {},
  ): Promise<CallResponse<C>> {
    const { cacheTime = 0 } = options;
    const lang = hooks.getLanguage();
    const body = encodeForm({
      ...(input as Record<string, unknown>),
      session_id: options.sessionId ?? hooks.getSessionId(),
      platform: hooks.platform,
      openId: '',
      lang,
    });
    const url = `/${contract.path}.htmls`;
    const cacheKey = `${contract.path}?${body.toString()}`;

    if (cacheTime > 0) {
      const hit = cache.get(cacheKey);
      if (hit && hit.expires > Date.now()) return hit.data as CallResponse<C>;
      if (hit) cache.delete(cacheKey);
    }

    if (options.showLoading) hooks.showLoading?.(options.loadingTitle);
    let envelope: Envelope;
    try {
      envelope = await send(url, body, options.signal, lang, hooks.takePrefetched?.(url, body.toString()));
    } finally {
      if (options.showLoading) hooks.hideLoading?.();
    }

    const data = settle<CallResponse<C>>(envelope, options, lang);
    if (cacheTime > 0) cache.set(cacheKey, { expires: Date.now() + cacheTime * 1000, data });
    return data;
  }

  function settle<T>(
    envelope: Envelope,
    options: Pick<CallOptions, 'needLogin' | 'quietCodeFlags'>,
    lang: Language,
  ): T {
    if (envelope.codeFlag === CodeFlag.ok) return envelope.data as T;
    const mesg = envelope.mesg ?? '';
    const failure = new ApiError(envelope.codeFlag, mesg, envelope.errors, envelope.data);
    if (envelope.codeFlag === CodeFlag.notLoggedIn) {
      cache.clear();
      hooks.onNotLoggedIn(options.needLogin ?? true);
    } else if (!options.quietCodeFlags?.includes(envelope.codeFlag)) {
      hooks.onFail(mesg || TRANSPORT_MESSAGES['common.serverFault'][lang], failure);
    }
    throw failure;
  }

  return { call, settle, clearCache: () => cache.clear() };
}

async function send(
  url: string,
  body: URLSearchParams,
  signal: AbortSignal | undefined,
  lang: Language,
  prefetched: Promise<Response> | undefined,
) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('timed out', 'TimeoutError')), NETWORK_TIMEOUT_MS);
  const onAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    let response: Response;
    try {
      response = await (prefetched
        ? untilAborted(prefetched, controller.signal)
        : fetch(url, {
            method: 'POST',
            headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8', Accept: 'application/json' },
            body,
            signal: controller.signal,
            credentials: 'same-origin',
          }));
    } catch (error) {
      if (signal?.aborted) throw error;
      console.warn(`[api] ${url} failed:`, error);
      throw new ApiError(NETWORK_CODE_FLAG, TRANSPORT_MESSAGES['common.networkError'][lang]);
    }
    let json: unknown;
    try {
      // A prefetched answer's fetch has no signal of ours: its body is read under the timeout here.
      json = await (prefetched ? untilAborted(response.json(), controller.signal) : response.json());
    } catch {
      json = undefined;
    }
    if (!isEnvelope(json)) {
      console.warn(`[api] ${url} answered HTTP ${response.status} without an envelope`);
      throw new ApiError(
        NETWORK_CODE_FLAG,
        TRANSPORT_MESSAGES[response.ok ? 'common.serverFault' : 'common.networkError'][lang],
        undefined,
        { status: response.status },
      );
    }
    return json;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/** `promise`, or its rejection with the signal's reason once the signal aborts (as fetch with that signal would). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
