import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Incident, IncidentCategory } from '@contract/incidents';
import type { ListResponse } from '@contract/list';
import { avatarPng } from '../../server/src/db/seed/images';
import { toDbTime } from '../../server/src/db/time';
import { createCompany, createGuard, createSite, createUser, PASSWORD } from './factories';
import { authHeaders, makeTestApp, signIn, type TestApp } from './test-app';

let t: TestApp;
const token: Record<string, string> = {};
let siteA1: string;
let siteA2: string;
let siteB: string;
let category: string;

const OPS_A = 'ops@alpha.example.com';
const SUP_A = 'sup@alpha.example.com';
const OPS_B = 'ops@bravo.example.com';

beforeAll(async () => {
  t = await makeTestApp();
  const companyA = await createCompany(t.db, 'Alpha Guards');
  const companyB = await createCompany(t.db, 'Bravo Guards');
  siteA1 = await createSite(t.db, companyA, { name: 'Alpha Heights' });
  siteA2 = await createSite(t.db, companyA, { name: 'Alpha Gardens' });
  siteB = await createSite(t.db, companyB, { name: 'Bravo Towers' });
  await createUser(t.db, { email: OPS_A, role: 'securitycompany', companyUuid: companyA });
  await createUser(t.db, {
    email: SUP_A,
    role: 'sitesupervisor',
    companyUuid: companyA,
    siteUuids: [siteA1],
  });
  await createUser(t.db, { email: OPS_B, role: 'securitycompany', companyUuid: companyB });
  for (const email of [OPS_A, SUP_A, OPS_B]) token[email] = await signIn(t.app, email, PASSWORD);
  const categories = await t.db
    .selectFrom('incident_categories')
    .select(['uuid', 'name'])
    .execute();
  category = categories.find((c) => c.name === 'Theft')?.uuid ?? '';
});
afterAll(async () => {
  await t.close();
});

const BOUNDARY = '----incident-files';

function multipart(files: Array<{ name: string; type: string; bytes: Uint8Array }>) {
  const chunks = files.flatMap((file) => [
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    Buffer.from(file.bytes),
    Buffer.from('\r\n'),
  ]);
  return Buffer.concat([...chunks, Buffer.from(`--${BOUNDARY}--\r\n`)]);
}

/** The start of an MP4: a box size, then 'ftyp', then a brand. */
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom'),
  Buffer.alloc(4000, 7),
]);

const uploadFiles = (
  email: string,
  files: Array<{ name: string; type: string; bytes: Uint8Array }>,
) =>
  t.app.inject({
    method: 'POST',
    url: '/kgapi/files/multiple/Kgguards',
    headers: {
      ...authHeaders(token[email] ?? ''),
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    },
    payload: multipart(files),
  });

async function uploaded(email: string, count = 1): Promise<Array<{ uuid: string; url: string }>> {
  const response = await uploadFiles(
    email,
    Array.from({ length: count }, (_, i) => ({
      name: `p${i}.png`,
      type: 'image/png',
      bytes: avatarPng(i + 10),
    })),
  );
  expect(response.statusCode).toBe(200);
  return response.json().resource;
}

const minutesAgo = (minutes: number) => toDbTime(new Date(Date.now() - minutes * 60_000));

function validBody(overrides: Record<string, unknown> = {}) {
  return {
    incident_date: minutesAgo(30),
    residence_uuid: siteA1,
    category_uuid: category,
    lat: 3.139,
    lng: 101.6869,
    actions_taken: 'Guard patrol increased.',
    description: 'Bicycle missing from bay B2.',
    status: 'PENDING',
    files: [],
    ...overrides,
  };
}

const add = (email: string, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/kgapi/incidents/add',
    headers: authHeaders(token[email] ?? ''),
    payload: body,
  });

const patch = (email: string, uuid: string, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'PATCH',
    url: `/kgapi/incidents/${uuid}`,
    headers: authHeaders(token[email] ?? ''),
    payload: body,
  });

