// `npm run bench:sign-in [-- --connections 200 --seconds 30 --mode valid|guessing --addresses 1]`: floods POST /admin/session from many
// connections while a signed-in user lists guards and another user signs in, and prints how long
// those two waited. The server runs as its own process on a fresh demo database, as `npm start`
// runs it. Bounded in time; it prints figures and asserts nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_PASSWORD } from '../src/db/seed/demo';
import { APP_KEY, percentile, print, startServer } from './support';

function summary(values: number[]): string {
  if (values.length === 0) return 'no answers';
  const f = (n: number) => `${n.toFixed(0)} ms`;
  return `n=${values.length}  p50 ${f(percentile(values, 50))}  p95 ${f(percentile(values, 95))}  max ${f(Math.max(...values))}`;
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      connections: { type: 'string', default: '200' },
      seconds: { type: 'string', default: '30' },
      mode: { type: 'string', default: 'valid' },
      addresses: { type: 'string', default: '1' },
    },
  });
  const connections = Number(values.connections);
  const seconds = Number(values.seconds);
  // 'valid': the flood signs in with a real account (the worst case for CPU);
  // 'guessing': it tries random emails and passwords from many addresses.
  const guessing = values.mode === 'guessing';
  // How many client addresses the flood comes from: one network, or a botnet's many.
  const addresses = Number(values.addresses);

  const dataDir = mkdtempSync(path.join(tmpdir(), 'guard-console-flood-'));
  const server = await startServer({
    DATA_DIR: dataDir,
    DEMO_DATA: 'on',
    STATIC_DIR: '',
    // The flood and the legitimate users come from different (forwarded) addresses.
    TRUST_PROXY: 'on',
    LOG_LEVEL: 'fatal',
  });
  const { origin } = server;

  try {
    const signIn = (identifier: string, challenge: string, address: string) =>
      fetch(`${origin}/kgapi/admin/session`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-application-key': APP_KEY,
          'x-forwarded-for': address,
        },
        body: JSON.stringify({ identifier, challenge }),
      });

    const admin = await signIn('superadmin@example.com', DEMO_PASSWORD, '198.51.100.10');
    const { session_token: token } = (await admin.json()) as { session_token: string };
    const listGuards = () =>
      fetch(`${origin}/kgapi/guards/list?limit=8&offset=0&order=created_at%20desc`, {
        headers: { 'x-application-key': APP_KEY, authorization: `Bearer ${token}` },
      });

    const quiet = await timed(async () => (await listGuards()).status);
    print(
      `Guard Console sign-in flood: ${connections} connections from ${addresses} address(es) for ${seconds} s, mode '${values.mode}'`,
    );
    print(`Guards list before the flood: ${quiet.ms.toFixed(0)} ms (${quiet.value})`);

    const until = Date.now() + seconds * 1000;
    const floodAnswers = new Map<number, number>();
    let floodRequests = 0;
    const flood = Array.from({ length: connections }, async (_, connection) => {
      while (Date.now() < until) {
        const identifier = guessing ? `nobody${floodRequests}@example.com` : 'company@example.com';
        const challenge = guessing ? 'guess' : DEMO_PASSWORD;
        floodRequests += 1;
        try {
          const answer = await signIn(
            identifier,
            challenge,
            `203.0.${Math.floor((connection % addresses) / 250)}.${(connection % addresses) % 250}`,
          );
          await answer.arrayBuffer();
          floodAnswers.set(answer.status, (floodAnswers.get(answer.status) ?? 0) + 1);
        } catch {
          floodAnswers.set(0, (floodAnswers.get(0) ?? 0) + 1);
        }
      }
    });

    const listTimes: number[] = [];
    const signInTimes: number[] = [];
    const signInStatuses = new Map<number, number>();
    const probes = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      let n = 0;
      while (Date.now() < until) {
        const list = await timed(async () => (await listGuards()).status);
        if (list.value === 200) listTimes.push(list.ms);
        if (n % 4 === 0) {
          const legit = await timed(async () => {
            const answer = await signIn('supervisor@example.com', DEMO_PASSWORD, '198.51.100.20');
            await answer.arrayBuffer();
            return answer.status;
          });
          signInTimes.push(legit.ms);
          signInStatuses.set(legit.value, (signInStatuses.get(legit.value) ?? 0) + 1);
        }
        n += 1;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    })();
    await Promise.all([...flood, probes]);

    const statuses = [...floodAnswers.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status || 'error'}: ${n}`)
      .join(', ');
    print(`Flood: ${floodRequests} sign-ins sent; answers ${statuses}`);
    print(`Guards list during the flood (signed-in user): ${summary(listTimes)}`);
    const legitStatuses = [...signInStatuses.entries()].map(([s, n]) => `${s}: ${n}`).join(', ');
    print(
      `Legitimate sign-in during the flood: ${summary(signInTimes)}  (answers ${legitStatuses})`,
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const after = await timed(async () => {
      const answer = await signIn('supervisor@example.com', DEMO_PASSWORD, '198.51.100.21');
      await answer.arrayBuffer();
      return answer.status;
    });
    print(`Legitimate sign-in 1 s after the flood: ${after.ms.toFixed(0)} ms (${after.value})`);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
