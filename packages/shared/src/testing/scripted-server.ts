import type { CallContract, CallResponse } from '../calls';
import { CodeFlag, type CodeFlagValue } from '../constants';

/**
 * A `.htmls` server scripted call by call, for the web app's and the console's page tests. Each answer is
 * typed by its call's contract, so a fixture that no longer matches what the server sends fails to compile.
 */

declare const scripted: unique symbol;

/** A success envelope carrying the call's `data`; made by `ok`. */
export interface Success<T> {
  readonly [scripted]: 'success';
  codeFlag: typeof CodeFlag.ok;
  mesg: string;
  data: T;
}

/**
 * A failure envelope; made by `fail`. Its `data` stays out of the type: were it here, every `ok(…)` beside
 * it would lose the contract's field types as context (TypeScript infers `ok`'s data from both).
 */
export interface Failure {
  readonly [scripted]: 'failure';
  codeFlag: Exclude<CodeFlagValue, typeof CodeFlag.ok>;
  mesg: string;
}

/** What the server may answer call `C` with. */
export type Answer<C extends CallContract> = Success<CallResponse<C>> | Failure;

/** A success envelope. */
export const ok = <T>(data: T) => ({ codeFlag: CodeFlag.ok, mesg: '', data }) as Success<T>;

/** A failure envelope: `errors` names the invalid fields, `data` is what a few failures carry (a captcha needed, refused ids). */
export const fail = (
  codeFlag: Failure['codeFlag'],
  mesg: string,
  more: { errors?: Record<string, string>; data?: unknown } = {},
) => ({ codeFlag, mesg, ...more }) as unknown as Failure;

/** The part of a vitest `fetch` mock the scripted server drives. */
interface FetchMock {
  mockImplementation(implementation: typeof fetch): unknown;
  mock: { calls: Parameters<typeof fetch>[] };
}

export interface ScriptedServer {
  /**
   * Answers `call` with `answers` in turn, the last one repeating, in place of what it answered before.
   * A call not served answers a success with `data` null.
   */
  serve<C extends CallContract>(call: C, ...answers: [Answer<C>, ...Answer<C>[]]): void;
  /** The fields the page sent to `call`, one record per request, oldest first. */
  calls(call: CallContract): Record<string, string>[];
  /**
   * Forgets every served answer and answers the fetch mock from here again (before each test). A test
   * may wrap the mock's implementation afterwards (`getMockImplementation`); serving more keeps the wrap.
   */
  install(): void;
}

const pathOf = (url: unknown) =>
  String(url)
    .replace(/^\//, '')
    .replace(/\.htmls$/, '');

export function createScriptedServer(fetchMock: FetchMock): ScriptedServer {
  const answers = new Map<string, unknown[]>();
  const respond: typeof fetch = async (url) => {
    const list = answers.get(pathOf(url)) ?? [ok(null)];
    const body = list.length > 1 ? list.shift() : list[0];
    return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
  };
  return {
    serve(call, ...list) {
      answers.set(call.path, list);
    },
    calls(call) {
      return fetchMock.mock.calls
        .filter(([url]) => String(url) === `/${call.path}.htmls`)
        .map(([, init]) => Object.fromEntries(new URLSearchParams(String(init?.body))));
    },
    install() {
      answers.clear();
      fetchMock.mockImplementation(respond);
    },
  };
}
