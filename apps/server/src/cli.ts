import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import {
  isMobile,
  type MessageKey,
  PASSWORD_PATTERN,
  PERMISSIONS,
  translate,
  ZSetExchangeRateRequest,
} from '@metal/shared';
import { eq } from 'drizzle-orm';
import { loadConfig } from './config';
import { type Database, openDatabase } from './db/client';
import { users } from './modules/accounts/accounts.table';
import { importPrices, setExchangeRate } from './modules/markets/markets.import';
import { createOperator } from './modules/operators/operators.service';
import type { Actor } from './platform/actor';
import { type EventBus, LocalBus } from './platform/bus';
import { RedisBus } from './platform/bus-redis';
import { systemClock } from './platform/clock';
import { AppError } from './platform/errors';

const USAGE = `Usage:
  operator create --phone <mobile> --password <6-18 letters and digits> --role service|admin [--name <nickname>]
    Makes an operator account, or gives an existing user (by phone) the operator role.
  prices import --file <path.csv|path.json> --operator <operator's phone>
    Imports price rows (market, sort, date, low, high[, price]); all or nothing, recorded for the operator.
  rates set --date <YYYY-MM-DD> --rate <USD/CNY, e.g. 7.1234> --operator <operator's phone>
    Stores a day's exchange rate and reprices the LME rows it governs, recorded for the operator.`;

/** The server's command line, on the same database the server uses (DATABASE_URL or DATA_DIR). */
export async function runCli(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  out: (line: string) => void = console.log,
): Promise<number> {
  const [group, command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    strict: false,
    options: {
      phone: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string' },
      name: { type: 'string' },
      file: { type: 'string' },
      date: { type: 'string' },
      rate: { type: 'string' },
      operator: { type: 'string' },
    },
  });
  const text = (key: keyof typeof values) => (typeof values[key] === 'string' ? (values[key] as string) : '');

  if (group === 'operator' && command === 'create') {
    const [phone, password, role, name] = [text('phone'), text('password'), text('role'), text('name')];
    if (!isMobile(phone) || !PASSWORD_PATTERN.test(password) || (role !== 'service' && role !== 'admin'))
      return usage(out);
    return withDatabase(env, async (db) => {
      const result = await createOperator({ db, phone, password, role, ...(name ? { nickName: name } : {}) });
      out(`${result.created ? 'Created' : 'Updated'} operator ${phone} (user ${result.userId}, role ${role}).`);
      return 0;
    });
  }

  if (group === 'prices' && command === 'import') {
    const [file, operatorPhone] = [text('file'), text('operator')];
    const format = file.endsWith('.csv') ? 'csv' : file.endsWith('.json') ? 'json' : undefined;
    if (!format || !isMobile(operatorPhone)) return usage(out);
    const content = await readFile(file, 'utf8');
    return withDatabase(env, async (db, bus) => {
      const actor = await operatorActor(db, operatorPhone);
      if (!actor) {
        out(`${operatorPhone} is not an operator.`);
        return 1;
      }
      try {
        const result = await importPrices({
          db,
          clock: systemClock,
          bus,
          actor,
          lang: 'en-US',
          format,
          content,
        });
        out(`Imported ${result.imported} rows into ${result.series} series.`);
        return 0;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        out(translate(error.messageKey, 'en-US', error.params));
        const problems =
          (error.extra.data as { problems?: { line: number; reason: string }[] } | undefined)?.problems ?? [];
        for (const problem of problems) out(`  line ${problem.line}: ${problem.reason}`);
        return 1;
      }
    });
  }
  if (group === 'rates' && command === 'set') {
    const parsed = ZSetExchangeRateRequest.safeParse({ date: text('date'), usdCny: text('rate') });
    const operatorPhone = text('operator');
    if (!isMobile(operatorPhone)) return usage(out);
    if (!parsed.success) {
      out(translate((parsed.error.issues[0]?.message ?? 'common.invalidInput') as MessageKey, 'en-US'));
      return 1;
    }
    return withDatabase(env, async (db, bus) => {
      const actor = await operatorActor(db, operatorPhone);
      if (!actor) {
        out(`${operatorPhone} is not an operator.`);
        return 1;
      }
      const result = await setExchangeRate({ db, clock: systemClock, bus, actor, ...parsed.data });
      out(`USD/CNY ${result.usdCny} stored for ${result.date}; ${result.repriced} LME rows repriced.`);
      return 0;
    });
  }
  return usage(out);
}

/** The operator with this phone as the actor of a command, or null when the phone is no operator's. */
async function operatorActor(db: Database, phone: string): Promise<Actor | null> {
  const [operator] = await db.select().from(users).where(eq(users.phone, phone)).limit(1);
  if (!operator?.operatorRole) return null;
  return {
    userId: operator.id,
    rootId: operator.rootId,
    account: operator.account,
    operatorRole: operator.operatorRole,
    sessionHash: null,
    companyRole: 'owner',
    permissions: PERMISSIONS,
  };
}

function usage(out: (line: string) => void) {
  out(USAGE);
  return 2;
}

/**
 * Runs a command on the configured database. With Redis the events it publishes (a price change)
 * reach the running server instances, whose caches of quotes depend on hearing them.
 */
async function withDatabase(
  env: NodeJS.ProcessEnv,
  work: (db: Database, bus: EventBus) => Promise<number>,
): Promise<number> {
  const config = loadConfig(env, []);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  const redisBus = config.redisUrl
    ? new RedisBus({
        url: config.redisUrl,
        channelPrefix: config.redisChannelPrefix ?? 'metal-bus:',
        log: { error: (details, message) => console.error(message, details) },
      })
    : undefined;
  try {
    await database.migrate();
    return await work(database.db, redisBus ?? new LocalBus());
  } finally {
    await redisBus?.close();
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await runCli(process.argv.slice(2));
}
