import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { avatarPng } from '../../server/src/db/seed/images';
import { MULTIPART_LIMITS, uploadSpoolDir } from '../../server/src/http/uploads';
import { MAX_FILE_BYTES, PHOTO_TOO_LARGE } from '@rules/files';
import { createCompany, createUser, PASSWORD } from './factories';
import { authHeaders, makeTestApp, signIn, type TestApp } from './test-app';

let t: TestApp;
let token: string;
let origin: string;

/** The smallest budget the server takes: one upload of ten 5 MB files, and a megabyte more. */
const UPLOAD_MEMORY_MB = 51;

beforeAll(async () => {
  t = await makeTestApp({ env: { UPLOAD_MEMORY_MB: String(UPLOAD_MEMORY_MB) } });
  const company = await createCompany(t.db);
  await createUser(t.db, {
    email: 'company@example.com',
    role: 'securitycompany',
    companyUuid: company,
  });
  token = await signIn(t.app, 'company@example.com', PASSWORD);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
});

const BOUNDARY = '----guard-console-test-boundary';
const uploadPath = (uuid = randomUUID()) => `/kgapi/files/Kgguards/${uuid}-original?uuid=${uuid}`;

function fieldPart(name: string, value: string | Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`),
    Buffer.from(value),
    Buffer.from('\r\n'),
  ]);
}

function filePart(bytes: Uint8Array): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    Buffer.from(bytes),
    Buffer.from('\r\n'),
  ]);
}

const closing = Buffer.from(`--${BOUNDARY}--\r\n`);

interface StreamedAnswer {
  status: number;
  body: string;
  /** Bytes of the body the client managed to hand to the connection before it ended. */
  sent: number;
}

/**
 * Streams a body chunk by chunk over a real connection, as an attacker would, and stops as soon as
 * the server answers or closes: what was sent by then bounds what the server read. With
 * `afterAnswer: 'keep sending'`, it goes on sending past the answer until the server closes the
 * connection, so `sent` bounds what the server read after answering too.
 */
function streamUpload(
  chunks: () => Generator<Buffer>,
  headers: Record<string, string | number> = {},
  {
    path = uploadPath(),
    afterAnswer = 'stop',
  }: { path?: string; afterAnswer?: 'stop' | 'keep sending' } = {},
): Promise<StreamedAnswer> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered: { status: number; body: string } | null = null;
    let stopped = false;
    const request = http.request(`${origin}${path}`, {
      method: 'POST',
      headers: {
        ...authHeaders(token),
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        ...headers,
      },
    });
    const finish = () => {
      if (stopped) return;
      stopped = true;
      if (answered) resolve({ ...answered, sent });
      else
        reject(
          new Error(`The server closed the connection without answering after ${sent} bytes.`),
        );
    };
    request.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (text: string) => (body += text));
      response.on('end', () => {
        answered = { status: response.statusCode ?? 0, body };
        if (afterAnswer === 'keep sending') return;
        request.destroy();
        finish();
      });
    });
    request.on('error', () => setTimeout(finish, 50));
    request.on('close', () => setTimeout(finish, 50));
    const source = chunks();
    const pump = () => {
      while (!stopped && (!answered || afterAnswer === 'keep sending')) {
        const next = source.next();
        if (next.done) {
          request.end();
          return;
        }
        sent += next.value.byteLength;
        if (!request.write(next.value)) {
          request.once('drain', pump);
          return;
        }
      }
    };
    pump();
  });
}

describe('multipart limits', () => {
  it('refuses a flood of large text fields with 413 after the first, without reading the rest', async () => {
    const megabyte = Buffer.alloc(1024 * 1024, 'a');
    const fields = 900;
    const answer = await streamUpload(function* () {
      for (let i = 0; i < fields; i += 1) yield fieldPart(`f${i}`, megabyte);
      yield filePart(avatarPng(1));
      yield closing;
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).error).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'A form field in the upload is too large.',
    });
    // 900 MB offered; the server stopped after the first field (plus what the sockets buffer).
    expect(answer.sent).toBeLessThan(32 * 1024 * 1024);
  });

  it('refuses a body announced larger than any upload may be before reading any of it', async () => {
    const answer = await streamUpload(
      function* () {
        for (let i = 0; i < 900; i += 1) yield Buffer.alloc(1024 * 1024);
      },
      { 'content-length': 900 * 1024 * 1024 },
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).error.message).toBe(PHOTO_TOO_LARGE);
    expect(answer.sent).toBeLessThan(32 * 1024 * 1024);
  });

  it('refuses more small fields than any upload needs', async () => {
    const parts = Array.from({ length: MULTIPART_LIMITS.fields + 1 }, (_, i) =>
      fieldPart(`f${i}`, 'x'),
    );
    const response = await t.app.inject({
      method: 'POST',
      url: uploadPath(),
      headers: {
        ...authHeaders(token),
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      },
      payload: Buffer.concat([...parts, filePart(avatarPng(2)), closing]),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe(
      'The upload has too many parts. Send only the files.',
    );
  });

  it('accepts a photo with a few short fields beside it', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: uploadPath(),
      headers: {
        ...authHeaders(token),
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      },
      payload: Buffer.concat([fieldPart('note', 'front desk'), filePart(avatarPng(3)), closing]),
    });
    expect(response.statusCode).toBe(200);
  });
});

/** A file part's head in the given field, its bytes to follow. */
const fileHead = (field: string, name: string) =>
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );

describe('oversized chunked uploads', () => {
  for (const { route, field, path } of [
    { route: 'one photo', field: 'file', path: uploadPath() },
    { route: 'several files', field: 'files', path: '/kgapi/files/multiple/Kgguards' },
  ]) {
    it(`stop reading a 300 MB file sent chunked (${route}) soon after the 413`, async () => {
      const megabyte = Buffer.alloc(1024 * 1024, 7);
      const answer = await streamUpload(
        function* () {
          yield fileHead(field, 'huge.jpg');
          for (let i = 0; i < 300; i += 1) yield megabyte;
          yield closing;
        },
        {},
        { path, afterAnswer: 'keep sending' },
      );
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body).error.code).toBe('FILE_TOO_LARGE');
      // The client went on sending after the answer: the server closed the connection instead of
      // reading the rest (5 MB allowed, a megabyte of lingering, and what the sockets buffer).
      expect(answer.sent).toBeLessThan(40 * 1024 * 1024);
    });
  }
});

describe('upload memory across requests', () => {
  /** Bytes waiting in the upload spool (DATA_DIR/incoming). */
  const spooledBytes = () => {
    const dir = uploadSpoolDir(t.dataDir);
    if (!existsSync(dir)) return 0;
    return readdirSync(dir).reduce((sum, name) => sum + statSync(path.join(dir, name)).size, 0);
  };
  const upload = (bytes: Uint8Array) =>
    t.app.inject({
      method: 'POST',
      url: uploadPath(),
      headers: {
        ...authHeaders(token),
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      },
      payload: Buffer.concat([filePart(bytes), closing]),
    });

  it('spools uploads to disk as they arrive, holding only chunks in flight, and removes what a request leaves', async () => {
    // A caller sends ten files just under the limit, the closing boundary never sent.
    const slice = Buffer.alloc(MAX_FILE_BYTES - 100_000, 9);
    const holder = http.request(`${origin}/kgapi/files/multiple/Kgguards`, {
      method: 'POST',
      headers: {
        ...authHeaders(token),
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      },
    });
    holder.on('error', () => undefined);
    for (let i = 0; i < 10; i += 1) {
      holder.write(fileHead('files', `part-${i}.jpg`));
      holder.write(slice);
      holder.write('\r\n');
    }
    // Its 49 MB wait on disk, not in memory.
    await expect.poll(spooledBytes, { timeout: 20_000 }).toBe(10 * slice.byteLength);
    expect(t.app.uploadMemory.held()).toBe(0);
    // Others upload meanwhile, as much as the budget holds.
    expect((await upload(Buffer.alloc(MAX_FILE_BYTES - 100_000, 1))).statusCode).toBe(415);
    expect((await upload(avatarPng(4))).statusCode).toBe(200);

    // The holder gives up: its spooled files go.
    holder.destroy();
    await expect.poll(spooledBytes, { timeout: 10_000 }).toBe(0);
    expect(t.app.uploadMemory.held()).toBe(0);
  });

  it('answers 503 with Retry-After while the chunks in flight fill the budget', async () => {
    // As if other requests held the whole budget between their chunks' arrival and writing.
    const others = {} as FastifyRequest;
    t.app.uploadMemory.hold(others, UPLOAD_MEMORY_MB * 1_048_576);
    try {
      const refused = await upload(avatarPng(5));
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.json().error).toEqual({
        code: 'UPLOADS_BUSY',
        message: 'The server is busy receiving other uploads. Please try again in a few seconds.',
      });
    } finally {
      t.app.uploadMemory.release(others);
    }
    expect((await upload(avatarPng(5))).statusCode).toBe(200);
    expect(t.app.uploadMemory.held()).toBe(0);
    await expect.poll(spooledBytes, { timeout: 10_000 }).toBe(0);
  });
});

describe('malformed uploads', () => {
  const post = (payload: Buffer, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: uploadPath(),
      headers: { ...authHeaders(token), ...headers },
      payload,
    });
  const multipartType = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

  it('answers 400 to a truncated body', async () => {
    const whole = Buffer.concat([filePart(avatarPng(4)), closing]);
    const response = await post(whole.subarray(0, 120), multipartType);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'MALFORMED_UPLOAD',
      message: 'The upload could not be read: it is not well-formed multipart/form-data.',
    });
  });

  it('answers 400 to multipart/form-data without a boundary', async () => {
    const response = await post(Buffer.concat([filePart(avatarPng(5)), closing]), {
      'content-type': 'multipart/form-data',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('MALFORMED_UPLOAD');
  });

  it('answers 400 to a part with a broken header', async () => {
    const response = await post(
      Buffer.from(`--${BOUNDARY}\r\nthis is not a header\r\n\r\nbytes\r\n--${BOUNDARY}--\r\n`),
      multipartType,
    );
    expect(response.statusCode).toBe(400);
  });

  it('answers 415 to a compressed body', async () => {
    const response = await post(gzipSync(Buffer.concat([filePart(avatarPng(6)), closing])), {
      ...multipartType,
      'content-encoding': 'gzip',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toEqual({
      code: 'UNSUPPORTED_ENCODING',
      message: 'Send the upload uncompressed.',
    });
  });
});

describe('uploads racing for one uuid', () => {
  it('answer 200 once and 409 otherwise, never 500, and store one file', async () => {
    const uuid = randomUUID();
    const payload = Buffer.concat([filePart(avatarPng(7)), closing]);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        fetch(`${origin}${uploadPath(uuid)}`, {
          method: 'POST',
          headers: {
            ...authHeaders(token),
            'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          },
          body: payload,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(9);
    const rows = await t.db.selectFrom('files').select('uuid').where('uuid', '=', uuid).execute();
    expect(rows).toHaveLength(1);
  });
});
