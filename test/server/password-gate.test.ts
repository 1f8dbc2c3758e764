import { afterEach, describe, expect, it } from 'vitest';
import { ClientGoneError, createPasswordGate } from '../../server/src/auth/password-gate';
import { createUser, PASSWORD } from './factories';
import { APP_KEY, makeTestApp, type TestApp } from './test-app';

/** Work that finishes when the test says so. */
function heldWork() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  let started = false;
  return {
    work: async () => {
      started = true;
      await done;
      return 'checked';
    },
    finish: () => finish(),
    started: () => started,
  };
}

const present = () => false;
const owner = (account: string, address = `address of ${account}`) => ({ account, address });

describe('the password gate', () => {
  it('runs at most `concurrency` checks, queues up to `maxQueue`, and answers 503 past that', async () => {
    const gate = createPasswordGate({ concurrency: 1, maxQueue: 1, perAddress: 4 });
    const first = heldWork();
    const second = heldWork();
    const running = gate.run(owner('a'), present, first.work);
    const queued = gate.run(owner('b'), present, second.work);
    expect(first.started()).toBe(true);
    expect(second.started()).toBe(false);
    await expect(gate.run(owner('c'), present, heldWork().work)).rejects.toMatchObject({
      statusCode: 503,
      code: 'SERVER_BUSY',
      headers: { 'Retry-After': '1' },
    });
    first.finish();
    await expect(running).resolves.toBe('checked');
    await Promise.resolve();
    expect(second.started()).toBe(true);
    second.finish();
    await expect(queued).resolves.toBe('checked');
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('gives one account one place: a second check for it while one is pending answers 503', async () => {
    const gate = createPasswordGate({ concurrency: 4, maxQueue: 4, perAddress: 4 });
    const first = heldWork();
    const running = gate.run(owner('admin@example.com'), present, first.work);
    await expect(
      gate.run(owner('admin@example.com'), present, heldWork().work),
    ).rejects.toMatchObject({
      statusCode: 503,
      code: 'CHECK_IN_PROGRESS',
    });
    first.finish();
    await running;
    await expect(gate.run(owner('admin@example.com'), present, async () => 'again')).resolves.toBe(
      'again',
    );
  });

  it('gives one client address a few places, so one network cannot fill the queue', async () => {
    const gate = createPasswordGate({ concurrency: 1, maxQueue: 8, perAddress: 2 });
    const held = [heldWork(), heldWork()];
    const pending = held.map((h, i) => gate.run(owner(`user${i}`, '203.0.113.1'), present, h.work));
    await expect(
      gate.run(owner('user2', '203.0.113.1'), present, heldWork().work),
    ).rejects.toMatchObject({ statusCode: 503, code: 'TOO_MANY_CHECKS' });
    const elsewhere = gate.run(owner('user3', '198.51.100.1'), present, async () => 'checked');
    held.forEach((h) => h.finish());
    await Promise.all(pending);
    await expect(elsewhere).resolves.toBe('checked');
  });

  it('drops the work of a client that left while it waited', async () => {
    const gate = createPasswordGate({ concurrency: 1, maxQueue: 2, perAddress: 4 });
    const first = heldWork();
    const running = gate.run(owner('a'), present, first.work);
    let gone = false;
    const abandoned = heldWork();
    const waiting = gate.run(owner('b'), () => gone, abandoned.work);
    gone = true;
    first.finish();
    await running;
    await expect(waiting).rejects.toBeInstanceOf(ClientGoneError);
    expect(abandoned.started()).toBe(false);
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });
});

describe('sign-in through a full gate', () => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  it('answers 503 with Retry-After at once instead of queueing, and signs in the one it could take', async () => {
    t = await makeTestApp({ passwordGate: { concurrency: 1, maxQueue: 0, perAddress: 4 } });
    const emails = ['a@example.com', 'b@example.com', 'c@example.com'];
    for (const email of emails) await createUser(t.db, { email, role: 'superadmin' });
    const answers = await Promise.all(
      emails.map((identifier) =>
        t.app.inject({
          method: 'POST',
          url: '/kgapi/admin/session',
          headers: { 'x-application-key': APP_KEY },
          payload: { identifier, challenge: PASSWORD },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 503, 503]);
    const busy = answers.filter((answer) => answer.statusCode === 503);
    expect(busy[0]?.headers['retry-after']).toBe('1');
    expect(busy[0]?.json().error).toEqual({
      code: 'SERVER_BUSY',
      message: 'The server is busy checking other sign-ins. Please try again in a moment.',
    });
  });
});
