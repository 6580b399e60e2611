import { existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { migratedDataDir } from '../test/database';
import { runCli } from './cli';
import { openPglite } from './db/client';
import { verifyPassword } from './modules/accounts/accounts.crypto';
import { users } from './modules/accounts/accounts.table';
import { exchangeRates, priceRows } from './modules/markets/markets.table';
import { operatorActions } from './modules/operators/operators.table';

it('operator create makes an operator, then promotes and re-keys an existing user', async () => {
  const dataDir = await migratedDataDir('metal-cli-');
  const lines: string[] = [];
  const env = { DATA_DIR: dataDir };
  const args = [
    'operator',
    'create',
    '--phone',
    '13612345678',
    '--password',
    'ops12345',
    '--role',
    'admin',
    '--name',
    '运营小王',
  ];
  expect(await runCli(args, env, (line) => lines.push(line))).toBe(0);
  expect(await runCli([...args.slice(0, 5), 'ops67890', '--role', 'service'], env, (line) => lines.push(line))).toBe(0);
  expect(lines).toEqual([
    expect.stringMatching(/^Created operator 13612345678 \(user \d+, role admin\)\.$/),
    expect.stringMatching(/^Updated operator 13612345678 \(user \d+, role service\)\.$/),
  ]);

  const database = await openPglite(join(dataDir, 'pg'));
  const [user] = await database.db.select().from(users).where(eq(users.phone, '13612345678'));
  await database.close();
  expect(user).toMatchObject({ operatorRole: 'service', nickName: '运营小王' });
  expect(user?.rootId).toBe(user?.id);
  expect(await verifyPassword('ops67890', user!.passwordHash)).toBe(true);
});

it('refuses bad arguments with the usage, touching no database', async () => {
  const lines: string[] = [];
  const env = { DATA_DIR: join(tmpdir(), 'metal-cli-never-created') };
  for (const args of [
    [],
    ['operator', 'delete'],
    ['operator', 'create', '--phone', '123', '--password', 'ops12345', '--role', 'admin'],
    ['operator', 'create', '--phone', '13612345678', '--password', 'short', '--role', 'admin'],
    ['operator', 'create', '--phone', '13612345678', '--password', 'ops12345', '--role', 'boss'],
  ]) {
    expect(await runCli(args, env, (line) => lines.push(line))).toBe(2);
  }
  expect(lines.every((line) => line.startsWith('Usage:'))).toBe(true);
  expect(existsSync(env.DATA_DIR)).toBe(false);
});

it('prices import loads a file for an operator, refuses a bad file whole, and refuses non-operators', async () => {
  const dataDir = await migratedDataDir('metal-cli-');
  const env = { DATA_DIR: dataDir };
  const lines: string[] = [];
  const out = (line: string) => lines.push(line);
  await runCli(
    ['operator', 'create', '--phone', '13612345670', '--password', 'ops12345', '--role', 'service'],
    env,
    out,
  );
  const good = join(dataDir, 'good.csv');
  writeFileSync(
    good,
    'market,sort,date,low,high\nchangjiang,13,2026-11-19,20950,20990\nchangjiang,13,2026-11-20,20900,20960\n',
  );
  const bad = join(dataDir, 'bad.json');
  writeFileSync(bad, JSON.stringify([{ market: 'changjiang', sort: 13, date: '2026-11-21', low: 1, high: 2 }]));

  expect(await runCli(['prices', 'import', '--file', good, '--operator', '13612345670'], env, out)).toBe(0);
  expect(await runCli(['prices', 'import', '--file', bad, '--operator', '13612345670'], env, out)).toBe(1);
  expect(await runCli(['prices', 'import', '--file', good, '--operator', '13612345671'], env, out)).toBe(1);
  expect(
    await runCli(['prices', 'import', '--file', join(dataDir, 'prices.txt'), '--operator', '13612345670'], env, out),
  ).toBe(2);
  expect(lines.slice(1, 5)).toEqual([
    'Imported 2 rows into 1 series.',
    'Import refused: 1 bad lines, nothing was imported',
    '  line 1: This date is not a trading day',
    '13612345671 is not an operator.',
  ]);

  const database = await openPglite(join(dataDir, 'pg'));
  const rows = await database.db.select().from(priceRows);
  const log = await database.db.select().from(operatorActions);
  await database.close();
  expect(rows.map((r) => [r.date, r.priceCents, r.upDownCents])).toEqual([
    ['2026-11-19', 2_097_000, null],
    ['2026-11-20', 2_093_000, -4_000],
  ]);
  expect(log.map((l) => l.action)).toEqual(['markets.import_prices']);
});

it('rates set stores a day’s exchange rate for an operator and refuses a bad rate', async () => {
  const dataDir = await migratedDataDir('metal-cli-');
  const env = { DATA_DIR: dataDir };
  const lines: string[] = [];
  const out = (line: string) => lines.push(line);
  await runCli(['operator', 'create', '--phone', '13612345670', '--password', 'ops12345', '--role', 'admin'], env, out);
  const rate = (value: string, operator = '13612345670') =>
    runCli(['rates', 'set', '--date', '2026-11-20', '--rate', value, '--operator', operator], env, out);

  expect(await rate('7.1234')).toBe(0);
  expect(await rate('71.234')).toBe(1);
  expect(await rate('7.1', '13612345671')).toBe(1);
  expect(lines.slice(1)).toEqual([
    'USD/CNY 7.1234 stored for 2026-11-20; 0 LME rows repriced.',
    'The rate must be a number from 1 to 20 with at most four decimals',
    '13612345671 is not an operator.',
  ]);
  const database = await openPglite(join(dataDir, 'pg'));
  const rates = await database.db.select().from(exchangeRates);
  await database.close();
  expect(rates).toEqual([{ date: '2026-11-20', usdCny: '7.1234', isDemo: false }]);
});
