import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/src/config';

const POSTGRES = 'postgres://guard:secret@localhost:5432/guard_console';

describe('the database settings', () => {
  it('keeps the SQLite file without DATABASE_URL, also when it is empty', () => {
    expect(readConfig({}).databaseUrl).toBeNull();
    expect(readConfig({ DATABASE_URL: ' ' }).databaseUrl).toBeNull();
    expect(readConfig({ DATABASE_URL: POSTGRES }).databaseUrl).toBe(POSTGRES);
    expect(readConfig({ DATABASE_URL: 'postgresql://db/gc' }).databaseUrl).toBe(
      'postgresql://db/gc',
    );
  });

  it('refuses an address that is not PostgreSQL’s or names no database, saying what it wants', () => {
    expect(() => readConfig({ DATABASE_URL: 'mysql://db/gc' })).toThrow(
      'DATABASE_URL must start with postgres:// (it starts with mysql://); leave it empty for the SQLite file.',
    );
    expect(() => readConfig({ DATABASE_URL: 'postgres://localhost:5432' })).toThrow(
      'DATABASE_URL must name a database after the host, as in postgres://localhost:5432/guard_console.',
    );
    expect(() => readConfig({ DATABASE_URL: 'localhost' })).toThrow(
      'DATABASE_URL must be a postgres:// address, such as postgres://user:password@localhost:5432/guard_console.',
    );
  });

  it('runs one process on SQLite and one per core on PostgreSQL unless WORKERS says', () => {
    expect(readConfig({}).workers).toBe(1);
    expect(readConfig({ DATABASE_URL: POSTGRES }).workers).toBe(availableParallelism());
    expect(readConfig({ DATABASE_URL: POSTGRES, WORKERS: '3' }).workers).toBe(3);
    expect(readConfig({ WORKERS: '1' }).workers).toBe(1);
  });

  it('refuses several processes on one SQLite file, and a WORKERS that is no count', () => {
    expect(() => readConfig({ WORKERS: '2' })).toThrow(
      'WORKERS=2 needs PostgreSQL: set DATABASE_URL, or leave WORKERS at 1 for the SQLite file (one process serves it).',
    );
    expect(() => readConfig({ DATABASE_URL: POSTGRES, WORKERS: '1.5' })).toThrow(
      "WORKERS must be a whole number of processes, not '1.5'.",
    );
    expect(() => readConfig({ DATABASE_URL: POSTGRES, WORKERS: 'many' })).toThrow(
      "WORKERS must be a positive number, not 'many'.",
    );
  });
});
