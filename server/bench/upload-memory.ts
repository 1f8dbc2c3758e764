// `npm run bench:uploads [-- --uploads 20 --rounds 6 --files 10]`: the upload flood of issue 35.
// Rounds of concurrent multipart uploads, each of ten files just under the 5 MB limit (about
// 50 MB an upload), against a server process on a fresh demo database, as `npm start` runs it.
// Prints the answers and the server's resident memory: before, and its peak (VmHWM), which the
// kernel keeps for the process. Later rounds pass the uploader's quota (429), as a flood would.
// It prints figures and asserts nothing.
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { MAX_FILE_BYTES } from '@rules/files';
import { SUPERADMIN_EMAIL } from '../src/db/seed/demo-catalogue';
import { DEMO_PASSWORD } from '../src/db/seed/demo';
import { APP_KEY, count, machineLine, print, startServer } from './support';

const BOUNDARY = '----bench-upload-memory';

/** A kernel figure of the process, in MB: VmRSS (now) or VmHWM (the peak so far). */
function memoryOf(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

/** One upload of `files` JPEG-looking files just under the limit. */
function body(files: number): Buffer {
  const jpeg = Buffer.alloc(MAX_FILE_BYTES - 1_000, 7);
  jpeg[0] = 0xff;
  jpeg[1] = 0xd8;
  jpeg[2] = 0xff;
  const parts: Buffer[] = [];
  for (let i = 0; i < files; i += 1) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="flood-${i}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      jpeg,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      uploads: { type: 'string' },
      rounds: { type: 'string' },
      files: { type: 'string' },
    },
  });
  const uploads = count('uploads', values.uploads, 20);
  const rounds = count('rounds', values.rounds, 6);
  const files = count('files', values.files, 10);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'guard-console-upload-bench-'));
  const server = await startServer({
    DATA_DIR: dataDir,
    DEMO_DATA: 'on',
    STATIC_DIR: '',
    LOG_LEVEL: 'fatal',
  });
  try {
    const signIn = await fetch(`${server.origin}/kgapi/admin/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-application-key': APP_KEY },
      body: JSON.stringify({ identifier: SUPERADMIN_EMAIL, challenge: DEMO_PASSWORD }),
    });
    const { session_token: token } = (await signIn.json()) as { session_token: string };
    const payload = body(files);
    const budget = Number(process.env.UPLOAD_MEMORY_MB ?? 128);
    print(machineLine());
    print(
      `${uploads} concurrent uploads of ${files} files (${(payload.byteLength / 1_048_576).toFixed(0)} MB each), ${rounds} rounds; UPLOAD_MEMORY_MB ${budget}.`,
    );
    print(`Server RSS before: ${memoryOf(server.pid, 'VmRSS').toFixed(0)} MB`);
    for (let round = 1; round <= rounds; round += 1) {
      const answers = await Promise.all(
        Array.from({ length: uploads }, () =>
          fetch(`${server.origin}/kgapi/files/multiple/Kgguards`, {
            method: 'POST',
            headers: {
              'x-application-key': APP_KEY,
              authorization: `Bearer ${token}`,
              'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
            },
            body: payload,
          })
            .then((response) => response.status)
            .catch(() => 0),
        ),
      );
      const tally = new Map<number, number>();
      for (const status of answers) tally.set(status, (tally.get(status) ?? 0) + 1);
      const summary = [...tally]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${n} × ${status === 0 ? 'reset' : status}`)
        .join(', ');
      print(
        `Round ${round}: ${summary}; RSS now ${memoryOf(server.pid, 'VmRSS').toFixed(0)} MB, peak so far ${memoryOf(server.pid, 'VmHWM').toFixed(0)} MB`,
      );
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
