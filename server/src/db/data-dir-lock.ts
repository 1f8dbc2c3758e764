import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

/** The lock file in a data directory, and the file naming the process that holds it. */
export const LOCK_FILE = 'server.lock';
export const PID_FILE = 'server.pid';

/** Locks held by this process: kept referenced, so they last as long as the process. */
const held: SQLite.Database[] = [];

/**
 * Takes the data directory's lock for this process, or throws naming the process that holds it.
 * One server (or restore) at a time may use a SQLite data directory: a second would meet
 * SQLITE_BUSY on every write the first makes. The lock is SQLite's own exclusive lock on a file
 * of its own, which the operating system drops when the process ends, however it ends: no stale
 * lock survives a crash or a SIGKILL.
 */
export function lockDataDir(dataDir: string, holder = 'server'): void {
  mkdirSync(dataDir, { recursive: true });
  const lock = new SQLite(path.join(dataDir, LOCK_FILE), { timeout: 0 });
  try {
    lock.pragma('locking_mode = EXCLUSIVE');
    lock.exec('begin exclusive');
  } catch (error) {
    lock.close();
    if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
    let pid = 'unknown';
    try {
      pid = readFileSync(path.join(dataDir, PID_FILE), 'utf8').trim() || pid;
    } catch {
      // The holder has not written it yet.
    }
    throw new Error(
      `Another Guard Console process (pid ${pid}) is using the data directory ${dataDir}. Stop it first, or give this ${holder} another DATA_DIR.`,
      { cause: error },
    );
  }
  held.push(lock);
  writeFileSync(path.join(dataDir, PID_FILE), `${process.pid}\n`);
}
