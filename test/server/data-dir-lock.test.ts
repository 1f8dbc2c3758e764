import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// Issue 35: two servers on one SQLite data directory. The second refuses to start, naming the
// first one's pid, through a lock that dies with the first process, however it ends.

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'guard-console-lock-'));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** A process that takes the data directory's lock as the server does, and holds it until killed. */
function locker(): { child: ChildProcess; outcome: Promise<{ locked: boolean; output: string }> } {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `const { lockDataDir } = await import('./server/src/db/data-dir-lock.ts');
       try { lockDataDir(process.env.LOCK_DIR); console.log('locked'); setInterval(() => {}, 60_000); }
       catch (error) { console.error(error.message); process.exit(1); }`,
    ],
    { cwd: root, env: { ...process.env, LOCK_DIR: dataDir }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.push(child);
  const outcome = new Promise<{ locked: boolean; output: string }>((resolve) => {
    let output = '';
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('locked')) resolve({ locked: true, output });
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', () => resolve({ locked: false, output }));
  });
  return { child, outcome };
}

describe('the data directory lock', () => {
  it('refuses a second process naming the first, and frees the directory when the first is killed', async () => {
    const first = locker();
    expect((await first.outcome).locked).toBe(true);

    const second = await locker().outcome;
    expect(second.locked).toBe(false);
    expect(second.output).toContain(
      `Another Guard Console process (pid ${first.child.pid}) is using the data directory ${dataDir}.`,
    );

    const ended = new Promise((resolve) => first.child.once('exit', resolve));
    first.child.kill('SIGKILL');
    await ended;
    const third = locker();
    expect((await third.outcome).locked).toBe(true);
  });
});
