import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { migrateToLatest, openDatabase, type DB } from './database';
import { createPostgresDatabaseIfMissing, openPostgres } from './engine/postgres';

export const DATABASE_FILE = 'guard-console.sqlite';

/** Opens (creating if needed) the database in the data directory and brings it to the latest schema. */
export async function openDataDir(dataDir: string): Promise<DB> {
  mkdirSync(dataDir, { recursive: true });
  const db = openDatabase(path.join(dataDir, DATABASE_FILE));
  await migrateToLatest(db);
  return db;
}

/**
 * The database the settings name: PostgreSQL at `databaseUrl` (created on first start), or else
 * the SQLite file in the data directory; either brought to the latest schema.
 */
export async function openConfiguredDatabase(config: {
  dataDir: string;
  databaseUrl: string | null;
}): Promise<DB> {
  if (config.databaseUrl === null) return openDataDir(config.dataDir);
  await createPostgresDatabaseIfMissing(config.databaseUrl);
  const db = openPostgres(config.databaseUrl);
  await migrateToLatest(db);
  return db;
}
