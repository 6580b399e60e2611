import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type CallContract,
  type CallRequest,
  type CallResponse,
  Calls,
  CodeFlag,
  PERMISSIONS,
  type Permission,
  Platform,
  SMS_DAILY_CAP_PER_IP,
  type TUploadedFile,
  validateIdNumber,
} from '@metal/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { hashPassword } from '../src/modules/accounts/accounts.crypto';
import { createSession } from '../src/modules/accounts/accounts.service';
import { users } from '../src/modules/accounts/accounts.table';
import { companies } from '../src/modules/companies/companies.table';
import { MODULES, type ServerModuleOverrides } from '../src/modules/index';
import { sorts } from '../src/modules/markets/markets.table';
import { staffMemberRoles, staffMembers, staffRoles } from '../src/modules/staff/staff.table';
import { stockSearchVector } from '../src/modules/stocks/stocks.search';
import { stocks } from '../src/modules/stocks/stocks.table';
import { manualClock } from '../src/platform/clock';
// Factories write behind the calls' backs, then say so as the services do, and wait until it is heard.
import { answerAfterOwnEvents, publishOnCommit } from '../src/platform/delivery';
import type { IdentityProvider } from '../src/platform/identity';
import { newKeys } from '../src/platform/keys';
import { loggerOptions } from '../src/platform/log';
import { withOverrides } from '../src/platform/module';
import type { SandboxTiming } from '../src/platform/payments-sandbox';
import { SandboxPush } from '../src/platform/push';
import { SandboxSms } from '../src/platform/sms';
import { LocalStorage } from '../src/platform/storage';
import { openTestDatabase } from './database';
import { plainImage } from './images';

export interface CallOptions {
  session?: string;
  lang?: string;
  ip?: string;
  headers?: Record<string, string>;
  /** Send the fields as JSON instead of a form. */
  json?: boolean;
}

/** A call's fields, optional only when the contract requires none. */
type CallArguments<C extends CallContract> =
  Record<string, never> extends CallRequest<C>
    ? [fields?: CallRequest<C>, options?: CallOptions]
    : [fields: CallRequest<C>, options?: CallOptions];

export interface Envelope<T = unknown> {
  codeFlag: number;
  mesg: string;
  data?: T;
  errors?: Record<string, string>;
}

const DEFAULT_START = new Date('2026-11-20T02:00:00Z');

/** A file part of a multipart upload. */
export interface UploadFile {
  name: string;
  data: Buffer;
  /** What the client claims; the server decides by content. */
  contentType?: string;
  /** The form field (PROTOCOL.md: `file`). */
  field?: string;
}