async function list(email: string, query = '') {
  const response = await t.app.inject({
    method: 'GET',
    url: `/kgapi/incidents/list${query}`,
    headers: authHeaders(token[email] ?? ''),
  });
  expect(response.statusCode).toBe(200);
  return response.json<ListResponse<Incident>>();
}

describe('GET /data/kg_incident_categories', () => {
  it('answers the categories every install starts with, by name', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/kgapi/data/kg_incident_categories',
      headers: authHeaders(token[OPS_A] ?? ''),
    });
    const names = response.json<{ resource: IncidentCategory[] }>().resource.map((c) => c.name);
    expect(names).toEqual([...names].sort());
    expect(names).toEqual(expect.arrayContaining(['Theft', 'Fire', 'Medical Emergency', 'Other']));
  });
});

describe('POST /files/multiple/Kgguards', () => {
  it('stores several PNG, JPEG and MP4 files judged by their bytes, answering uuids and urls', async () => {
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100)]);
    const response = await uploadFiles(OPS_A, [
      { name: 'a.png', type: 'image/png', bytes: avatarPng(1) },
      { name: 'b.jpg', type: 'image/jpeg', bytes: jpeg },
      { name: 'c.mp4', type: 'video/mp4', bytes: MP4 },
    ]);
    expect(response.statusCode).toBe(200);
    const files = response.json().resource;
    expect(files).toHaveLength(3);
    const stored = await t.db
      .selectFrom('files')
      .select(['mime_type'])
      .where(
        'uuid',
        'in',
        files.map((f: { uuid: string }) => f.uuid),
      )
      .orderBy('filename')
      .execute();
    expect(stored.map((f) => f.mime_type)).toEqual(['image/png', 'image/jpeg', 'video/mp4']);
  });

  it('refuses a file that is not PNG, JPEG or MP4 by its bytes, naming it, and stores none of the batch', async () => {
    const before = await t.db
      .selectFrom('files')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const response = await uploadFiles(OPS_A, [
      { name: 'ok.png', type: 'image/png', bytes: avatarPng(2) },
      { name: 'report.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF-1.7 ...') },
    ]);
    expect(response.statusCode).toBe(415);
    expect(response.json().error.message).toBe(
      'report.pdf: File type not allowed - application/pdf',
    );
    const after = await t.db
      .selectFrom('files')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('tells an MP4 from a HEIC photo in the same box format by its brand', async () => {
    const heic = Buffer.concat([MP4.subarray(0, 4), Buffer.from('ftypheic'), MP4.subarray(12)]);
    const response = await uploadFiles(OPS_A, [
      { name: 'IMG_0001.mp4', type: 'video/mp4', bytes: heic },
    ]);
    expect(response.statusCode).toBe(415);
    expect(response.json().error.message).toBe('IMG_0001.mp4: File type not allowed - video/mp4');
    const phone = Buffer.concat([MP4.subarray(0, 4), Buffer.from('ftypqt  '), MP4.subarray(12)]);
    expect(
      (await uploadFiles(OPS_A, [{ name: 'IMG_0002.mov', type: 'video/quicktime', bytes: phone }]))
        .statusCode,
    ).toBe(200);
  });

  it('refuses a file over 5,000,000 bytes with the form’s words', async () => {
    const big = Buffer.concat([avatarPng(3), Buffer.alloc(5_000_001)]);
    const response = await uploadFiles(OPS_A, [{ name: 'big.png', type: 'image/png', bytes: big }]);
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe('File size greater than 5mb');
  });

  it('serves a video in byte ranges, so it can be scrubbed', async () => {
    const [video] = (
      await uploadFiles(OPS_A, [{ name: 'v.mp4', type: 'video/mp4', bytes: MP4 }])
    ).json().resource;
    const whole = await t.app.inject({ method: 'GET', url: video.url });
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.length).toBe(MP4.length);
    const part = await t.app.inject({
      method: 'GET',
      url: video.url,
      headers: { range: 'bytes=4-11' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 4-11/${MP4.length}`);
    expect(part.body).toBe('ftypisom');
    const tail = await t.app.inject({
      method: 'GET',
      url: video.url,
      headers: { range: 'bytes=-10' },
    });
    expect(tail.rawPayload).toEqual(MP4.subarray(MP4.length - 10));
    const beyond = await t.app.inject({
      method: 'GET',
      url: video.url,
      headers: { range: `bytes=${MP4.length}-` },
    });
    expect(beyond.statusCode).toBe(416);
  });
});

describe('POST /incidents/add', () => {
  it('adds an incident with its files, numbered, reported by the caller', async () => {
    const files = await uploaded(SUP_A, 2);
    const response = await add(
      SUP_A,
      validBody({ files: files.map((f) => f.uuid), status: undefined }),
    );
    expect(response.statusCode).toBe(200);
    const [incident] = response.json<{ resource: Incident[] }>().resource;
    expect(incident).toMatchObject({
      residence_uuid: siteA1,
      residence_name: 'Alpha Heights',
      category_name: 'Theft',
      kg_security_company: { name: 'Alpha Guards' },
      description: 'Bicycle missing from bay B2.',
      actions_taken: 'Guard patrol increased.',
      status: 'PENDING',
      user_email: SUP_A,
      guard_id: null,
      lat: 3.139,
      lng: 101.6869,
    });
    expect(incident?.kg_incident_id).toMatch(/^INC-\d{6}$/);
    expect(incident?.files.map((f) => f.uuid)).toEqual(files.map((f) => f.uuid));
  });

  it('takes the reporter from the session, never from the payload', async () => {
    const response = await add(
      OPS_A,
      validBody({ user_email: 'someone@else.com', guard_id: 'G-1' }),
    );
    expect(response.json().resource[0]).toMatchObject({ user_email: OPS_A, guard_id: null });
  });

  it('gives concurrent adds distinct numbers, one after another', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => add(OPS_A, validBody())));
    const ids = answers.map((a) => a.json().resource[0].kg_incident_id as string);
    expect(new Set(ids).size).toBe(8);
    const numbers = ids.map((id) => Number(id.slice(4)));
    expect(Math.max(...numbers) - Math.min(...numbers)).toBe(7);
  });

  it('numbers each company’s incidents on its own, so no company learns another’s volume', async () => {
    const numberOf = async (email: string, site: string) => {
      const response = await add(email, validBody({ residence_uuid: site }));
      expect(response.statusCode, response.body).toBe(200);
      return Number((response.json().resource[0].kg_incident_id as string).slice(4));
    };
    const alphaFirst = await numberOf(OPS_A, siteA1);
    const bravoFirst = await numberOf(OPS_B, siteB);
    const bravoSecond = await numberOf(OPS_B, siteB);
    // At another of the company's sites, the same sequence.
    const alphaSecond = await numberOf(OPS_A, siteA2);
    expect(alphaSecond).toBe(alphaFirst + 1);
    expect(bravoSecond).toBe(bravoFirst + 1);
  });

  it.each([
    [['INC-000150'], 'INC-000151'],
    // Past a million the numbers grow a digit: the highest is not the last in text order.
    [['INC-999999', 'INC-1000000', 'INC-000007'], 'INC-1000001'],
  ])(
    'continues after the numbers already written (%j), as after the demo seed',
    async (written, next) => {
      const fresh = await makeTestApp();
      try {
        const company = await createCompany(fresh.db);
        const site = await createSite(fresh.db, company);
        await createUser(fresh.db, {
          email: 'x@example.com',
          role: 'securitycompany',
          companyUuid: company,
        });
        const cat = await fresh.db
          .selectFrom('incident_categories')
          .select('uuid')
          .where('name', '=', 'Fire')
          .executeTakeFirstOrThrow();
        await fresh.db
          .insertInto('incidents')
          .values(
            written.map((kg_incident_id) => ({
              uuid: randomUUID(),
              kg_incident_id,
              category_uuid: cat.uuid,
              residence_uuid: site,
              incident_date: minutesAgo(60),
              description: 'Seeded',
              number_sequence: company,
            })),
          )
          .execute();
        const session = await signIn(fresh.app, 'x@example.com', PASSWORD);
        const response = await fresh.app.inject({
          method: 'POST',
          url: '/kgapi/incidents/add',
          headers: authHeaders(session),
          payload: validBody({ residence_uuid: site, category_uuid: cat.uuid }),
        });
        expect(response.json().resource[0].kg_incident_id).toBe(next);
      } finally {
        await fresh.close();
      }
    },
  );

  it('refuses what the form refuses, with the form’s words', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ incident_date: '' }, 'Date is required.'],
      [{ residence_uuid: '' }, 'Site is required.'],
      [{ category_uuid: '' }, 'Category is required.'],
      [{ description: '   ' }, 'Description is required.'],
      [{ lat: 90.5 }, 'Enter value a between -90 and 90'],
      [{ lng: -180.01 }, 'Enter value a between -180 and 180'],
      [{ lat: null }, 'Lat cannot be blank.'],
      [{ lng: '' }, 'Long cannot be blank.'],
      [{ incident_date: minutesAgo(-10) }, 'The incident date and time cannot be later than now.'],
      [{ status: 'CLOSED' }, 'Status must be PENDING or RESOLVED.'],
      [{ incident_date: '2026-13-01' }, "incident_date must be UTC 'YYYY-MM-DD HH:mm:ss'."],
    ];
    for (const [overrides, message] of cases) {
      const response = await add(OPS_A, validBody(overrides));
      expect(response.statusCode, message).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
  });

  it('accepts an incident without coordinates', async () => {
    const response = await add(OPS_A, validBody({ lat: null, lng: '' }));
    expect(response.json().resource[0]).toMatchObject({ lat: null, lng: null });
  });

  it('refuses a site outside the caller’s scope and another user’s upload', async () => {
    const outside = await add(SUP_A, validBody({ residence_uuid: siteA2 }));
    expect(outside.json().error).toEqual({
      code: 'INVALID_SITE',
      message: 'Choose one of your sites.',
    });
    expect((await add(OPS_B, validBody())).json().error.code).toBe('INVALID_SITE');
    const [theirs] = await uploaded(OPS_B);
    const stolen = await add(OPS_A, validBody({ files: [theirs?.uuid] }));
    expect(stolen.json().error.message).toBe(
      'A file of this incident was not found. Please upload it again.',
    );
  });
});

describe('GET /incidents/list', () => {
  it('lists by role: a company its sites’, a supervisor its sites’, never another company’s', async () => {
    await add(OPS_A, validBody({ residence_uuid: siteA2, description: 'Gardens gate left open.' }));
    const bravo = (await add(OPS_B, validBody({ residence_uuid: siteB }))).json().resource[0].uuid;
    const sites = async (email: string) =>
      new Set((await list(email)).resource.map((i) => i.residence_uuid));
    expect(await sites(OPS_A)).toEqual(new Set([siteA1, siteA2]));
    expect(await sites(SUP_A)).toEqual(new Set([siteA1]));
    expect(await sites(OPS_B)).toEqual(new Set([siteB]));
    const widened = await list(OPS_A, `?filter=${encodeURIComponent(`(uuid = '${bravo}')`)}`);
    expect(widened.meta.count).toBe(0);
  });

  it('searches site name, reporter email and Guard ID, newest first, with a count', async () => {
    const search = (text: string) =>
      `?filter=${encodeURIComponent(`(residence_name like '%${text}%') or (user_email like '%${text}%') or (guard_id like '%${text}%')`)}&limit=8&offset=0`;
    const bySite = await list(OPS_A, search('gardens'));
    expect(bySite.resource.every((i) => i.residence_name === 'Alpha Gardens')).toBe(true);
    expect(bySite.meta.count).toBe(bySite.resource.length);
    const byEmail = await list(OPS_A, search('sup@alpha'));
    expect(byEmail.resource.every((i) => i.user_email === SUP_A)).toBe(true);
    expect(byEmail.meta.count).toBeGreaterThan(0);

    const guard = await createGuard(
      t.db,
      (
        await t.db
          .selectFrom('residences')
          .select('security_company_uuid')
          .where('uuid', '=', siteA1)
          .executeTakeFirstOrThrow()
      ).security_company_uuid ?? '',
      { guard_id: 'G-REPORT-1' },
    );
    await t.db
      .insertInto('incidents')
      .values({
        uuid: randomUUID(),
        kg_incident_id: 'INC-900001',
        category_uuid: category,
        residence_uuid: siteA1,
        incident_date: minutesAgo(5),
        description: 'From the app',
        reported_by_guard_uuid: guard,
      })
      .execute();
    const byGuard = await list(OPS_A, search('REPORT-1'));
    expect(byGuard.resource.map((i) => i.guard_id)).toEqual(['G-REPORT-1']);

    const all = await list(OPS_A);
    const created = all.resource.map((i) => i.created_at);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('loads one incident by uuid and a site’s incidents by residence_uuid', async () => {
    const [one] = (await list(SUP_A)).resource;
    const byUuid = await list(SUP_A, `?filter=${encodeURIComponent(`(uuid = '${one?.uuid}')`)}`);
    expect(byUuid.resource).toEqual([one]);
    const bySite = await list(
      OPS_A,
      `?filter=${encodeURIComponent(`(residence_uuid = '${siteA2}')`)}`,
    );
    expect(bySite.resource.every((i) => i.residence_uuid === siteA2)).toBe(true);
  });
});

describe('PATCH /incidents/{uuid}', () => {
  it('changes remarks and status, and replaces the files, keeping ones already attached', async () => {
    const [first, second] = await uploaded(SUP_A, 2);
    const created = (await add(SUP_A, validBody({ files: [first?.uuid] }))).json().resource[0];
    const response = await patch(SUP_A, created.uuid, {
      actions_taken: 'Police report lodged.',
      status: 'RESOLVED',
      files: [first?.uuid, second?.uuid],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().resource[0]).toMatchObject({
      actions_taken: 'Police report lodged.',
      status: 'RESOLVED',
      kg_incident_id: created.kg_incident_id,
    });
    expect(response.json().resource[0].files.map((f: { uuid: string }) => f.uuid)).toEqual([
      first?.uuid,
      second?.uuid,
    ]);
    // A colleague may keep the files already attached and remove one.
    const kept = await patch(OPS_A, created.uuid, { files: [second?.uuid] });
    expect(kept.json().resource[0].files.map((f: { uuid: string }) => f.uuid)).toEqual([
      second?.uuid,
    ]);
    expect(kept.json().resource[0].status).toBe('RESOLVED');
  });

  it('refuses an unknown status and answers 404 "Incident does not exist." outside scope', async () => {
    const created = (await add(OPS_A, validBody({ residence_uuid: siteA2 }))).json().resource[0];
    expect((await patch(OPS_A, created.uuid, { status: 'DONE' })).json().error.message).toBe(
      'Status must be PENDING or RESOLVED.',
    );
    for (const [email, uuid] of [
      [SUP_A, created.uuid],
      [OPS_B, created.uuid],
      [OPS_A, randomUUID()],
    ] as const) {
      const response = await patch(email, uuid, { status: 'RESOLVED' });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe('Incident does not exist.');
    }
  });
});
