import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { migrateToLatest, openDatabase, type DB } from './database';

export const DATABASE_FILE = 'guard-console.sqlite';

/** Opens (creating if needed) the database in the data directory and brings it to the latest schema. */
export async function openDataDir(dataDir: string): Promise<DB> {
  mkdirSync(dataDir, { recursive: true });
  const db = openDatabase(path.join(dataDir, DATABASE_FILE));
  await migrateToLatest(db);
  return db;
}
