import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withStatementCache } from '../../server/src/db/engine/statement-cache';

// SQLite's prepared statements, kept by SQL text (engine/statement-cache.ts).

let sqlite: SQLite.Database;
afterEach(() => {
  if (sqlite?.open) sqlite.close();
});

function cachedConnection(kept?: number) {
  sqlite = new SQLite(':memory:');
  const prepare = vi.spyOn(sqlite, 'prepare');
  const cache = withStatementCache(sqlite, kept);
  const db = new Kysely<Record<string, Record<string, unknown>>>({
    dialect: new SqliteDialect({ database: cache }),
  });
  return { db, cache, prepare };
}

describe('the statement cache', () => {
  it('prepares a statement once, however often it runs, with each call’s own values', async () => {
    const { db, prepare } = cachedConnection();
    await sql`create table posts (id integer primary key, name text)`.execute(db);
    for (const name of ['Gate', 'Pool', 'Car park']) {
      await db.insertInto('posts').values({ name }).execute();
    }
    const prepared = prepare.mock.calls.length;
    const named = (name: string) =>
      db.selectFrom('posts').select('id').where('name', '=', name).execute();
    expect(await named('Pool')).toEqual([{ id: 2 }]);
    expect(await named('Car park')).toEqual([{ id: 3 }]);
    expect(await named('Nowhere')).toEqual([]);
    expect(prepare.mock.calls.length - prepared).toBe(1);
  });

  it('follows a migration: a kept statement reads the table as it now is, and fails once it is gone', async () => {
    const { db, prepare } = cachedConnection();
    await sql`create table guards (id integer primary key, name text)`.execute(db);
    await db.insertInto('guards').values({ name: 'Aminah' }).execute();
    const everything = () => db.selectFrom('guards').selectAll().execute();
    expect(await everything()).toEqual([{ id: 1, name: 'Aminah' }]);
    const prepared = prepare.mock.calls.length;

    await sql`alter table guards add column post text not null default 'Gate'`.execute(db);
    expect(await everything()).toEqual([{ id: 1, name: 'Aminah', post: 'Gate' }]);

    await sql`drop table guards`.execute(db);
    await expect(everything()).rejects.toThrow('no such table: guards');
    await sql`create table guards (id integer primary key, badge text)`.execute(db);
    await db.insertInto('guards').values({ badge: 'B-7' }).execute();
    expect(await everything()).toEqual([{ id: 1, badge: 'B-7' }]);
    // The select was never prepared again by the cache: SQLite re-prepared it itself.
    const selects = prepare.mock.calls
      .slice(prepared)
      .filter(([text]) => String(text).startsWith('select'));
    expect(selects).toEqual([]);
  });

  it('prepares a fresh statement beside one still running, and keeps the most recently used', () => {
    sqlite = new SQLite(':memory:');
    sqlite.exec('create table t (n integer); insert into t values (1), (2), (3)');
    const cache = withStatementCache(sqlite, 2);
    const read = cache.prepare('select n from t');
    const rows = read.iterate([]);
    rows.next();
    const beside = cache.prepare('select n from t');
    expect(beside).not.toBe(read);
    expect(beside.all([])).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    rows.return?.();
    expect(cache.prepare('select n from t')).toBe(read);

    const other = cache.prepare('select n + 1 from t');
    expect(cache.prepare('select n from t')).toBe(read);
    cache.prepare('select n + 2 from t');
    // Two kept: the one used least lately ('n + 1') went.
    expect(cache.cached).toBe(2);
    expect(cache.prepare('select n from t')).toBe(read);
    expect(cache.prepare('select n + 1 from t')).not.toBe(other);
  });
});
