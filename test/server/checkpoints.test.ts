import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkpoint } from '@contract/checkpoints';
import { CHECKPOINT_MESSAGES, CHECKPOINT_QR_PREFIX } from '@rules/checkpoints';
import { createCompany, createSite, createUser, PASSWORD } from './factories';
import { authHeaders, makeTestApp, signIn, type TestApp } from './test-app';

// Patrol checkpoints (issue 38): a site's points a round passes, kept by the superadmin, the
// site's company and its supervisors; each with an unguessable sticker code, retired rather than
// deleted, its sticker replaceable.

let t: TestApp;
let siteA1: string;
let siteA2: string;
let siteB1: string;
const tokens: Record<'admin' | 'company' | 'supervisor' | 'other', string> = {
  admin: '',
  company: '',
  supervisor: '',
  other: '',
};

beforeAll(async () => {
  t = await makeTestApp();
  const companyA = await createCompany(t.db, 'Aegis Guarding');
  const companyB = await createCompany(t.db, 'Benteng Protection');
  siteA1 = await createSite(t.db, companyA, { name: 'Alpha Towers' });
  siteA2 = await createSite(t.db, companyA, { name: 'Bravo Court' });
  siteB1 = await createSite(t.db, companyB, { name: 'Delta Heights' });
  await createUser(t.db, { email: 'admin@example.com', role: 'superadmin' });
  await createUser(t.db, {
    email: 'a@example.com',
    role: 'securitycompany',
    companyUuid: companyA,
  });
  await createUser(t.db, {
    email: 'sup@example.com',
    role: 'sitesupervisor',
    companyUuid: companyA,
    siteUuids: [siteA1],
  });
  await createUser(t.db, {
    email: 'b@example.com',
    role: 'securitycompany',
    companyUuid: companyB,
  });
  tokens.admin = await signIn(t.app, 'admin@example.com', PASSWORD);
  tokens.company = await signIn(t.app, 'a@example.com', PASSWORD);
  tokens.supervisor = await signIn(t.app, 'sup@example.com', PASSWORD);
  tokens.other = await signIn(t.app, 'b@example.com', PASSWORD);
});
afterAll(() => t.close());

const call = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url: `/kgapi${url}`, headers: authHeaders(token), payload });

async function add(token: string, body: Record<string, unknown>): Promise<Checkpoint> {
  const response = await call(token, 'POST', '/checkpoints', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ resource: Checkpoint[] }>().resource[0] as Checkpoint;
}

async function listOf(token: string, filter: string) {
  const response = await call(
    token,
    'GET',
    `/checkpoints/list?filter=${encodeURIComponent(filter)}&include_count=true`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ resource: Checkpoint[]; meta: { count: number } }>();
}

const refusal = (response: { json: () => unknown }) =>
  (response.json() as { error: { code: string; message: string; field?: string } }).error;

