import { mkdtempSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../src/db/client';
import { databaseUrl, type MigratedDatabase, onPostgresServer, uniqueDatabaseName } from './database';

/**
 * Vitest global set-up of the server tests: runs every migration once per run, into the database each
 * test file copies (database.ts), and removes it when the run ends.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  let migrated: MigratedDatabase;
  let removeMigrated: () => Promise<void>;
  if (serverUrl) {
    const template = uniqueDatabaseName('test_template');
    await onPostgresServer(serverUrl, `create database "${template}"`);
    const database = await openPostgres(databaseUrl(serverUrl, template), 1);
    try {
      await database.migrate();
    } finally {
      // A template may have no connection open while databases are created from it.
      await database.close();
    }
    migrated = { kind: 'postgres', serverUrl, template };
    removeMigrated = () => onPostgresServer(serverUrl, `drop database if exists "${template}" with (force)`);
  } else {
    const folder = mkdtempSync(join(tmpdir(), 'metal-test-db-'));
    const database = await openPglite(undefined);
    await database.migrate();
    const dumpFile = join(folder, 'migrated.tar');
    writeFileSync(dumpFile, new Uint8Array(await (await database.dump()).arrayBuffer()));
    await database.close();
    migrated = { kind: 'pglite', dumpFile };
    removeMigrated = () => rm(folder, { recursive: true, force: true });
  }
  project.provide('migratedDatabase', migrated);
  return removeMigrated;
}
