import { parseArgs } from 'node:util';
import { isMobile, PASSWORD_PATTERN } from '@metal/shared';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { createOperator } from './modules/operators/operators.service';

const USAGE = `Usage:
  operator create --phone <mobile> --password <6-18 letters and digits> --role service|admin [--name <nickname>]
    Makes an operator account, or gives an existing user (by phone) the operator role.`;

/** The server's command line, on the same database the server uses (DATABASE_URL or DATA_DIR). */
export async function runCli(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  out: (line: string) => void = console.log,
): Promise<number> {
  const [group, command, ...rest] = argv;
  if (group !== 'operator' || command !== 'create') {
    out(USAGE);
    return 2;
  }
  const { values } = parseArgs({
    args: rest,
    options: {
      phone: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string' },
      name: { type: 'string' },
    },
  });
  const { phone = '', password = '', role = '', name } = values;
  if (!isMobile(phone) || !PASSWORD_PATTERN.test(password) || (role !== 'service' && role !== 'admin')) {
    out(USAGE);
    return 2;
  }
  const config = loadConfig(env, []);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  try {
    await database.migrate();
    const result = await createOperator({
      db: database.db,
      phone,
      password,
      role,
      ...(name ? { nickName: name } : {}),
    });
    out(`${result.created ? 'Created' : 'Updated'} operator ${phone} (user ${result.userId}, role ${role}).`);
    return 0;
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await runCli(process.argv.slice(2));
}
