import { join, resolve } from 'node:path';
import { NETWORK_TIMEOUT_MS, SMS_DAILY_CAP_PER_IP } from '@metal/shared';
import { z } from 'zod';
import type { AliyunIdentityOptions } from './platform/identity-aliyun';
import type { TiandituOptions } from './platform/maps-tianditu';
import type { OfflineAccount } from './platform/payments';
import type { AlipayOptions } from './platform/payments-alipay';
import type { WxPayOptions } from './platform/payments-wxpay';
import type { AliyunSmsOptions } from './platform/sms-aliyun';
import type { S3StorageOptions } from './platform/storage-s3';

const flag = z
  .enum(['0', '1', 'true', 'false'])
  .optional()
  .transform((value) => value === '1' || value === 'true');

const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: z.string().url().optional(),
  SMS_SANDBOX: flag,
  SMS_PROVIDER: z.enum(['sandbox', 'aliyun']).default('sandbox'),
  ALIYUN_SMS_ACCESS_KEY_ID: z.string().optional(),
  ALIYUN_SMS_ACCESS_KEY_SECRET: z.string().optional(),
  ALIYUN_SMS_SIGN_NAME: z.string().optional(),
  ALIYUN_SMS_TEMPLATE_CODE: z.string().optional(),
  ALIYUN_SMS_ENDPOINT: z.string().url().default('https://dysmsapi.aliyuncs.com'),
  SMS_DAILY_CAP_PER_IP: z.coerce.number().int().min(1).max(100_000).default(SMS_DAILY_CAP_PER_IP),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  CONSOLE_DIST: z.string().optional(),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  PROFILE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  TRUST_PROXY: flag,
  DEMO_DATA: flag,
  CLOCK_START: z.iso.datetime({ offset: true }).optional(),
  SHOP_OPEN_MIN_LISTINGS: z.coerce.number().int().min(0).max(1000).default(5),
  STOCK_EXPIRE_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  ID_ENCRYPTION_KEY: z.string().optional(),
  URL_SIGNING_KEY: z.string().optional(),
  IDENTITY_PROVIDER: z.enum(['sandbox', 'aliyun']).default('sandbox'),
  ALIYUN_IDENTITY_ACCESS_KEY_ID: z.string().optional(),
  ALIYUN_IDENTITY_ACCESS_KEY_SECRET: z.string().optional(),
  ALIYUN_IDENTITY_ENDPOINT: z.string().url().default('https://cloudauth.aliyuncs.com'),
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: flag,
  MAPS_PROVIDER: z.enum(['offline', 'tianditu']).default('offline'),
  TIANDITU_KEY: z.string().optional(),
  TIANDITU_ENDPOINT: z.string().url().default('https://api.tianditu.gov.cn'),
  PUSH_PROVIDER: z.enum(['sandbox', 'webpush']).default('sandbox'),
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z.string().optional(),
  PAY_PROVIDER: z.enum(['sandbox', 'live']).default('sandbox'),
  PAY_SANDBOX: flag,
  PAY_PUBLIC_URL: z.string().url().optional(),
  WXPAY_APP_ID: z.string().optional(),
  WXPAY_MCH_ID: z.string().optional(),
  WXPAY_MCH_SERIAL_NO: z.string().optional(),
  WXPAY_MCH_PRIVATE_KEY: z.string().optional(),
  WXPAY_API_V3_KEY: z.string().length(32).optional(),
  WXPAY_PUBLIC_KEY_ID: z.string().optional(),
  WXPAY_PUBLIC_KEY: z.string().optional(),
  ALIPAY_APP_ID: z.string().optional(),
  ALIPAY_PRIVATE_KEY: z.string().optional(),
  ALIPAY_PUBLIC_KEY: z.string().optional(),
  ALIPAY_GATEWAY: z.string().url().default('https://openapi.alipay.com/gateway.do'),
  PAY_OFFLINE_ACCOUNT_NAME: z.string().optional(),
  PAY_OFFLINE_BANK_NAME: z.string().optional(),
  PAY_OFFLINE_ACCOUNT_NO: z.string().optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL when set; embedded PGlite in `dataDir` otherwise. */
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** Redis for rate limits and the event bus (chat delivery) across instances when set; in-process otherwise. */
  redisUrl: string | undefined;
  /** Begins the event bus's Redis channel names ('metal-bus:' unless set); tests give each run its own. */
  redisChannelPrefix?: string;
  /** Sandbox SMS returns the code to the caller (never in production). */
  smsSandbox: boolean;
  /** Where SMS goes: the sandbox (logged, nothing leaves the machine) or Aliyun SMS. */
  sms: { provider: 'sandbox' } | { provider: 'aliyun'; aliyun: AliyunSmsOptions };
  /**
   * SMS codes one address may be sent a day (all purposes and phones together), so one address cannot
   * flood the SMS provider. A whole office behind one NAT shares it; end-to-end runs, all from
   * 127.0.0.1, need more than the default.
   */
  smsDailyCapPerIp: number;
  logLevel: string;
  /** The built web app served at `/`; absent when the folder does not exist. */
  webDist: string | undefined;
  /** The built operators' console served at `/console/`; absent when the folder does not exist. */
  consoleDist: string | undefined;
  bodyLimitBytes: number;
  rateLimitPerMinute: number;
  /**
   * How long an instance answers from a session it read without reading it again. Endings (logout,
   * password change) reach every instance at once regardless; 0 reads the session at every call.
   */
  sessionCacheSeconds: number;
  /**
   * How long an instance answers `user/info` from the profile facts it read without reading them again.
   * Changes made through the server reach every instance at once regardless; 0 reads them at every call.
   */
  profileCacheSeconds: number;
  trustProxy: boolean;
  /** How long a chat connection may stay unidentified (PROTOCOL.md: 10 s); tests shorten it. */
  chatIdentifyTimeoutMs?: number;
  /** Load the labelled demo data on an empty database (the start command turns this on). */
  demoData: boolean;
  /**
   * For demonstrations and end-to-end runs only: the server's clock starts at this instant and runs
   * on from there, so a forecast round can be shown open whatever the real time is.
   */
  clockStart: Date | undefined;
  /**
   * 32-byte keys in base64 (`openssl rand -base64 32`): identity numbers are sealed under the first,
   * private file links are signed with the second. Unset, they come from `keys.json` in `dataDir`
   * (made on first start) on the embedded database; with DATABASE_URL they must be set, because
   * instances that each made their own could not read each other's data.
   */
  keys: { idEncryption: string | undefined; urlSigning: string | undefined };
  /** Who checks real names against identity numbers: the sandbox (nothing leaves the machine) or Aliyun ID Verification. */
  identity: { provider: 'sandbox' } | { provider: 'aliyun'; aliyun: AliyunIdentityOptions };
  /** Where uploaded files go: the local disk under `dataDir/files`, or an S3-compatible bucket. */
  storage: { kind: 'local'; root: string } | { kind: 's3'; s3: S3StorageOptions };
  /** SPEC §4: the public stock and capacity listings together a company needs to open a shop. */
  shopOpenMinListings: number;
  /** For-sale stock not refreshed for this many days expires (the daily stock expiry job). */
  stockExpireDays: number;
  /** Place search and reverse geocoding: the shipped region table (nothing leaves the machine) or Tianditu by key. */
  maps: { provider: 'offline' } | { provider: 'tianditu'; tianditu: TiandituOptions };
  /**
   * Web Push: the sandbox records what would be sent (nothing leaves the machine) or webpush sends to
   * the browsers' push services. VAPID keys unset are made on first start and kept in `dataDir/vapid.json`.
   */
  push: {
    provider: 'sandbox' | 'webpush';
    vapid: { publicKey: string | undefined; privateKey: string | undefined; subject: string };
  };
  /**
   * Payments: the sandbox (the default; it plays WeChat Pay and Alipay, and its cashier lets anyone pay
   * without money only when PAY_SANDBOX=1 asks for it, as SMS_SANDBOX does for codes) or the live
   * providers configured. The public URL is where providers send notifications and return buyers; the bank
   * account is the one offline transfers go to.
   */
  payments: {
    provider: 'sandbox' | 'live';
    /** The sandbox cashier takes payments (PAY_SANDBOX=1; never in production). Without it nobody can pay there. */
    sandboxPayable: boolean;
    publicUrl: string;
    wxpay: Omit<WxPayOptions, 'notifyUrl' | 'returnUrl'> | undefined;
    alipay: Omit<AlipayOptions, 'notifyUrl' | 'returnUrl'> | undefined;
    offline: OfflineAccount;
  };
}

