import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { isMobile, PASSWORD_PATTERN, translate } from '@metal/shared';
import { eq } from 'drizzle-orm';
import { loadConfig } from './config';
import { type Database, openDatabase } from './db/client';
import { users } from './modules/accounts/accounts.table';
import { importPrices } from './modules/markets/markets.import';
import { createOperator } from './modules/operators/operators.service';
import { LocalBus } from './platform/bus';
import { systemClock } from './platform/clock';
import { AppError } from './platform/errors';

const USAGE = `Usage:
  operator create --phone <mobile> --password <6-18 letters and digits> --role service|admin [--name <nickname>]
    Makes an operator account, or gives an existing user (by phone) the operator role.
  prices import --file <path.csv|path.json> --operator <operator's phone>
    Imports price rows (market, sort, date, low, high[, price]); all or nothing, recorded for the operator.`;

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
    return withDatabase(env, async (db) => {
      const [operator] = await db.select().from(users).where(eq(users.phone, operatorPhone)).limit(1);
      if (!operator?.operatorRole) {
        out(`${operatorPhone} is not an operator.`);
        return 1;
      }
      const actor = {
        userId: operator.id,
        rootId: operator.rootId,
        account: operator.account,
        operatorRole: operator.operatorRole,
        sessionHash: null,
      };
      try {
        const result = await importPrices({
          db,
          clock: systemClock,
          bus: new LocalBus(),
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
  return usage(out);
}

function usage(out: (line: string) => void) {
  out(USAGE);
  return 2;
}

async function withDatabase(env: NodeJS.ProcessEnv, work: (db: Database) => Promise<number>): Promise<number> {
  const config = loadConfig(env, []);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  try {
    await database.migrate();
    return await work(database.db);
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await runCli(process.argv.slice(2));
}
