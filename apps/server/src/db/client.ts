import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database handle services receive: PGlite and node-postgres share this interface. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A database or a transaction inside it: services that write several tables take this. */
export type Executor = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** Generated SQL migrations, committed; the build copies them beside the bundle. */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface PgliteHandle extends DatabaseHandle {
  kind: 'pglite';
  /** The whole cluster as an uncompressed tarball, to start other databases from (`openPglite`'s `from`). */
  dump(): Promise<Blob>;
}

/**
 * Embedded PostgreSQL (PGlite): in `dataDir`, or in memory when `dataDir` is undefined. `from` starts
 * it from a `dump()` instead of an empty cluster, skipping initdb (and the migrations the dump holds).
 */
export async function openPglite(dataDir: string | undefined, options: { from?: Blob } = {}): Promise<PgliteHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite({ dataDir, loadDataDir: options.from });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    dump: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}

export async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // A connection the server ends (a restart, a failover, an administrator) must not take the process
  // down as an unhandled 'error' event: the pool discards it and connects again; queries on it fail as usual.
  const reportLost = (error: Error) => console.warn(`[db] a PostgreSQL connection was lost: ${error.message}`);
  pool.on('error', reportLost);
  pool.on('connect', (client) => client.on('error', reportLost));
  const nodeDb = drizzlePg(pool, { schema });
  return {
    db: nodeDb as unknown as Database,
    kind: 'postgres',
    migrate: () => migratePg(nodeDb, { migrationsFolder }),
    close: () => pool.end(),
  };
}

export function openDatabase(options: { databaseUrl: string | undefined; dataDir: string; poolSize: number }) {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize)
    : openPglite(`${options.dataDir}/pg`);
}