/** Reads the environment once, at boot. Nothing else in the server reads process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, argv: string[] = process.argv): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  return {
    sms: smsConfig(e),
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    smsSandbox: e.SMS_SANDBOX,
    smsDailyCapPerIp: e.SMS_DAILY_CAP_PER_IP,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? resolve(e.WEB_DIST) : undefined,
    consoleDist: e.CONSOLE_DIST ? resolve(e.CONSOLE_DIST) : undefined,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
    profileCacheSeconds: e.PROFILE_CACHE_SECONDS,
    trustProxy: e.TRUST_PROXY,
    demoData: e.DEMO_DATA || argv.includes('--demo-data'),
    clockStart: e.CLOCK_START ? new Date(e.CLOCK_START) : undefined,
    keys: { idEncryption: e.ID_ENCRYPTION_KEY, urlSigning: e.URL_SIGNING_KEY },
    identity: identityConfig(e),
    storage: storageConfig(e),
    shopOpenMinListings: e.SHOP_OPEN_MIN_LISTINGS,
    stockExpireDays: e.STOCK_EXPIRE_DAYS,
    maps: mapsConfig(e),
    push: pushConfig(e),
    payments: paymentsConfig(e),
  };
}

function pushConfig(e: z.infer<typeof ZEnv>): Config['push'] {
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new Error('Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together');
  }
  // Push services use the subject to reach whoever runs the server; a real one is needed to send.
  if (e.PUSH_PROVIDER === 'webpush' && !e.VAPID_SUBJECT) {
    throw new Error('Invalid configuration: PUSH_PROVIDER=webpush needs VAPID_SUBJECT (mailto: or https: contact)');
  }
  return {
    provider: e.PUSH_PROVIDER,
    vapid: {
      publicKey: e.VAPID_PUBLIC_KEY,
      privateKey: e.VAPID_PRIVATE_KEY,
      subject: e.VAPID_SUBJECT ?? 'mailto:push@localhost',
    },
  };
}

function mapsConfig(e: z.infer<typeof ZEnv>): Config['maps'] {
  if (e.MAPS_PROVIDER === 'offline') return { provider: 'offline' };
  if (!e.TIANDITU_KEY) throw new Error('Invalid configuration: MAPS_PROVIDER=tianditu needs TIANDITU_KEY');
  return {
    provider: 'tianditu',
    tianditu: { key: e.TIANDITU_KEY, endpoint: e.TIANDITU_ENDPOINT.replace(/\/+$/, ''), timeoutMs: NETWORK_TIMEOUT_MS },
  };
}

function identityConfig(e: z.infer<typeof ZEnv>): Config['identity'] {
  if (e.IDENTITY_PROVIDER === 'sandbox') return { provider: 'sandbox' };
  if (!e.ALIYUN_IDENTITY_ACCESS_KEY_ID || !e.ALIYUN_IDENTITY_ACCESS_KEY_SECRET) {
    throw new Error(
      'Invalid configuration: IDENTITY_PROVIDER=aliyun needs ALIYUN_IDENTITY_ACCESS_KEY_ID and ALIYUN_IDENTITY_ACCESS_KEY_SECRET',
    );
  }
  return {
    provider: 'aliyun',
    aliyun: {
      accessKeyId: e.ALIYUN_IDENTITY_ACCESS_KEY_ID,
      accessKeySecret: e.ALIYUN_IDENTITY_ACCESS_KEY_SECRET,
      endpoint: e.ALIYUN_IDENTITY_ENDPOINT,
      timeoutMs: 10_000,
    },
  };
}

function storageConfig(e: z.infer<typeof ZEnv>): Config['storage'] {
  if (e.STORAGE === 'local') return { kind: 'local', root: join(resolve(e.DATA_DIR), 'files') };
  const { S3_ENDPOINT, S3_REGION, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = e;
  if (!S3_ENDPOINT || !S3_REGION || !S3_BUCKET || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) {
    throw new Error(
      'Invalid configuration: STORAGE=s3 needs S3_ENDPOINT, S3_REGION, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
    );
  }
  return {
    kind: 's3',
    s3: {
      endpoint: S3_ENDPOINT,
      region: S3_REGION,
      bucket: S3_BUCKET,
      accessKeyId: S3_ACCESS_KEY_ID,
      secretAccessKey: S3_SECRET_ACCESS_KEY,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
      timeoutMs: 30_000,
    },
  };
}

function smsConfig(e: z.infer<typeof ZEnv>): Config['sms'] {
  if (e.SMS_PROVIDER === 'sandbox') return { provider: 'sandbox' };
  const { ALIYUN_SMS_ACCESS_KEY_ID, ALIYUN_SMS_ACCESS_KEY_SECRET, ALIYUN_SMS_SIGN_NAME, ALIYUN_SMS_TEMPLATE_CODE } = e;
  if (
    !ALIYUN_SMS_ACCESS_KEY_ID ||
    !ALIYUN_SMS_ACCESS_KEY_SECRET ||
    !ALIYUN_SMS_SIGN_NAME ||
    !ALIYUN_SMS_TEMPLATE_CODE
  ) {
    throw new Error(
      'Invalid configuration: SMS_PROVIDER=aliyun needs ALIYUN_SMS_ACCESS_KEY_ID, ALIYUN_SMS_ACCESS_KEY_SECRET, ALIYUN_SMS_SIGN_NAME and ALIYUN_SMS_TEMPLATE_CODE',
    );
  }
  return {
    provider: 'aliyun',
    aliyun: {
      accessKeyId: ALIYUN_SMS_ACCESS_KEY_ID,
      accessKeySecret: ALIYUN_SMS_ACCESS_KEY_SECRET,
      signName: ALIYUN_SMS_SIGN_NAME,
      templateCode: ALIYUN_SMS_TEMPLATE_CODE,
      endpoint: e.ALIYUN_SMS_ENDPOINT,
      timeoutMs: 10_000,
    },
  };
}

/** PEM text from an environment variable, where line breaks may be written as \\n. */
const pem = (value: string) => value.replace(/\\n/g, '\n');

