import { CodeFlag } from '@metal/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { DatabaseHandle } from '../src/db/client';
import { newKeys } from '../src/platform/keys';
import { openTestDatabase } from './database';

// With TEST_REDIS_URL (CI sets it), two server instances share per-IP limits through Redis; without
// it each instance counts in process, as a single-machine deployment does.
const redisUrl = process.env.TEST_REDIS_URL;
let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

it(
  redisUrl ? 'shares rate limits between instances through Redis' : 'counts rate limits per instance without Redis',
  async () => {
    const config = {
      ...loadConfig({ RATE_LIMIT_PER_MINUTE: '3', ...(redisUrl ? { REDIS_URL: redisUrl } : {}) }, []),
      logLevel: 'silent',
    };
    const first = await buildApp({ config, db: database.db, keys: newKeys(), logger: false });
    const second = await buildApp({ config, db: database.db, keys: newKeys(), logger: false });
    const ip = `10.77.${process.pid % 250}.${Date.now() % 250}`;
    const codes: number[] = [];
    for (const app of [first, second, first, second]) {
      const response = await app.inject({ method: 'POST', url: '/user/info.htmls', payload: {}, remoteAddress: ip });
      codes.push(response.json().codeFlag);
    }
    await first.close();
    await second.close();
    expect(codes).toEqual(redisUrl ? [0, 0, 0, CodeFlag.tooManyRequests] : [0, 0, 0, 0]);
  },
);