/** A multipart/form-data body of text fields and files. */
export function multipartBody(fields: Record<string, string>, files: UploadFile[]) {
  const boundary = `----metal${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function buildTestApp(
  overrides: {
    smsSandbox?: boolean;
    identity?: IdentityProvider;
    /**
     * Tests change accounts straight in the database (a role taken away, an account disabled), which
     * a session held in memory would not see for this long; so sessions are read at every call unless
     * a test (or a bench) means to hold them.
     */
    sessionCacheSeconds?: number;
    /**
     * Profiles are held (as in production) unless a test means to read them at every call, so every
     * test that changes what `user/info` shows through a call also proves the change reaches the cache.
     */
    profileCacheSeconds?: number;
    /** Per-IP calls a minute (10,000 unless given): a load test from one address needs more. */
    rateLimitPerMinute?: number;
    /** SMS codes one address may be sent a day (SMS_DAILY_CAP_PER_IP's default unless given). */
    smsDailyCapPerIp?: number;
    /** Where the server's log goes (at level info, as in production); without it, nothing is logged. */
    logStream?: NodeJS.WritableStream;
    /** Parts of modules to swap, e.g. `{ stocks: { listingCounts: { stock: … } } }`. */
    modules?: ServerModuleOverrides;
    /** Whether the sandbox cashier takes payments (PAY_SANDBOX); it does unless a test says not. */
    sandboxPayments?: boolean;
    /** When the payment sandbox notifies; immediately (and retried at once) unless given. */
    paymentSandboxTiming?: SandboxTiming;
  } = {},
) {
  const database = await openTestDatabase();
  const clock = manualClock(DEFAULT_START);
  const sms = new SandboxSms({ info: () => {} });
  const push = new SandboxPush();
  const config = {
    ...loadConfig({ LOG_LEVEL: 'silent' }, []),
    smsSandbox: overrides.smsSandbox ?? true,
    rateLimitPerMinute: overrides.rateLimitPerMinute ?? 10_000,
    smsDailyCapPerIp: overrides.smsDailyCapPerIp ?? SMS_DAILY_CAP_PER_IP,
    sessionCacheSeconds: overrides.sessionCacheSeconds ?? 0,
    profileCacheSeconds: overrides.profileCacheSeconds ?? 3600,
  };
  // The sandbox cashier takes payments in tests, as SMS codes come back (PAY_SANDBOX=1, SMS_SANDBOX=1).
  config.payments = { ...config.payments, sandboxPayable: overrides.sandboxPayments ?? true };
  const keys = newKeys();
  const storageRoot = mkdtempSync(join(tmpdir(), 'metal-files-'));
  const storage = new LocalStorage(storageRoot);
  const app = await buildApp({
    config,
    db: database.db,
    sms,
    clock,
    keys,
    storage,
    modules: withOverrides(MODULES, overrides.modules),
    push,
    paymentSandboxTiming: overrides.paymentSandboxTiming ?? { firstMs: 0, duplicateMs: 0, retryMs: [0, 0, 0] },
    logger: overrides.logStream ? loggerOptions('info', overrides.logStream) : false,
    ...(overrides.identity ? { identity: overrides.identity } : {}),
  });
  await app.ready();

  let ipCounter = 0;
  /** Each call comes from its own address unless one is given, so per-IP limits only bite when a test means them to. */
  const nextIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

  /**
   * `POST /<path>.htmls` with fields the contract's request types, as a client sends them (objects
   * and lists as JSON text in a form, or a JSON body); answers the envelope typed by its response.
   */
  async function call<C extends CallContract>(contract: C, ...[fields, options]: CallArguments<C>) {
    // A field typed `undefined` is one the client leaves out, as a form would; not the text "undefined".
    const sent = Object.fromEntries(Object.entries(fields ?? {}).filter(([, value]) => value !== undefined));
    return callRaw(contract, sent, options);
  }

  /** Sends fields the contract does not allow (bad-input cases): wrong types, missing or unknown fields. */
  async function callRaw<C extends CallContract>(
    contract: C,
    fields: Record<string, unknown>,
    options: CallOptions = {},
  ) {
    const body: Record<string, unknown> = {
      platform: Platform.web,
      openId: '',
      session_id: options.session ?? '',
      ...fields,
    };
    if (options.lang) body.lang = options.lang;
    const payload = options.json
      ? JSON.stringify(body)
      : new URLSearchParams(
          Object.entries(body).map(([k, v]): [string, string] => [
            k,
            typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v),
          ]),
        ).toString();
    const response = await app.inject({
      method: 'POST',
      url: `/${contract.path}.htmls`,
      payload,
      remoteAddress: options.ip ?? nextIp(),
      headers: {
        'content-type': options.json ? 'application/json' : 'application/x-www-form-urlencoded',
        ...options.headers,
      },
    });
    return {
      status: response.statusCode,
      headers: response.headers,
      body: response.json() as Envelope<CallResponse<C>>,
    };
  }

  /** `POST /upload/file.htmls` as the app sends it: session and kind in the query, files in field `file`. */
  async function upload<T = unknown>(
    files: UploadFile[],
    options: { session?: string; kind?: string; lang?: string; fields?: Record<string, string>; ip?: string } = {},
  ) {
    const query = new URLSearchParams({ session_id: options.session ?? '', platform: String(Platform.web) });
    if (options.kind) query.set('kind', options.kind);
    if (options.lang) query.set('lang', options.lang);
    const body = multipartBody(options.fields ?? {}, files);
    const response = await app.inject({
      method: 'POST',
      url: `/upload/file.htmls?${query}`,
      payload: body.payload,
      remoteAddress: options.ip ?? nextIp(),
      headers: { 'content-type': body.contentType },
    });
    return { status: response.statusCode, body: response.json() as Envelope<T> };
  }

  let phoneCounter = 0;
  const nextPhone = () => `139${String(Date.now() % 10000).padStart(4, '0')}${String(++phoneCounter).padStart(4, '0')}`;

  // A scrypt hash costs about a tenth of a second of CPU and factories build thousands of users: each
  // password is hashed once per test file, and users given the same password share its hash (and salt).
  const passwordHashes = new Map<string, Promise<string>>();
  const hashOnce = (password: string) => {
    const known = passwordHashes.get(password);
    if (known) return known;
    const hash = hashPassword(password);
    passwordHashes.set(password, hash);
    return hash;
  };

  /** A registered user (an owner) with a live session. */
  async function buildUser(options: { phone?: string; password?: string; nickName?: string } = {}) {
    const phone = options.phone ?? nextPhone();
    const password = options.password ?? 'abc12345';
    const [created] = await database.db
      .insert(users)
      .values({
        phone,
        account: phone,
        passwordHash: await hashOnce(password),
        nickName: options.nickName ?? phone,
        rootId: 0,
      })
      .returning();
    if (!created) throw new Error('user not created');
    const [user] = await database.db
      .update(users)
      .set({ rootId: created.id })
      .where(eq(users.id, created.id))
      .returning();
    if (!user) throw new Error('user not updated');
    const session = await createSession({ db: database.db, clock }, { user, platform: Platform.web });
    return { user, phone, password, session: session.sessionId };
  }

  /**
   * A member of staff of the company `owner` owns (rootId is the owner's), with a live session: an
   * employee holding a role with `permissions` (every one unless said), or the authorized employee.
   */
  async function buildEmployee(
    owner: { user: { id: number } },
    options: { permissions?: readonly Permission[]; authorized?: boolean } = {},
  ) {
    const person = await buildUser();
    const [user] = await database.db
      .update(users)
      .set({ rootId: owner.user.id })
      .where(eq(users.id, person.user.id))
      .returning();
    if (!user) throw new Error('employee not updated');
    const now = clock.now();
    await database.db.insert(staffMembers).values({
      userId: user.id,
      rootId: owner.user.id,
      name: user.nickName,
      phone: user.phone,
      authorized: options.authorized ?? false,
      createdAt: now,
      updatedAt: now,
    });
    const permissions = options.permissions ?? PERMISSIONS;
    if (!options.authorized && permissions.length > 0) {
      const [role] = await database.db
        .insert(staffRoles)
        .values({
          rootId: owner.user.id,
          name: `role-${user.id}`,
          permissions: [...permissions],
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!role) throw new Error('role not made');
      await database.db.insert(staffMemberRoles).values({ userId: user.id, roleId: role.id });
    }
    await answerAfterOwnEvents(() => publishOnCommit(database.db, 'profiles.changed', { userId: user.id }));
    const session = await createSession({ db: database.db, clock }, { user, platform: Platform.web });
    return { ...person, user, session: session.sessionId };
  }

  /** An operator (customer service unless said otherwise) with a live session. */
  async function buildOperator(role: 'service' | 'admin' = 'service') {
    const operator = await buildUser();
    await database.db.update(users).set({ operatorRole: role }).where(eq(users.id, operator.user.id));
    return operator;
  }

  /** A company for an owner; complete (passes the company-info gate) unless fields are blanked. */
  async function buildCompany(rootId: number, fields: Partial<typeof companies.$inferInsert> = {}) {
    const [company] = await database.db
      .insert(companies)
      .values({
        rootId,
        name: `测试铝业${rootId}有限公司`,
        businessModel: 'trader',
        linkName: '张三',
        linkPhone: '13800138000',
        province: '广东省',
        city: '佛山市',
        district: '南海区',
        addressDetail: '大沥镇1号',
        ...fields,
      })
      .returning();
    await answerAfterOwnEvents(() => publishOnCommit(database.db, 'profiles.changed', { rootId }));
    return company!;
  }

  /**
   * A stock listing written straight into the table (for sale unless told otherwise), for tests of
   * what reads listings; posting and review have tests of their own through the calls. The company
   * must exist.
   */
  async function buildStock(rootId: number, fields: Partial<typeof stocks.$inferInsert> = {}) {
    const sortId = fields.sortId ?? 13;
    const [sort] = await database.db.select({ name: sorts.name }).from(sorts).where(eq(sorts.id, sortId));
    const text = {
      sortName: sort?.name ?? '',
      productName: fields.productName ?? '铝锭',
      specifications: fields.specifications ?? '',
      properties: fields.properties ?? '',
      brand: fields.brand ?? '',
      manufacturer: fields.manufacturer ?? '',
      province: fields.province ?? '广东省',
      city: fields.city ?? '佛山市',
      district: fields.district ?? '南海区',
    };
    const now = clock.now();
    const [stock] = await database.db
      .insert(stocks)
      .values({
        rootId,
        userId: rootId,
        status: 'sale',
        quantityKg: 30_000,
        pieceWeightKg: 25,
        priceType: 'fixed',
        priceFen: 2_050_000,
        lng: 113.1433,
        lat: 23.0494,
        publishedAt: now,
        refreshedAt: now,
        createdAt: now,
        ...text,
        ...fields,
        sortId,
        searchVector: stockSearchVector(text),
      })
      .returning();
    await answerAfterOwnEvents(() => publishOnCommit(database.db, 'stocks.saved', { stockId: stock!.id }));
    return stock!;
  }

  /** A business licence the owner has just uploaded (SPEC §4: a name change and the licence page send one). */
  async function uploadLicence(session: string) {
    const uploaded = await upload<TUploadedFile[]>([{ name: 'licence.png', data: await plainImage('png') }], {
      session,
      kind: 'licence',
    });
    const file = uploaded.body.data?.[0];
    if (!file) throw new Error(`licence upload failed: ${uploaded.body.mesg}`);
    return file.id;
  }

  /** Approves an owner's business licence as an operator does in the console (the owner's company must exist). */
  async function approveLicence(owner: { session: string; user: { rootId: number } }) {
    const fileId = await uploadLicence(owner.session);
    const submitted = await call(Calls.submitLicence, { fileId }, { session: owner.session });
    if (submitted.body.codeFlag !== CodeFlag.ok) throw new Error(`licence not submitted: ${submitted.body.mesg}`);
    const operator = await buildOperator();
    const queue = await call(Calls.pendingLicences, {}, { session: operator.session });
    const item = queue.body.data?.find((i) => i.rootId === owner.user.rootId);
    if (!item) throw new Error('licence not in the review queue');
    const reviewed = await call(
      Calls.reviewLicence,
      { id: item.id, approve: 1, submittedAt: item.submittedAt },
      { session: operator.session },
    );
    if (reviewed.body.codeFlag !== CodeFlag.ok) throw new Error(`licence not approved: ${reviewed.body.mesg}`);
  }

  let identitySerial = 0;
  /**
   * Verifies a user's real name through the sandbox provider, as face_verify does: each call a fresh
   * 18-digit number (sequences below 998, which the sandbox always matches) with its GB 11643 check character.
   */
  async function verifyRealName(person: { session: string }) {
    const first17 = `44060519850312${String(100 + (++identitySerial % 800)).padStart(3, '0')}`;
    const idNumber = [...'0123456789X']
      .map((c) => first17 + c)
      .find((candidate) => validateIdNumber(candidate, '2099-12-31').ok);
    if (!idNumber) throw new Error(`no valid ID number for ${first17}`);
    const verified = await call(Calls.verificationSubmit, { realName: '张三', idNumber }, { session: person.session });
    if (verified.body.codeFlag !== CodeFlag.ok) throw new Error(`not verified: ${verified.body.mesg}`);
  }

  return {
    app: app as FastifyInstance,
    db: database.db,
    kind: database.kind,
    sms,
    clock,
    keys,
    call,
    callRaw,
    upload,
    storage,
    storageRoot,
    buildUser,
    buildEmployee,
    buildOperator,
    buildCompany,
    buildStock,
    uploadLicence,
    approveLicence,
    verifyRealName,
    nextPhone,
    /** What was pushed (the sandbox push provider), and how it answers. */
    push,
    /** The payment sandbox playing WeChat Pay and Alipay. */
    paymentSandbox: app.deps.paymentSandbox!,
    async close() {
      await app.close();
      await database.close();
      await rm(storageRoot, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