/** The sandbox's bank account: plainly not a real one. */
const SANDBOX_OFFLINE_ACCOUNT: OfflineAccount = {
  accountName: '金属市场（测试）有限公司',
  bankName: '沙箱银行测试支行',
  accountNo: '6222 0000 0000 0000 000',
};

function paymentsConfig(e: z.infer<typeof ZEnv>): Config['payments'] {
  const publicUrl = (e.PAY_PUBLIC_URL ?? '').replace(/\/+$/, '');
  if (e.PAY_PROVIDER === 'sandbox') {
    return {
      provider: 'sandbox',
      sandboxPayable: e.PAY_SANDBOX,
      publicUrl,
      wxpay: undefined,
      alipay: undefined,
      offline: SANDBOX_OFFLINE_ACCOUNT,
    };
  }
  if (!publicUrl)
    throw new Error(
      'Invalid configuration: PAY_PROVIDER=live needs PAY_PUBLIC_URL (where providers send notifications)',
    );
  const { PAY_OFFLINE_ACCOUNT_NAME, PAY_OFFLINE_BANK_NAME, PAY_OFFLINE_ACCOUNT_NO } = e;
  if (!PAY_OFFLINE_ACCOUNT_NAME || !PAY_OFFLINE_BANK_NAME || !PAY_OFFLINE_ACCOUNT_NO) {
    throw new Error(
      'Invalid configuration: PAY_PROVIDER=live needs PAY_OFFLINE_ACCOUNT_NAME, PAY_OFFLINE_BANK_NAME and PAY_OFFLINE_ACCOUNT_NO (the account offline transfers go to)',
    );
  }
  const wxKeys = [
    e.WXPAY_APP_ID,
    e.WXPAY_MCH_ID,
    e.WXPAY_MCH_SERIAL_NO,
    e.WXPAY_MCH_PRIVATE_KEY,
    e.WXPAY_API_V3_KEY,
    e.WXPAY_PUBLIC_KEY_ID,
    e.WXPAY_PUBLIC_KEY,
  ];
  if (wxKeys.some(Boolean) && !wxKeys.every(Boolean)) {
    throw new Error(
      'Invalid configuration: WeChat Pay needs WXPAY_APP_ID, WXPAY_MCH_ID, WXPAY_MCH_SERIAL_NO, WXPAY_MCH_PRIVATE_KEY, WXPAY_API_V3_KEY, WXPAY_PUBLIC_KEY_ID and WXPAY_PUBLIC_KEY together',
    );
  }
  const aliKeys = [e.ALIPAY_APP_ID, e.ALIPAY_PRIVATE_KEY, e.ALIPAY_PUBLIC_KEY];
  if (aliKeys.some(Boolean) && !aliKeys.every(Boolean)) {
    throw new Error(
      'Invalid configuration: Alipay needs ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY and ALIPAY_PUBLIC_KEY together',
    );
  }
  const wxpay = e.WXPAY_APP_ID
    ? {
        appId: e.WXPAY_APP_ID,
        mchId: e.WXPAY_MCH_ID!,
        merchantSerialNo: e.WXPAY_MCH_SERIAL_NO!,
        merchantPrivateKey: pem(e.WXPAY_MCH_PRIVATE_KEY!),
        apiV3Key: e.WXPAY_API_V3_KEY!,
        platformKeys: [{ serial: e.WXPAY_PUBLIC_KEY_ID!, publicKey: pem(e.WXPAY_PUBLIC_KEY!) }],
      }
    : undefined;
  const alipay = e.ALIPAY_APP_ID
    ? {
        appId: e.ALIPAY_APP_ID,
        privateKey: pem(e.ALIPAY_PRIVATE_KEY!),
        alipayPublicKey: pem(e.ALIPAY_PUBLIC_KEY!),
        gateway: e.ALIPAY_GATEWAY,
        timeoutMs: NETWORK_TIMEOUT_MS,
      }
    : undefined;
  if (!wxpay && !alipay)
    throw new Error('Invalid configuration: PAY_PROVIDER=live needs WeChat Pay (WXPAY_*) or Alipay (ALIPAY_*) keys');
  return {
    provider: 'live',
    sandboxPayable: false,
    publicUrl,
    wxpay,
    alipay,
    offline: {
      accountName: PAY_OFFLINE_ACCOUNT_NAME,
      bankName: PAY_OFFLINE_BANK_NAME,
      accountNo: PAY_OFFLINE_ACCOUNT_NO,
    },
  };
}
