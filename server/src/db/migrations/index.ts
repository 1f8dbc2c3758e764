import type { Migration, MigrationProvider } from 'kysely/migration';
import * as initial from './2026-11-22T01-initial';

/** Every migration in order. Names are timestamps so they sort as they were written. */
const migrations: Record<string, Migration> = {
  '2026-11-22T01-initial': initial,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
