import { CodeFlag } from '@metal/shared';
import { type APIRequestContext, type Browser, devices, expect, type Page, test } from '@playwright/test';

// What the e2e specs share: the app's calls as the web app sends them, the server's clock, phones and the
// console in browser contexts of their own, and whole accounts set up through the app's own calls.

interface Envelope<T> {
  codeFlag: number;
  mesg: string;
  data: T;
}

/** A `.htmls` call as the web app sends it (form body with the common parameters); it must succeed. */
export async function call<T>(request: APIRequestContext, path: string, fields: Record<string, string>, session = '') {
  const response = await request.post(`/${path}.htmls`, {
    form: { ...fields, session_id: session, platform: '5', openId: '', lang: 'zh-CN' },
  });
  const body = (await response.json()) as Envelope<T>;
  expect(body.codeFlag, `${path}: ${body.mesg}`).toBe(CodeFlag.ok);
  return body.data;
}

/** The server's clock, read from an answer that carries it. */
export class ServerTime {
  private readonly offsetMs: number;
  /** `shanghaiTime` is a 'YYYY-MM-DD HH:mm:ss' time in Asia/Shanghai that the server answered just now. */
  constructor(shanghaiTime: string) {
    this.offsetMs = Date.parse(`${shanghaiTime.replace(' ', 'T')}+08:00`) - Date.now();
  }
  now(): number {
    return Date.now() + this.offsetMs;
  }
}

/** The session user the login calls answer with, as the web app stores it. */
export interface SessionUser {
  account: string;
  rootId: number;
  userId: number;
  sessionId: string;
  lastLoginDate: string;
}

/**
 * An SMS-code login over the API (the sandbox answers with the code), e.g. for a demo account. When
 * the phone had a code moments ago (another spec logged the same account in), it asks again once the
 * resend interval the server names has passed, as a person would.
 */
export async function logInByCode(request: APIRequestContext, phone: string) {
  const form = { phone, purpose: 'login', session_id: '', platform: '5', openId: '', lang: 'zh-CN' };
  let sent = (await (await request.post('/user/send_code.htmls', { form })).json()) as Envelope<{ code: string }>;
  // The phone asked for a code within the resend interval.
  if (sent.codeFlag === CodeFlag.tooManyRequests) {
    const seconds = Number(/(\d+)/.exec(sent.mesg)?.[1] ?? 60);
    await new Promise((resolve) => setTimeout(resolve, (seconds + 1) * 1000));
    sent = (await (await request.post('/user/send_code.htmls', { form })).json()) as Envelope<{ code: string }>;
  }
  expect(sent.codeFlag, `user/send_code: ${sent.mesg}`).toBe(CodeFlag.ok);
  return call<SessionUser>(request, 'user/login_code', { phone, code: sent.data.code });
}

/** The demo operator's console session (SMS-code login over the API) and the server's time, which the login answers with. */
export async function operatorLogin(request: APIRequestContext, phone = '13800000009') {
  const login = await logInByCode(request, phone);
  const identity = await call<Record<string, unknown>>(request, 'console/whoami', {}, login.sessionId);
  return { session: { ...identity, sessionId: login.sessionId }, serverTime: new ServerTime(login.lastLoginDate) };
}

/** The console at a desktop size, its clock the server's, with the operator's session stored where the console keeps it. */
export async function operatorConsole(browser: Browser, serverTime: ServerTime, session: Record<string, unknown>) {
  const context = await browser.newContext({ ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } });
  await context.clock.setSystemTime(serverTime.now());
  await context.addInitScript((stored) => {
    localStorage.setItem('metal.console.session', JSON.stringify(stored));
  }, session);
  const page = await context.newPage();
  await page.goto('/console/');
  await expect(page.getByTestId('operator')).toBeVisible();
  return page;
}