describe('checkpoints', () => {
  it('adds a site’s checkpoints with an unguessable sticker code, listed by name', async () => {
    const pool = await add(tokens.company, {
      residence_uuid: siteA1,
      name: '  Pool gate ',
      instructions: 'Gate shut and locked',
      latitude: 3.1579,
      longitude: 101.7123,
    });
    expect(pool).toMatchObject({
      residence_uuid: siteA1,
      residence_name: 'Alpha Towers',
      name: 'Pool gate',
      instructions: 'Gate shut and locked',
      latitude: 3.1579,
      longitude: 101.7123,
      retired_at: null,
    });
    expect(pool.qr_text).toMatch(new RegExp(`^${CHECKPOINT_QR_PREFIX}[A-Za-z0-9_-]{22}$`));
    const park = await add(tokens.supervisor, { residence_uuid: siteA1, name: 'Car park B2' });
    expect(park).toMatchObject({ instructions: '', latitude: null, longitude: null });
    expect(park.qr_text).not.toBe(pool.qr_text);

    const { resource, meta } = await listOf(tokens.company, `(residence_uuid = '${siteA1}')`);
    expect(resource.map((row) => row.name)).toEqual(['Car park B2', 'Pool gate']);
    expect(meta.count).toBe(2);
  });

  it('refuses bad input at its field and saves nothing', async () => {
    const cases: Array<[Record<string, unknown>, string, string, number]> = [
      [{ name: '  ' }, 'name', CHECKPOINT_MESSAGES.nameRequired, 400],
      [{ name: 'x'.repeat(101) }, 'name', CHECKPOINT_MESSAGES.nameTooLong, 400],
      [
        { name: 'Roof', latitude: 91, longitude: 0 },
        'latitude',
        CHECKPOINT_MESSAGES.latitudeOutOfRange,
        400,
      ],
      [{ name: 'Roof', latitude: 3.1 }, 'longitude', CHECKPOINT_MESSAGES.positionHalf, 400],
      [
        { name: 'Back fence', instructions: 'y'.repeat(1001) },
        'instructions',
        CHECKPOINT_MESSAGES.instructionsTooLong,
        400,
      ],
    ];
    for (const [body, field, message, status] of cases) {
      const response = await call(tokens.company, 'POST', '/checkpoints', {
        residence_uuid: siteA2,
        ...body,
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(refusal(response)).toMatchObject({ field, message });
    }
    await add(tokens.company, { residence_uuid: siteA2, name: 'Lobby' });
    const twice = await call(tokens.company, 'POST', '/checkpoints', {
      residence_uuid: siteA2,
      name: 'LOBBY',
    });
    expect(twice.statusCode).toBe(409);
    expect(refusal(twice)).toMatchObject({ field: 'name', message: CHECKPOINT_MESSAGES.nameTaken });
    expect((await listOf(tokens.company, `(residence_uuid = '${siteA2}')`)).meta.count).toBe(1);
  });

  it('keeps each role to its sites', async () => {
    await add(tokens.other, { residence_uuid: siteB1, name: 'Guardhouse' });
    // A supervisor adds only at its sites; another company not at all.
    for (const [token, site] of [
      [tokens.supervisor, siteA2],
      [tokens.other, siteA1],
    ] as const) {
      const response = await call(token, 'POST', '/checkpoints', {
        residence_uuid: site,
        name: 'X',
      });
      expect(response.statusCode).toBe(400);
      expect(refusal(response)).toMatchObject({
        field: 'residence_uuid',
        message: CHECKPOINT_MESSAGES.siteUnknown,
      });
    }
    const names = async (token: string) =>
      (await listOf(token, '(retired_at IS NULL)')).resource.map((row) => row.residence_name);
    expect(new Set(await names(tokens.admin))).toEqual(
      new Set(['Alpha Towers', 'Bravo Court', 'Delta Heights']),
    );
    expect(new Set(await names(tokens.company))).toEqual(new Set(['Alpha Towers', 'Bravo Court']));
    expect(new Set(await names(tokens.supervisor))).toEqual(new Set(['Alpha Towers']));
    expect(new Set(await names(tokens.other))).toEqual(new Set(['Delta Heights']));

    const theirs = (await listOf(tokens.other, '(retired_at IS NULL)')).resource[0] as Checkpoint;
    for (const [method, url] of [
      ['PATCH', `/checkpoints/${theirs.uuid}`],
      ['POST', `/checkpoints/${theirs.uuid}/retire`],
      ['POST', `/checkpoints/${theirs.uuid}/sticker`],
    ] as const) {
      const response = await call(
        tokens.company,
        method,
        url,
        method === 'PATCH' ? { name: 'Y' } : undefined,
      );
      expect(response.statusCode, url).toBe(404);
      expect(refusal(response).message).toBe(CHECKPOINT_MESSAGES.notFound);
    }
  });

  it('changes a checkpoint, replaces its sticker, retires it, and then refuses changes', async () => {
    const roof = await add(tokens.company, { residence_uuid: siteA2, name: 'Roof' });
    const changed = await call(
      tokens.supervisor === '' ? tokens.company : tokens.company,
      'PATCH',
      `/checkpoints/${roof.uuid}`,
      {
        name: 'Roof door',
        instructions: 'Door alarm on',
      },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<{ resource: Checkpoint[] }>().resource[0]).toMatchObject({
      name: 'Roof door',
      instructions: 'Door alarm on',
      qr_text: roof.qr_text,
    });

    // It stays at its site.
    const moved = await call(tokens.company, 'PATCH', `/checkpoints/${roof.uuid}`, {
      residence_uuid: siteA1,
    });
    expect(moved.statusCode).toBe(400);
    expect(refusal(moved)).toMatchObject({
      field: 'residence_uuid',
      message: CHECKPOINT_MESSAGES.siteFixed,
    });

    const replaced = await call(tokens.company, 'POST', `/checkpoints/${roof.uuid}/sticker`);
    expect(replaced.statusCode).toBe(200);
    const after = replaced.json<{ resource: Checkpoint[] }>().resource[0] as Checkpoint;
    expect(after.qr_text).not.toBe(roof.qr_text);
    expect(after.qr_text.startsWith(CHECKPOINT_QR_PREFIX)).toBe(true);

    const retired = await call(tokens.company, 'POST', `/checkpoints/${roof.uuid}/retire`);
    expect(retired.statusCode).toBe(200);
    expect(retired.json<{ resource: Checkpoint[] }>().resource[0]?.retired_at).not.toBeNull();
    for (const [method, url] of [
      ['PATCH', `/checkpoints/${roof.uuid}`],
      ['POST', `/checkpoints/${roof.uuid}/retire`],
      ['POST', `/checkpoints/${roof.uuid}/sticker`],
    ] as const) {
      const response = await call(
        tokens.company,
        method,
        url,
        method === 'PATCH' ? { name: 'Z' } : undefined,
      );
      expect(response.statusCode, url).toBe(409);
      expect(refusal(response).message).toBe(CHECKPOINT_MESSAGES.retired);
    }
    // Its name is free again for a new checkpoint; the retired one is still listed.
    await add(tokens.company, { residence_uuid: siteA2, name: 'Roof door' });
    const all = await listOf(tokens.company, `(residence_uuid = '${siteA2}')`);
    expect(
      all.resource.filter((row) => row.name === 'Roof door').map((row) => row.retired_at === null),
    ).toEqual(expect.arrayContaining([true, false]));
    const live = await listOf(
      tokens.company,
      `(residence_uuid = '${siteA2}') AND (retired_at IS NULL)`,
    );
    expect(live.resource.every((row) => row.retired_at === null)).toBe(true);

    // Each change is in the audit trail.
    const audit = await call(
      tokens.company,
      'GET',
      `/audit/list?filter=${encodeURIComponent(`(entity_uuid = '${roof.uuid}')`)}`,
    );
    expect(audit.statusCode, audit.body).toBe(200);
    expect(
      audit
        .json<{ resource: Array<{ action: string; entity: string }> }>()
        .resource.map((row) => [row.entity, row.action]),
    ).toEqual([
      ['checkpoint', 'update'],
      ['checkpoint', 'update'],
      ['checkpoint', 'update'],
      ['checkpoint', 'create'],
    ]);
  });
});
