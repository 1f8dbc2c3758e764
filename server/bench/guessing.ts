// `npm run bench:guessing [-- --seconds 60]`: how many guesses at one guard's password and PIN the
// server checks, as an attacker would try them (issue 35). Passwords: a fresh client address per
// guess (a botnet), as fast as the server answers. PINs: through the guard's own app session (a
// stolen phone). Against a server process on a fresh demo database, as `npm start` runs it.
// Prints what was checked and refused in the run, and the hourly bound the policy gives; asserts
// nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PIN_POLICY, THROTTLE_POLICY } from '../src/auth/password-throttle';
import { DEMO_PASSWORD } from '../src/db/seed/demo';
import { DEMO_GUARD_EMAIL, DEMO_GUARD_PIN } from '../src/db/seed/demo-guards';
import { GUARD_SIGN_IN_BUDGET } from '../src/modules/guard-app/guard-app.service';
import { APP_KEY, count, machineLine, print, startServer } from './support';

type Tally = Map<number, number>;

function add(tally: Tally, status: number): void {
  tally.set(status, (tally.get(status) ?? 0) + 1);
}

function text(tally: Tally): string {
  return [...tally]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${n} × ${status}`)
    .join(', ');
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { seconds: { type: 'string' } } });
  const seconds = count('seconds', values.seconds, 60);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'guard-console-guessing-'));
  const server = await startServer({
    DATA_DIR: dataDir,
    DEMO_DATA: 'on',
    STATIC_DIR: '',
    TRUST_PROXY: 'on',
    LOG_LEVEL: 'fatal',
  });
  const door = (route: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.origin}/api/v1/guard/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-application-key': APP_KEY, ...headers },
      body: JSON.stringify(body),
    });
  try {
    print(machineLine());
    // The guard's own phone, signed in before the attack.
    const own = await door(
      'auth/login',
      {
        email_or_phone: DEMO_GUARD_EMAIL,
        password: DEMO_PASSWORD,
        device_unique_id: 'own-phone',
        is_proceed: 1,
      },
      { 'x-forwarded-for': '198.51.100.1' },
    );
    const signedIn = (await own.json()) as {
      data: { token: string; residences: Array<{ uuid: string }> };
    };
    const token = signedIn.data.token;
    const site = signedIn.data.residences[0]?.uuid ?? '';

    const passwords: Tally = new Map();
    let until = Date.now() + seconds * 1000;
    for (let guess = 0; Date.now() < until; guess += 1) {
      const answer = await door(
        'auth/login',
        {
          email_or_phone: DEMO_GUARD_EMAIL,
          password: `Guess@${guess}`,
          device_unique_id: `bot-${guess}`,
        },
        { 'x-forwarded-for': `10.${(guess >> 16) & 255}.${(guess >> 8) & 255}.${guess & 255}` },
      );
      await answer.arrayBuffer();
      add(passwords, answer.status);
    }
    const ownAfter = await door(
      'auth/login',
      {
        email_or_phone: DEMO_GUARD_EMAIL,
        password: DEMO_PASSWORD,
        device_unique_id: 'own-phone',
        is_proceed: 1,
      },
      { 'x-forwarded-for': '198.51.100.2' },
    );
    print(
      `Password guesses at ${DEMO_GUARD_EMAIL}, a fresh address each, for ${seconds} s: ${text(passwords)} (401: checked and wrong; 429: refused unchecked).`,
    );
    print(
      `  The guard's own phone signed in meanwhile: ${ownAfter.status}. Bound: ${GUARD_SIGN_IN_BUDGET} checked per ${THROTTLE_POLICY.windowMs / 60_000} minutes, ${(GUARD_SIGN_IN_BUDGET * 3_600_000) / THROTTLE_POLICY.windowMs} an hour.`,
    );

    const pins: Tally = new Map();
    const ownToken = ((await ownAfter.json()) as { data: { token: string } }).data.token || token;
    until = Date.now() + seconds * 1000;
    for (let guess = 0; Date.now() < until; guess += 1) {
      const pin = String(guess).padStart(6, '0');
      if (pin === DEMO_GUARD_PIN) continue;
      const answer = await door(
        'auth/verify-pin',
        { pin, residence_uuid: site },
        { authorization: `Bearer ${ownToken}`, 'x-forwarded-for': '198.51.100.3' },
      );
      await answer.arrayBuffer();
      add(pins, answer.status);
    }
    print(
      `PIN guesses in the guard's session for ${seconds} s: ${text(pins)} (422: checked and wrong; 429: refused unchecked).`,
    );
    print(
      `  Bound: ${PIN_POLICY.guardLockAfter} checked, then the PIN locked ${PIN_POLICY.guardLockMs / 60_000} minutes: at most ${(PIN_POLICY.guardLockAfter * 3_600_000) / PIN_POLICY.guardLockMs} an hour, of 1,000,000 PINs.`,
    );
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