/** A phone of its own (a browser context at the configured phone size), its clock the server's, past the privacy consent. */
export async function newPhone(browser: Browser, serverTime: ServerTime, session?: unknown): Promise<Page> {
  const context = await browser.newContext();
  await context.clock.setSystemTime(serverTime.now());
  await context.addInitScript((stored) => {
    localStorage.setItem('metal.privacyAgreed', '1');
    if (stored && !localStorage.getItem('metal.session')) localStorage.setItem('metal.session', JSON.stringify(stored));
  }, session ?? null);
  return context.newPage();
}

/** A screenshot kept with the test's results. */
export const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`) });

/** A 1×1 PNG, standing for a photographed business licence. */
export const LICENCE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
);

/** An 18-digit identity number with its GB 11643 check character (the sandbox matches sequences below 998). */
export function identityNumber(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((total, digit, i) => total + Number(digit) * weights[i]!, 0);
  return first17 + '10X98765432'[sum % 11];
}

/** Registers a user through the app's own calls (the sandbox SMS code comes back in the answer). */
export async function register(request: APIRequestContext, phone: string) {
  const { code } = await call<{ code: string }>(request, 'user/send_code', { phone, purpose: 'register' });
  return call<SessionUser>(request, 'user/register', {
    phone,
    code,
    password: 'abc12345',
    password2: 'abc12345',
    agree: '1',
  });
}

/** `upload/file` of the licence picture as the web app sends it; answers the file id. */
export async function uploadLicence(request: APIRequestContext, session: string) {
  const query = new URLSearchParams({ session_id: session, platform: '5', openId: '', lang: 'zh-CN', kind: 'licence' });
  const response = await request.post(`/upload/file.htmls?${query}`, {
    multipart: { file: { name: 'licence.png', mimeType: 'image/png', buffer: LICENCE_PNG } },
  });
  const body = (await response.json()) as Envelope<{ id: number }[]>;
  expect(body.codeFlag, `upload/file: ${body.mesg}`).toBe(CodeFlag.ok);
  return String(body.data[0]!.id);
}

interface CompanyPlace {
  province: string;
  city: string;
  district: string;
}

/**
 * A new account with complete company info (name, business model, contact, address from the region
 * table), set up through the app's own calls. With `supplier`, it also has an approved business
 * licence (the operator approves it) and a verified real person (the sandbox provider): all quoting needs.
 */
export async function companyAccount(
  request: APIRequestContext,
  options: {
    phone: string;
    companyName: string;
    place: CompanyPlace;
    supplier?: { operatorSession: string; realName: string; identitySequence: string };
  },
) {
  const user = await register(request, options.phone);
  const session = user.sessionId;
  await call(request, 'user_center/compay_info/set_name', { name: options.companyName }, session);
  await call(
    request,
    'user_center/compay_info/save',
    { businessModel: options.supplier ? 'producer' : 'buyer', buyProducts: '[13]', sellProducts: '[13]' },
    session,
  );
  await call(request, 'user_center/compay_info/save_link', { linkName: '刘经理', linkPhone: options.phone }, session);
  await call(request, 'user_center/compay_info/save_address', { ...options.place, detail: '工业大道1号' }, session);
  if (options.supplier) {
    const { operatorSession, realName, identitySequence } = options.supplier;
    const fileId = await uploadLicence(request, session);
    await call(request, 'user_center/licence/submit', { fileId }, session);
    const waiting = await call<{ id: number; rootId: number; submittedAt: string }[]>(
      request,
      'console/licence/list',
      {},
      operatorSession,
    );
    const licence = waiting.find((item) => item.rootId === user.rootId);
    expect(licence, 'the licence waits for review').toBeTruthy();
    // The operator names the version the queue showed, as the console does.
    await call(
      request,
      'console/licence/review',
      { id: String(licence!.id), approve: '1', submittedAt: licence!.submittedAt },
      operatorSession,
    );
    await call(
      request,
      'verify/submit',
      { realName, idNumber: identityNumber(`41018119850312${identitySequence}1`) },
      session,
    );
  }
  return user;
}
