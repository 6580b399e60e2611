import { randomBytes } from 'node:crypto';
import { mkdtempSync, openAsBlob } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openPglite, openPostgres } from '../src/db/client';

/**
 * The migrated database the run's global set-up (database.setup.ts) leaves for the test files to copy:
 * a PGlite cluster dumped to a tarball, or, when TEST_DATABASE_URL names a PostgreSQL server, a database
 * on it to create others from as a template.
 */
export type MigratedDatabase =
  | { kind: 'pglite'; dumpFile: string }
  | { kind: 'postgres'; serverUrl: string; template: string };

declare module 'vitest' {
  export interface ProvidedContext {
    migratedDatabase: MigratedDatabase;
  }
}

/** A database name no other test file or run picks. */
export function uniqueDatabaseName(prefix: string) {
  return `${prefix}_${Date.now()}_${randomBytes(4).toString('hex')}`;
}

/** Runs one statement on the server's maintenance connection (creating and dropping databases). */
export async function onPostgresServer(serverUrl: string, statement: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** `serverUrl` pointing at the database `name` on the same server. */
export function databaseUrl(serverUrl: string, name: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A migrated database of the test file's own, copied from the run's migrated one (copying takes a
 * fraction of initdb plus every migration): an in-memory PGlite started from the dump, or a PostgreSQL
 * database created from the template and dropped on close.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  // The benches build the test app outside vitest, where no run has migrated a database to copy.
  if (!process.env.VITEST) return openMigratedDatabase(process.env.TEST_DATABASE_URL);
  const migrated = inject('migratedDatabase');
  if (migrated.kind === 'pglite') return openPglite(undefined, { from: await openAsBlob(migrated.dumpFile) });
  return openDroppedOnClose(migrated.serverUrl, `template "${migrated.template}"`);
}

/** A fresh database migrated from nothing: in memory, or on the PostgreSQL server named (dropped on close). */
async function openMigratedDatabase(serverUrl: string | undefined): Promise<DatabaseHandle> {
  const handle = serverUrl ? await openDroppedOnClose(serverUrl, '') : await openPglite(undefined);
  await handle.migrate();
  return handle;
}

/** A new database on the server (created with `options`, e.g. a template), dropped when it is closed. */
async function openDroppedOnClose(serverUrl: string, options: string): Promise<DatabaseHandle> {
  const name = uniqueDatabaseName('test');
  await onPostgresServer(serverUrl, `create database "${name}" ${options}`);
  const handle = await openPostgres(databaseUrl(serverUrl, name), 10);
  return {
    ...handle,
    async close() {
      await handle.close();
      await onPostgresServer(serverUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}

/**
 * A new data folder (DATA_DIR) whose embedded database already holds every migration, copied from the
 * run's migrated one when that is PGlite's, so a process started on it does not first create and migrate
 * a cluster. (On a PostgreSQL run the folder is empty and the process migrates it itself.)
 */
export async function migratedDataDir(prefix: string) {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const migrated = inject('migratedDatabase');
  if (migrated.kind === 'pglite') {
    const database = await openPglite(join(dataDir, 'pg'), { from: await openAsBlob(migrated.dumpFile) });
    await database.close();
  }
  return dataDir;
}
