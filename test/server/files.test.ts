import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { avatarPng } from '../../server/src/db/seed/images';
import { MAX_FILE_BYTES, PHOTO_TOO_LARGE, PHOTO_TYPE_NOT_ALLOWED } from '@rules/files';
import { PASSWORD, createCompany, createUser } from './factories';
import { authHeaders, makeTestApp, signIn, type TestApp } from './test-app';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await makeTestApp();
  const company = await createCompany(t.db);
  await createUser(t.db, {
    email: 'company@example.com',
    role: 'securitycompany',
    companyUuid: company,
  });
  token = await signIn(t.app, 'company@example.com', PASSWORD);
});
afterAll(async () => {
  await t.close();
});

interface Part {
  field?: string;
  filename?: string;
  type?: string;
  bytes: Uint8Array;
}

/** A multipart/form-data body, written out by hand so each byte is under the test's control. */
function multipart(parts: Part[]) {
  const boundary = `----guard-console-${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'file'}"; filename="${part.filename ?? 'photo.png'}"\r\nContent-Type: ${part.type ?? 'image/png'}\r\n\r\n`,
      ),
      Buffer.from(part.bytes),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function upload(
  parts: Part[],
  options: { pathUuid?: string; queryUuid?: string; headers?: Record<string, string> } = {},
) {
  const uuid = randomUUID();
  const pathUuid = options.pathUuid ?? uuid;
  const queryUuid = options.queryUuid ?? pathUuid;
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: `/kgapi/files/Kgguards/${pathUuid}-original?uuid=${queryUuid}`,
    payload: body.payload,
    headers: { ...(options.headers ?? authHeaders(token)), ...body.headers },
  });
}

/** A PNG signature followed by filler: PNG by its bytes, of any size. */
function pngOfSize(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return bytes;
}

async function stored() {
  const rows = await t.db.selectFrom('files').select('uuid').execute();
  const directory = path.join(t.dataDir, 'files');
  let names: string[];
  try {
    names = readdirSync(directory);
  } catch {
    names = []; // nothing stored yet
  }
  return { rows: rows.length, files: names.length };
}

describe('POST /files/Kgguards/{uuid}-original?uuid={uuid}', () => {
  it('stores a real PNG under the given uuid and serves it back by its URL', async () => {
    const png = avatarPng(7);
    const uuid = randomUUID();
    const response = await upload([{ bytes: png, filename: 'me.png' }], { pathUuid: uuid });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<{ uuid: string; url: string }>();
    expect(answer.uuid).toBe(uuid);
    expect(answer.url).toMatch(/^\/kgapi\/files\/view\/[0-9a-f]{64}$/);
    const row = await t.db
      .selectFrom('files')
      .selectAll()
      .where('uuid', '=', uuid)
      .executeTakeFirstOrThrow();
    const uploader = await t.db
      .selectFrom('user_profiles')
      .select('uuid')
      .where('email', '=', 'company@example.com')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      mime_type: 'image/png',
      size: png.byteLength,
      filename: 'me.png',
      uploaded_by: uploader.uuid,
    });
    expect(row.storage_name).not.toContain('me');

    const served = await t.app.inject({ method: 'GET', url: answer.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(served.rawPayload, Buffer.from(png))).toBe(0);
  });

  it('stores the file name without folders, control characters or bidirectional overrides', async () => {
    const uuid = randomUUID();
    const response = await upload(
      [{ bytes: avatarPng(8), filename: 'C:\\Users\\me\\inv\u0007oice\u202Egnp.exe' }],
      { pathUuid: uuid },
    );
    expect(response.statusCode, response.body).toBe(200);
    const row = await t.db
      .selectFrom('files')
      .select('filename')
      .where('uuid', '=', uuid)
      .executeTakeFirstOrThrow();
    expect(row.filename).toBe('invoicegnp.exe');
  });

  it('takes a JPEG by its bytes whatever its declared type and name', async () => {
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
    const response = await upload([
      { bytes: jpeg, filename: 'scan.bin', type: 'application/octet-stream' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: response.json().url });
    expect(served.headers['content-type']).toBe('image/jpeg');
  });

  it('accepts exactly 5,000,000 bytes', async () => {
    const response = await upload([{ bytes: pngOfSize(MAX_FILE_BYTES) }]);
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses 5,000,001 bytes with 413 and stores nothing', async () => {
    const before = await stored();
    const response = await upload([{ bytes: pngOfSize(MAX_FILE_BYTES + 1) }]);
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toEqual({ code: 'FILE_TOO_LARGE', message: PHOTO_TOO_LARGE });
    expect(await stored()).toEqual(before);
  });

  it('refuses an HTML page named .png and declared image/png with 415, storing nothing', async () => {
    const before = await stored();
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    const response = await upload([{ bytes: html, filename: 'photo.png', type: 'image/png' }]);
    expect(response.statusCode).toBe(415);
    expect(response.json().error.message).toBe(PHOTO_TYPE_NOT_ALLOWED);
    expect(await stored()).toEqual(before);
  });

  it('refuses other types known by their bytes, and an empty file', async () => {
    const mp4 = new Uint8Array([0, 0, 0, 24, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d]);
    expect((await upload([{ bytes: mp4, type: 'image/jpeg' }])).statusCode).toBe(415);
    expect((await upload([{ bytes: new Uint8Array(0) }])).statusCode).toBe(415);
  });

  it.each([
    ['different uuids in path and query', { pathUuid: randomUUID(), queryUuid: randomUUID() }],
    ['a path that is not a uuid', { pathUuid: 'not-a-uuid', queryUuid: 'not-a-uuid' }],
    ['a query uuid missing', { pathUuid: randomUUID(), queryUuid: '' }],
  ])('refuses %s with 400', async (_label, options) => {
    const before = await stored();
    const response = await upload([{ bytes: avatarPng(1) }], options);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain('same UUID');
    expect(await stored()).toEqual(before);
  });

  it('refuses a uuid that already has a file with 409', async () => {
    const uuid = randomUUID();
    expect((await upload([{ bytes: avatarPng(2) }], { pathUuid: uuid })).statusCode).toBe(200);
    const again = await upload([{ bytes: avatarPng(3) }], { pathUuid: uuid });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('FILE_EXISTS');
  });

  it('refuses a file in another field, and a body that is not multipart', async () => {
    expect((await upload([{ bytes: avatarPng(1), field: 'photo' }])).statusCode).toBe(400);
    const uuid = randomUUID();
    const json = await t.app.inject({
      method: 'POST',
      url: `/kgapi/files/Kgguards/${uuid}-original?uuid=${uuid}`,
      payload: { file: 'x' },
      headers: authHeaders(token),
    });
    expect(json.statusCode).toBe(400);
  });

  it('needs a session, and stores nothing without one', async () => {
    const before = await stored();
    const response = await upload([{ bytes: avatarPng(1) }], {
      headers: { 'x-application-key': 'test-app-key' },
    });
    expect(response.statusCode).toBe(401);
    expect(await stored()).toEqual(before);
  });
});
