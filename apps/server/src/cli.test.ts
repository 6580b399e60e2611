import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { runCli } from './cli';
import { openPglite } from './db/client';
import { verifyPassword } from './modules/accounts/accounts.crypto';
import { users } from './modules/accounts/accounts.table';

it('operator create makes an operator, then promotes and re-keys an existing user', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'metal-cli-'));
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
