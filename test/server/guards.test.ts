import { diskStorage } from '../../server/src/storage/file-storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from '../../server/src/db/seed/demo';
import { avatarPng } from '../../server/src/db/seed/images';
import type { SniffedType } from '../../server/src/modules/files/file-content';
import { createFilesRepository } from '../../server/src/modules/files/files.repository';
import {
  BIRTHDATE_NOT_ISO,
  COMPANY_NOT_FOUND,
  GUARD_ID_IN_USE,
  OTHER_COMPANY,
  OTHER_SITE,
  PHOTO_NOT_FOUND,
  SITE_INVALID,
} from '../../server/src/modules/guards/guards.service';
import { PHOTO_TYPE_NOT_ALLOWED } from '@rules/files';
import { GUARD_MESSAGES, isValidPin } from '@rules/guards';
import {
  createAttendance,
  createCompany,
  createGuard,
  createSite,
  createUser,
  PASSWORD,
} from './factories';
import { refuseInserts } from './test-database';
import { authHeaders, makeTestApp, signIn, type TestApp } from './test-app';
import type { Guard } from '@contract/guards';

const GUARD_FIELDS = [
  'uuid',
  'guard_id',
  'name',
  'email',
  'address',
  'contact_number',
  'ic_passport_number',
  'nationality',
  'birthdate',
  'is_active',
  'security_company_uuid',
  'security_company_name',
  'pin',
  'pin_enabled',
  'photo',
  'photo_url',
  'created_at',
  'updated_at',
  'deleted_at',
  'kg_residence_guards',
].sort();

type Caller = 'admin' | 'companyA' | 'companyB' | 'supervisor';

/** Two companies, their sites and one login per role, on a fresh database. */
async function makeWorld() {
  const t = await makeTestApp();
  const companyA = await createCompany(t.db, 'Aegis Guarding');
  const companyB = await createCompany(t.db, 'Benteng Protection');
  const siteA1 = await createSite(t.db, companyA, { name: 'Alpha Towers' });
  const siteA2 = await createSite(t.db, companyA, { name: 'Bravo Court' });
  const siteAOff = await createSite(t.db, companyA, {
    name: 'Charlie Park',
    kipleguard_enabled: 0,
  });
  const siteB1 = await createSite(t.db, companyB, { name: 'Delta Heights' });
  const emails: Record<Caller, string> = {
    admin: 'admin@example.com',
    companyA: 'company-a@example.com',
    companyB: 'company-b@example.com',
    supervisor: 'supervisor@example.com',
  };
  const profiles = {} as Record<Caller, string>;
  profiles.admin = await createUser(t.db, { email: emails.admin, role: 'superadmin' });
  profiles.companyA = await createUser(t.db, {
    email: emails.companyA,
    role: 'securitycompany',
    companyUuid: companyA,
  });
  profiles.companyB = await createUser(t.db, {
    email: emails.companyB,
    role: 'securitycompany',
    companyUuid: companyB,
  });
  profiles.supervisor = await createUser(t.db, {
    email: emails.supervisor,
    role: 'sitesupervisor',
    companyUuid: companyA,
    siteUuids: [siteA1],
  });
  const tokens = {} as Record<Caller, string>;
  for (const caller of Object.keys(emails) as Caller[]) {
    tokens[caller] = await signIn(t.app, emails[caller], PASSWORD);
  }

  async function call(
    caller: Caller,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    options: { query?: Record<string, string>; payload?: Record<string, unknown> } = {},
  ) {
    return t.app.inject({
      method,
      url: `/kgapi${url}`,
      query: options.query,
      payload: options.payload,
      headers: authHeaders(tokens[caller]),
    });
  }

  async function list(caller: Caller, query: Record<string, string> = {}) {
    const response = await call(caller, 'GET', '/guards/list', { query });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ resource: Guard[]; meta: { count: number } }>();
  }

  /** A file as the upload call stores it for that caller. */
  function uploadAs(
    caller: Caller,
    file: { bytes: Uint8Array; filename: string; type: SniffedType },
  ) {
    return createFilesRepository(t.db, diskStorage(t.dataDir)).save({
      ...file,
      uploadedBy: profiles[caller],
    });
  }

  return {
    t,
    uploadAs,
    companyA,
    companyB,
    siteA1,
    siteA2,
    siteAOff,
    siteB1,
    call,
    list,
    close: () => t.close(),
  };
}

type World = Awaited<ReturnType<typeof makeWorld>>;

let payloadNumber = 0;

/** A valid add payload for company A, posted to site A1. */
function validPayload(w: World, overrides: Record<string, unknown> = {}) {
  payloadNumber += 1;
  return {
    security_company_uuid: w.companyA,
    residence_uuids: [w.siteA1],
    guard_id: `NEW-${payloadNumber}`,
    name: `Nur Aisyah ${payloadNumber}`,
    nationality: 'Malaysian',
    contact_number: '0123456789',
    ic_passport_number: `900131-14-${String(payloadNumber).padStart(4, '0')}`,
    birthdate: '1990-01-31',
    email: `aisyah${payloadNumber}@mail.example.com`,
    address: '12 Jalan Bukit Bintang, Kuala Lumpur',
    ...overrides,
  };
}

function expectError(
  response: { statusCode: number; json: () => { error: { code: string; message: string } } },
  status: number,
  message: string,
) {
  expect(response.statusCode).toBe(status);
  expect(response.json().error.message).toBe(message);
}

describe('GET /guards/list', () => {
  let w: World;
  let alice: string;
  let bob: string;
  let chan: string;
  let dana: string;
  let deleted: string;

  beforeAll(async () => {
    w = await makeWorld();
    const photo = await createFilesRepository(w.t.db, diskStorage(w.t.dataDir)).save({
      bytes: avatarPng(1),
      filename: 'alice.png',
      type: 'image/png',
    });
    alice = await createGuard(
      w.t.db,
      w.companyA,
      {
        guard_id: 'A-001',
        name: 'Alice Tan',
        created_at: '2024-01-01 08:00:00',
        photo_file_uuid: photo.uuid,
      },
      [w.siteA1, w.siteA2],
    );
    bob = await createGuard(
      w.t.db,
      w.companyA,
      { guard_id: 'A-002', name: 'Bob Lim', created_at: '2024-01-03 08:00:00', email: null },
      [w.siteA2],
    );
    chan = await createGuard(
      w.t.db,
      w.companyA,
      { guard_id: 'A-003', name: 'Chan Wei', created_at: '2024-01-02 08:00:00' },
      [w.siteAOff],
    );
    dana = await createGuard(
      w.t.db,
      w.companyB,
      { guard_id: 'B-001', name: 'Dana Alias', created_at: '2024-01-04 08:00:00' },
      [w.siteB1],
    );
    deleted = await createGuard(
      w.t.db,
      w.companyA,
      { guard_id: 'A-009', name: 'Gone Guard', deleted_at: '2024-02-01 00:00:00' },
      [w.siteA1],
    );
  });
  afterAll(() => w.close());

  it('answers live guards, newest first, with exactly the spec’s fields', async () => {
    const { resource, meta } = await w.list('admin');
    expect(resource.map((g) => g.uuid)).toEqual([dana, bob, chan, alice]);
    expect(meta.count).toBe(4);
    for (const guard of resource) expect(Object.keys(guard).sort()).toEqual(GUARD_FIELDS);
    const first = resource.find((g) => g.uuid === alice);
    expect(first).toMatchObject({
      guard_id: 'A-001',
      name: 'Alice Tan',
      security_company_uuid: w.companyA,
      security_company_name: 'Aegis Guarding',
      birthdate: '1990-01-31',
      is_active: 1,
      // A PIN is never listed: only whether there is one, and a reveal shows it.
      pin: null,
      pin_enabled: true,
      deleted_at: null,
      kg_residence_guards: [
        {
          residence_uuid: w.siteA1,
          residence_name: 'Alpha Towers',
          residence_kipleguard_enabled: 1,
        },
        {
          residence_uuid: w.siteA2,
          residence_name: 'Bravo Court',
          residence_kipleguard_enabled: 1,
        },
      ],
    });
    expect(first?.photo).toMatch(/^[0-9a-f-]{36}$/);
    expect(first?.photo_url).toMatch(/^\/kgapi\/files\/view\/[0-9a-f]{64}$/);
    expect(resource.find((g) => g.uuid === chan)?.kg_residence_guards).toEqual([
      {
        residence_uuid: w.siteAOff,
        residence_name: 'Charlie Park',
        residence_kipleguard_enabled: 0,
      },
    ]);
    expect(resource.find((g) => g.uuid === bob)).toMatchObject({ email: null, photo_url: null });
  });

  it('finds a guard by uuid, but never a deleted one', async () => {
    expect((await w.list('admin', { filter: `(uuid='${bob}')` })).resource).toHaveLength(1);
    const gone = await w.list('admin', { filter: `(uuid='${deleted}')` });
    expect(gone).toEqual({ resource: [], meta: { count: 0 } });
  });

  it('searches guard_id, name and company name as the console does, counting every match', async () => {
    const search = (text: string) =>
      w.list('admin', {
        filter: ['guard_id', 'name', 'security_company_name']
          .map((field) => `(${field} like '%${text}%')`)
          .join(' OR '),
        limit: '1',
      });
    const byName = await search('ali');
    expect(byName.meta.count).toBe(2); // Alice Tan, Dana Alias
    expect(byName.resource.map((g) => g.uuid)).toEqual([dana]);
    expect((await search('a-00')).meta.count).toBe(3);
    const byCompany = await search('benteng');
    expect(byCompany.resource.map((g) => g.uuid)).toEqual([dana]);
  });

  it('filters by site through the guard’s links, and by company', async () => {
    const atBravo = await w.list('admin', { filter: `(residence_uuid='${w.siteA2}')` });
    expect(atBravo.resource.map((g) => g.uuid)).toEqual([bob, alice]);
    const notAtBravo = await w.list('admin', { filter: `NOT (residence_uuid='${w.siteA2}')` });
    expect(notAtBravo.resource.map((g) => g.uuid)).toEqual([dana, chan]);
    const ofB = await w.list('admin', { filter: `security_company_uuid='${w.companyB}'` });
    expect(ofB.resource.map((g) => g.uuid)).toEqual([dana]);
  });

  it('sorts and pages with limit and offset', async () => {
    const byName = await w.list('admin', { order: 'name asc' });
    expect(byName.resource.map((g) => g.name)).toEqual([
      'Alice Tan',
      'Bob Lim',
      'Chan Wei',
      'Dana Alias',
    ]);
    const page = await w.list('admin', { order: 'guard_id desc', limit: '2', offset: '1' });
    expect(page.resource.map((g) => g.guard_id)).toEqual(['A-003', 'A-002']);
    expect(page.meta.count).toBe(4);
    const byCompany = await w.list('admin', { order: 'security_company_name desc', limit: '1' });
    expect(byCompany.resource.map((g) => g.uuid)).toEqual([dana]);
  });

  it('adds the company object on related=kg_security_company and refuses unknown relations', async () => {
    const { resource } = await w.list('admin', {
      filter: `(uuid='${dana}')`,
      related: 'kg_residence_guards,kg_security_company',
    });
    expect(resource[0]?.kg_security_company).toEqual({
      uuid: w.companyB,
      name: 'Benteng Protection',
    });
    const bad = await w.call('admin', 'GET', '/guards/list', { query: { related: 'identities' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('INVALID_RELATED');
  });

  it('refuses unknown fields and hostile filters with 400', async () => {
    for (const filter of [
      "(password='x')",
      "name='a' UNION SELECT * FROM identities",
      "' OR 1=1 --",
    ]) {
      const response = await w.call('admin', 'GET', '/guards/list', { query: { filter } });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('INVALID_FILTER');
    }
    const order = await w.call('admin', 'GET', '/guards/list', {
      query: { order: 'residence_uuid' },
    });
    expect(order.statusCode).toBe(400);
  });

  it('limits a company to its own guards and a supervisor to guards of its sites', async () => {
    expect((await w.list('companyA')).resource.map((g) => g.uuid)).toEqual([bob, chan, alice]);
    expect((await w.list('companyB')).resource.map((g) => g.uuid)).toEqual([dana]);
    expect((await w.list('supervisor')).resource.map((g) => g.uuid)).toEqual([alice]);
    const other = await w.list('companyA', { filter: `(uuid='${dana}')` });
    expect(other).toEqual({ resource: [], meta: { count: 0 } });
    const widened = await w.list('supervisor', { filter: `(uuid='${bob}') OR (uuid='${dana}')` });
    expect(widened.meta.count).toBe(0);
  });

  it('needs a session', async () => {
    const response = await w.t.app.inject({ method: 'GET', url: '/kgapi/guards/list' });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /guards/add', () => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld();
  });
  afterAll(() => w.close());

  const add = (caller: Caller, payload: Record<string, unknown>) =>
    w.call(caller, 'POST', '/guards/add', { payload });

  it('saves the guard and its sites, generates a PIN, and answers the saved record', async () => {
    const photo = await w.uploadAs('companyA', {
      bytes: avatarPng(2),
      filename: 'face.png',
      type: 'image/png',
    });
    const payload = validPayload(w, {
      residence_uuids: [w.siteA1, w.siteA2],
      photo: photo.uuid,
      photo_url: 'https://evil.example.com/x.png',
      name: '  Nur Aisyah  ',
    });
    const response = await add('companyA', payload);
    expect(response.statusCode, response.body).toBe(200);
    const [guard] = response.json<{ resource: Guard[] }>().resource;
    expect(Object.keys(guard ?? {}).sort()).toEqual(GUARD_FIELDS);
    expect(guard).toMatchObject({
      guard_id: payload.guard_id,
      name: 'Nur Aisyah',
      email: payload.email,
      security_company_uuid: w.companyA,
      security_company_name: 'Aegis Guarding',
      birthdate: '1990-01-31',
      is_active: 1,
      photo: photo.uuid,
      photo_url: photo.url,
      deleted_at: null,
    });
    expect(isValidPin(guard?.pin ?? '')).toBe(true);
    expect(guard?.kg_residence_guards.map((s) => s.residence_uuid)).toEqual([w.siteA1, w.siteA2]);
    const links = await w.t.db
      .selectFrom('guard_residences')
      .select('residence_uuid')
      .where('guard_uuid', '=', guard?.uuid ?? '')
      .execute();
    expect(links.map((l) => l.residence_uuid).sort()).toEqual([w.siteA1, w.siteA2].sort());
  });

  it('keeps a valid PIN it is given and refuses an invalid one', async () => {
    const kept = await add('admin', validPayload(w, { pin: '654321' }));
    expect(kept.json().resource[0].pin).toBe('654321');
    for (const pin of ['012345', '099999', '1000000', 'abcdef']) {
      expectError(await add('admin', validPayload(w, { pin })), 400, GUARD_MESSAGES.pinInvalid);
    }
  });

  it('takes no sites and no email, as both are optional', async () => {
    const response = await add('admin', validPayload(w, { residence_uuids: [], email: '' }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().resource[0]).toMatchObject({ email: null, kg_residence_guards: [] });
  });

  it.each([
    ['security_company_uuid', '', GUARD_MESSAGES.companyRequired],
    ['security_company_uuid', null, GUARD_MESSAGES.companyRequired],
    ['guard_id', ' ', GUARD_MESSAGES.guardIdRequired],
    ['name', '', GUARD_MESSAGES.nameRequired],
    ['nationality', '', GUARD_MESSAGES.nationalityRequired],
    ['contact_number', '', GUARD_MESSAGES.contactOnAdd],
    ['contact_number', '012345678', GUARD_MESSAGES.contactOnAdd],
    ['contact_number', '+60123456789', GUARD_MESSAGES.contactOnAdd],
    ['contact_number', '012-3456789', GUARD_MESSAGES.contactOnAdd],
    ['ic_passport_number', '', GUARD_MESSAGES.icPassportRequired],
    ['birthdate', '', GUARD_MESSAGES.birthdateRequired],
    ['birthdate', '31/01/1990', BIRTHDATE_NOT_ISO],
    ['birthdate', '1990-02-30', BIRTHDATE_NOT_ISO],
    ['email', 'not-an-email', GUARD_MESSAGES.emailInvalid],
    ['address', '', GUARD_MESSAGES.addressRequired],
  ])('refuses %s = %j with “%s”', async (field, value, message) => {
    const before = await guardCount(w);
    const response = await add('admin', validPayload(w, { [field]: value }));
    expectError(response, 400, message);
    expect(await guardCount(w)).toBe(before);
  });

  it('refuses a missing field with its message, and answers the first problem in form order', async () => {
    const withoutName: Record<string, unknown> = validPayload(w);
    delete withoutName.name;
    expectError(await add('admin', withoutName), 400, GUARD_MESSAGES.nameRequired);
    expectError(await add('admin', {}), 400, GUARD_MESSAGES.companyRequired);
    expectError(
      await add('admin', validPayload(w, { address: '', contact_number: '1' })),
      400,
      GUARD_MESSAGES.contactOnAdd,
    );
  });

  it('refuses an email a login already has, whatever its case (409)', async () => {
    const response = await add('admin', validPayload(w, { email: 'Company-A@Example.com' }));
    expectError(response, 409, GUARD_MESSAGES.emailInUse);
    // The answer names the field, so the form marks Email rather than showing a toast.
    expect(response.json().error).toMatchObject({ code: 'EMAIL_IN_USE', field: 'email' });
  });

  it('refuses a Guard ID a live guard of the company has, but not one of another company or a deleted guard', async () => {
    await createGuard(w.t.db, w.companyA, { guard_id: 'DUP-1' });
    await createGuard(w.t.db, w.companyA, { guard_id: 'DUP-2', deleted_at: '2024-01-01 00:00:00' });
    const taken = await add('admin', validPayload(w, { guard_id: 'DUP-1' }));
    expectError(taken, 409, GUARD_ID_IN_USE);
    expect(taken.json().error).toMatchObject({ code: 'GUARD_ID_IN_USE', field: 'guard_id' });
    const otherCompany = await add(
      'admin',
      validPayload(w, {
        guard_id: 'DUP-1',
        security_company_uuid: w.companyB,
        residence_uuids: [w.siteB1],
      }),
    );
    expect(otherCompany.statusCode, otherCompany.body).toBe(200);
    expect((await add('admin', validPayload(w, { guard_id: 'DUP-2' }))).statusCode).toBe(200);
  });

  it.each([
    ['a site with the guard service off', (x: World) => x.siteAOff],
    ['another company’s site', (x: World) => x.siteB1],
    ['an unknown site', () => '00000000-0000-4000-8000-000000000000'],
  ])('refuses %s with 400', async (_label, site) => {
    const response = await add('admin', validPayload(w, { residence_uuids: [w.siteA1, site(w)] }));
    expectError(response, 400, SITE_INVALID);
  });

  it('refuses a deleted site', async () => {
    const gone = await createSite(w.t.db, w.companyA, { name: 'Gone' });
    await w.t.db
      .updateTable('residences')
      .set({ deleted_at: '2024-01-01 00:00:00' })
      .where('uuid', '=', gone)
      .execute();
    expectError(
      await add('admin', validPayload(w, { residence_uuids: [gone] })),
      400,
      SITE_INVALID,
    );
  });

  it('refuses an unknown company, and a photo that is not an uploaded image', async () => {
    const unknown = await add(
      'admin',
      validPayload(w, { security_company_uuid: 'no-such-company', residence_uuids: [] }),
    );
    expectError(unknown, 400, COMPANY_NOT_FOUND);
    const noFile = await add('admin', validPayload(w, { photo: 'no-such-file' }));
    expectError(noFile, 400, PHOTO_NOT_FOUND);
    const video = await w.uploadAs('admin', {
      bytes: new Uint8Array([0, 0, 0, 24, 0x66, 0x74, 0x79, 0x70, 0, 0, 0, 0]),
      filename: 'clip.mp4',
      type: 'video/mp4',
    });
    expectError(
      await add('admin', validPayload(w, { photo: video.uuid })),
      400,
      PHOTO_TYPE_NOT_ALLOWED,
    );
  });

  it('refuses a photo another user uploaded, as if it did not exist', async () => {
    const theirs = await w.uploadAs('companyB', {
      bytes: avatarPng(3),
      filename: 'theirs.png',
      type: 'image/png',
    });
    expectError(
      await add('companyA', validPayload(w, { photo: theirs.uuid })),
      400,
      PHOTO_NOT_FOUND,
    );
  });

  it('lets a company create guards only for itself and link only its own sites', async () => {
    const forB = await add(
      'companyA',
      validPayload(w, { security_company_uuid: w.companyB, residence_uuids: [w.siteB1] }),
    );
    expectError(forB, 403, OTHER_COMPANY);
    const linkB = await add('companyA', validPayload(w, { residence_uuids: [w.siteB1] }));
    expectError(linkB, 400, SITE_INVALID);
  });

  it('lets a supervisor create guards only for its company and its own sites, with at least one', async () => {
    const ok = await add('supervisor', validPayload(w));
    expect(ok.statusCode, ok.body).toBe(200);
    expectError(
      await add('supervisor', validPayload(w, { residence_uuids: [w.siteA1, w.siteA2] })),
      403,
      OTHER_SITE,
    );
    expectError(
      await add('supervisor', validPayload(w, { residence_uuids: [] })),
      400,
      GUARD_MESSAGES.siteRequired,
    );
    expectError(
      await add(
        'supervisor',
        validPayload(w, { security_company_uuid: w.companyB, residence_uuids: [w.siteB1] }),
      ),
      403,
      OTHER_COMPANY,
    );
  });

  it('writes nothing when the save fails halfway (one transaction)', async () => {
    const beforeGuards = await guardCount(w);
    const beforeLinks = await linkCount(w);
    await failLinksTo(w, w.siteA2, async () => {
      const response = await add(
        'admin',
        validPayload(w, { residence_uuids: [w.siteA1, w.siteA2] }),
      );
      expect(response.statusCode).toBe(500);
    });
    expect(await guardCount(w)).toBe(beforeGuards);
    expect(await linkCount(w)).toBe(beforeLinks);
  });
});

describe('PATCH /guards/{uuid}', () => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld();
  });
  afterAll(() => w.close());

  const update = (caller: Caller, uuid: string, payload: Record<string, unknown>) =>
    w.call(caller, 'PATCH', `/guards/${uuid}`, { payload });

  it('updates the fields, replaces the sites and keeps what the payload leaves out', async () => {
    const uuid = await createGuard(w.t.db, w.companyA, { name: 'Old Name' }, [w.siteA1]);
    await w.t.db
      .updateTable('guards')
      .set({ updated_at: '2024-01-01 00:00:00' })
      .where('uuid', '=', uuid)
      .execute();
    const response = await update('companyA', uuid, {
      name: 'New Name',
      residence_uuids: [w.siteA2],
      pin: '999999',
      kg_residence_guards: [],
    });
    expect(response.statusCode, response.body).toBe(200);
    const [guard] = response.json<{ resource: Guard[] }>().resource;
    expect(guard).toMatchObject({
      uuid,
      name: 'New Name',
      pin: null, // shown only on a reveal
      pin_enabled: true,
      contact_number: '0123456789',
      kg_residence_guards: [{ residence_uuid: w.siteA2 }],
    });
    // The PIN changes only through updatepin.
    const stored = await w.t.db
      .selectFrom('guards')
      .select('pin')
      .where('uuid', '=', uuid)
      .executeTakeFirstOrThrow();
    expect(stored.pin).toBe('123456');
    expect(guard?.updated_at).not.toBe('2024-01-01 00:00:00');
    const kept = await update('companyA', uuid, { nationality: 'Nepali' });
    expect(kept.json().resource[0]).toMatchObject({
      name: 'New Name',
      nationality: 'Nepali',
      kg_residence_guards: [{ residence_uuid: w.siteA2 }],
    });
  });

  it('validates the result with the edit messages', async () => {
    const uuid = await createGuard(w.t.db, w.companyA, {}, [w.siteA1]);
    expectError(
      await update('admin', uuid, { contact_number: '123' }),
      400,
      GUARD_MESSAGES.contactOnEdit,
    );
    expectError(await update('admin', uuid, { name: '' }), 400, GUARD_MESSAGES.nameRequired);
    expectError(
      await update('admin', uuid, { birthdate: null }),
      400,
      GUARD_MESSAGES.birthdateRequired,
    );
    expectError(await update('admin', uuid, { email: 'x@' }), 400, GUARD_MESSAGES.emailInvalid);
    expectError(
      await update('admin', uuid, { email: 'supervisor@example.com' }),
      409,
      GUARD_MESSAGES.emailInUse,
    );
  });

  it('refuses another guard’s Guard ID, but lets a guard keep its own', async () => {
    await createGuard(w.t.db, w.companyA, { guard_id: 'KEEP-1' });
    const uuid = await createGuard(w.t.db, w.companyA, { guard_id: 'KEEP-2' });
    expectError(await update('admin', uuid, { guard_id: 'KEEP-1' }), 409, GUARD_ID_IN_USE);
    expect((await update('admin', uuid, { guard_id: 'KEEP-2', name: 'Same ID' })).statusCode).toBe(
      200,
    );
  });

  it('moves a guard to another company only with sites of that company', async () => {
    const uuid = await createGuard(w.t.db, w.companyA, {}, [w.siteA1]);
    expectError(
      await update('admin', uuid, { security_company_uuid: w.companyB }),
      400,
      SITE_INVALID,
    );
    const moved = await update('admin', uuid, {
      security_company_uuid: w.companyB,
      residence_uuids: [w.siteB1],
    });
    expect(moved.json().resource[0]).toMatchObject({
      security_company_name: 'Benteng Protection',
      kg_residence_guards: [{ residence_uuid: w.siteB1 }],
    });
  });

  it('answers 404 for a guard outside the caller’s scope, deleted or unknown, and changes nothing', async () => {
    const ofB = await createGuard(w.t.db, w.companyB, { name: 'Of B' }, [w.siteB1]);
    const atA2 = await createGuard(w.t.db, w.companyA, { name: 'At A2' }, [w.siteA2]);
    const gone = await createGuard(w.t.db, w.companyA, { deleted_at: '2024-01-01 00:00:00' });
    for (const [caller, uuid] of [
      ['companyA', ofB],
      ['supervisor', ofB],
      ['supervisor', atA2],
      ['admin', gone],
      ['admin', 'no-such-guard'],
    ] as const) {
      expectError(await update(caller, uuid, { name: 'Hacked' }), 404, 'Record does not exist.');
    }
    const names = await w.t.db
      .selectFrom('guards')
      .select('name')
      .where('uuid', 'in', [ofB, atA2])
      .execute();
    expect(names.map((n) => n.name).sort()).toEqual(['At A2', 'Of B']);
  });

  it('refuses to move a company’s guard to another company', async () => {
    const uuid = await createGuard(w.t.db, w.companyA, {}, [w.siteA1]);
    expectError(
      await update('companyA', uuid, {
        security_company_uuid: w.companyB,
        residence_uuids: [w.siteB1],
      }),
      403,
      OTHER_COMPANY,
    );
  });

  it('lets a supervisor edit guards of its sites, keeping links to sites that are not its own', async () => {
    const uuid = await createGuard(w.t.db, w.companyA, {}, [w.siteA1, w.siteA2]);
    const response = await update('supervisor', uuid, {
      name: 'Edited by supervisor',
      residence_uuids: [w.siteA1],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(
      response
        .json()
        .resource[0].kg_residence_guards.map((s: { residence_uuid: string }) => s.residence_uuid),
    ).toEqual([w.siteA1, w.siteA2]);
    expectError(
      await update('supervisor', uuid, { residence_uuids: [] }),
      400,
      GUARD_MESSAGES.siteRequired,
    );
    const other = await createGuard(w.t.db, w.companyA, {}, [w.siteA1]);
    expectError(
      await update('supervisor', other, { residence_uuids: [w.siteA1, w.siteA2] }),
      403,
      OTHER_SITE,
    );
  });

  it('edits a guard linked to a site deleted since, dropping that hidden link', async () => {
    const closed = await createSite(w.t.db, w.companyA, { name: 'Closed Site' });
    const uuid = await createGuard(w.t.db, w.companyA, {}, [w.siteA1, closed]);
    await w.t.db
      .updateTable('residences')
      .set({ deleted_at: '2024-01-01 00:00:00' })
      .where('uuid', '=', closed)
      .execute();
    const response = await update('companyA', uuid, { name: 'Still Here' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().resource[0].kg_residence_guards).toEqual([
      { residence_uuid: w.siteA1, residence_name: 'Alpha Towers', residence_kipleguard_enabled: 1 },
    ]);
    expect(await linkCount(w, uuid)).toBe(1);
  });

  it('leaves the guard and its links as they were when the save fails halfway', async () => {
    const uuid = await createGuard(w.t.db, w.companyA, { name: 'Before' }, [w.siteA1]);
    await failLinksTo(w, w.siteA2, async () => {
      const response = await update('admin', uuid, {
        name: 'After',
        residence_uuids: [w.siteA1, w.siteA2],
      });
      expect(response.statusCode).toBe(500);
    });
    const [guard] = (await w.list('admin', { filter: `(uuid='${uuid}')` })).resource;
    expect(guard?.name).toBe('Before');
    expect(guard?.kg_residence_guards.map((s) => s.residence_uuid)).toEqual([w.siteA1]);
  });
});

describe('DELETE /guards/{uuid}', () => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld();
  });
  afterAll(() => w.close());

  it('soft-deletes: the guard leaves the lists, its row and attendance stay', async () => {
    const uuid = await createGuard(w.t.db, w.companyA, {}, [w.siteA1]);
    await createAttendance(w.t.db, uuid, w.siteA1);
    const response = await w.call('companyA', 'DELETE', `/guards/${uuid}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ resource: [{ uuid }] });
    expect((await w.list('admin', { filter: `(uuid='${uuid}')` })).meta.count).toBe(0);
    const row = await w.t.db
      .selectFrom('guards')
      .select('deleted_at')
      .where('uuid', '=', uuid)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const attendance = await w.call('admin', 'GET', '/attendances/list', {
      query: { filter: `(kg_guard_uuid='${uuid}')` },
    });
    expect(attendance.json().meta.count).toBe(1);
    expectError(
      await w.call('companyA', 'DELETE', `/guards/${uuid}`),
      404,
      'Record does not exist.',
    );
  });

  it('answers 404 for a guard outside the caller’s scope and deletes nothing', async () => {
    const ofB = await createGuard(w.t.db, w.companyB, {}, [w.siteB1]);
    const atA2 = await createGuard(w.t.db, w.companyA, {}, [w.siteA2]);
    expectError(
      await w.call('companyA', 'DELETE', `/guards/${ofB}`),
      404,
      'Record does not exist.',
    );
    expectError(
      await w.call('supervisor', 'DELETE', `/guards/${ofB}`),
      404,
      'Record does not exist.',
    );
    expectError(
      await w.call('supervisor', 'DELETE', `/guards/${atA2}`),
      404,
      'Record does not exist.',
    );
    const live = await w.t.db
      .selectFrom('guards')
      .select('uuid')
      .where('uuid', 'in', [ofB, atA2])
      .where('deleted_at', 'is', null)
      .execute();
    expect(live).toHaveLength(2);
  });

  it('lets a supervisor delete a guard of its site', async () => {
    const uuid = await createGuard(w.t.db, w.companyA, {}, [w.siteA1]);
    expect((await w.call('supervisor', 'DELETE', `/guards/${uuid}`)).statusCode).toBe(200);
  });
});

describe('POST /guards/{uuid}/pin/reveal', () => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld();
  });
  afterAll(() => w.close());

  const reveal = (caller: Caller, uuid: string) =>
    w.call(caller, 'POST', `/guards/${uuid}/pin/reveal`, { payload: {} });

  it('shows a guard’s PIN to those who manage it, recording each reveal', async () => {
    const uuid = await createGuard(w.t.db, w.companyA, { pin: '482913' }, [w.siteA1]);
    for (const caller of ['admin', 'companyA', 'supervisor'] as const) {
      const shown = await reveal(caller, uuid);
      expect(shown.statusCode, shown.body).toBe(200);
      expect(shown.json()).toEqual({ resource: [{ uuid, pin: '482913' }] });
    }
    const entries = await w.t.db
      .selectFrom('audit_entries')
      .select('action')
      .where('entity_uuid', '=', uuid)
      .where('action', '=', 'pin-reveal')
      .execute();
    expect(entries).toHaveLength(3);
  });

  it('answers another company’s guard, a supervisor’s other site’s, and a guard without a PIN as unknown', async () => {
    const ofB = await createGuard(w.t.db, w.companyB, { pin: '111111' }, [w.siteB1]);
    const atA2 = await createGuard(w.t.db, w.companyA, { pin: '111111' }, [w.siteA2]);
    expectError(await reveal('companyA', ofB), 404, 'Record does not exist.');
    expectError(await reveal('supervisor', atA2), 404, 'Record does not exist.');
    const none = await createGuard(w.t.db, w.companyA, { pin: null }, [w.siteA1]);
    expectError(await reveal('companyA', none), 404, GUARD_MESSAGES.noPin);
  });

  it('never lets a list match, sort or page by PIN', async () => {
    const byPin = await w.call(
      'admin',
      'GET',
      `/guards/list?filter=${encodeURIComponent("(pin='111111')")}`,
    );
    expect(byPin.statusCode).toBe(400);
    const sorted = await w.call('admin', 'GET', '/guards/list?order=pin%20asc');
    expect(sorted.statusCode).toBe(400);
  });
});

describe('PATCH /guards/updatepin/{uuid}', () => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld();
  });
  afterAll(() => w.close());

  const setPin = (caller: Caller, uuid: string, payload: Record<string, unknown>) =>
    w.call(caller, 'PATCH', `/guards/updatepin/${uuid}`, { payload });

  it('saves a six-digit PIN and answers it', async () => {
    const uuid = await createGuard(w.t.db, w.companyA, {}, [w.siteA1]);
    for (const pin of ['100000', '999999', '482913']) {
      const response = await setPin('supervisor', uuid, { pin });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ resource: [{ uuid, pin }] });
    }
    const row = await w.t.db
      .selectFrom('guards')
      .select('pin')
      .where('uuid', '=', uuid)
      .executeTakeFirstOrThrow();
    expect(row.pin).toBe('482913');
  });

  it.each([['099999'], ['12345'], ['1000000'], ['abcdef'], [''], ['12 345']])(
    'refuses PIN %j with the shared message',
    async (pin) => {
      const uuid = await createGuard(w.t.db, w.companyA);
      expectError(await setPin('admin', uuid, { pin }), 400, GUARD_MESSAGES.pinInvalid);
    },
  );

  it('refuses a missing PIN with the same message', async () => {
    const uuid = await createGuard(w.t.db, w.companyA);
    expectError(await setPin('admin', uuid, {}), 400, GUARD_MESSAGES.pinInvalid);
  });

  it('answers 404 for another company’s guard or a guard outside the supervisor’s sites', async () => {
    const ofB = await createGuard(w.t.db, w.companyB, { pin: '111111' }, [w.siteB1]);
    const atA2 = await createGuard(w.t.db, w.companyA, { pin: '111111' }, [w.siteA2]);
    expectError(await setPin('companyA', ofB, { pin: '222222' }), 404, 'Record does not exist.');
    expectError(await setPin('supervisor', atA2, { pin: '222222' }), 404, 'Record does not exist.');
    const pins = await w.t.db
      .selectFrom('guards')
      .select('pin')
      .where('uuid', 'in', [ofB, atA2])
      .execute();
    expect(pins.map((p) => p.pin)).toEqual(['111111', '111111']);
  });
});

async function guardCount(w: World): Promise<number> {
  const row = await w.t.db
    .selectFrom('guards')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function linkCount(w: World, guardUuid?: string): Promise<number> {
  const row = await w.t.db
    .selectFrom('guard_residences')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .$if(guardUuid !== undefined, (qb) => qb.where('guard_uuid', '=', guardUuid ?? ''))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Makes every new link to `site` fail inside the database while `run` runs. */
function failLinksTo(w: World, site: string, run: () => Promise<void>): Promise<void> {
  return refuseInserts(w.t.db, 'guard_residences', `new.residence_uuid = '${site}'`, run);
}

describe('guards and attendance of the demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
    await seedDemoData(t.db, { dataDir: t.dataDir });
  });
  afterAll(() => t.close());

  it.each(DEMO_ACCOUNTS.map((account) => [account.role, account.email]))(
    'lists for the %s exactly the live guards of its scope',
    async (role, email) => {
      const token = await signIn(t.app, email, DEMO_PASSWORD);
      const response = await t.app.inject({
        method: 'GET',
        url: '/kgapi/guards/list',
        query: { limit: '500' },
        headers: authHeaders(token),
      });
      const { resource, meta } = response.json<{
        resource: Guard[];
        meta: { count: number };
      }>();
      const principal = await t.db
        .selectFrom('user_roles')
        .innerJoin('user_profiles', 'user_profiles.uuid', 'user_roles.user_profile_uuid')
        .select('user_roles.security_company_uuid')
        .where('user_profiles.email', '=', email)
        .executeTakeFirstOrThrow();
      let expected = t.db
        .selectFrom('guards')
        .select('guards.uuid')
        .where('guards.deleted_at', 'is', null);
      if (role === 'securitycompany') {
        expected = expected.where('security_company_uuid', '=', principal.security_company_uuid);
      }
      if (role === 'sitesupervisor') {
        expected = expected.where('guards.uuid', 'in', (eb) =>
          eb
            .selectFrom('guard_residences')
            .innerJoin(
              'site_supervisor_residences',
              'site_supervisor_residences.residence_uuid',
              'guard_residences.residence_uuid',
            )
            .innerJoin(
              'site_supervisors',
              'site_supervisors.uuid',
              'site_supervisor_residences.supervisor_uuid',
            )
            .innerJoin(
              'user_profiles',
              'user_profiles.uuid',
              'site_supervisors.kg_user_profile_uuid',
            )
            .select('guard_residences.guard_uuid')
            .where('user_profiles.email', '=', email),
        );
      }
      const uuids = (await expected.execute()).map((row) => row.uuid).sort();
      expect(meta.count).toBe(uuids.length);
      expect(resource.map((guard) => guard.uuid).sort()).toEqual(uuids);
      expect(uuids.length).toBeGreaterThan(0);
    },
  );
});
