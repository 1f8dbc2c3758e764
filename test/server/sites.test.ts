import { diskStorage } from '../../server/src/storage/file-storage';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemoData } from '../../server/src/db/seed/demo';
import { createFilesRepository } from '../../server/src/modules/files/files.repository';
import { PHOTO_TYPE_NOT_ALLOWED } from '@rules/files';
import { SITE_MESSAGES, siteFieldErrors } from '@rules/sites';
import { expectedFigures, scopeOf, type Scope } from '../support/expected-figures';
import { sqlCount, sqlRows } from '../support/sql';
import { PASSWORD, createCompany, createSite, createUser } from './factories';
import { authHeaders, makeTestApp, signIn, type TestApp } from './test-app';
import type { Site } from '@contract/sites';

const SUPERADMIN = 'superadmin@example.com';
const COMPANY = 'company@example.com';
const SUPERVISOR = 'supervisor@example.com';

let t: TestApp;
const tokens: Record<string, string> = {};

const rows = (text: string, params: unknown[] = []) => sqlRows(t.db, text, params);
const count = (text: string, params: unknown[] = []) => sqlCount(t.db, text, params);

async function uuids(text: string, params: unknown[] = []) {
  return (await rows(text, params)).map((row) => String(row.uuid));
}

async function list(email: string, query: Record<string, string> = {}) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/kgapi/data/residences',
    query,
    headers: authHeaders(tokens[email] ?? ''),
  });
  return response;
}

async function listed(email: string, query: Record<string, string> = {}) {
  const response = await list(email, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ resource: Site[]; meta: { count: number } }>();
}

async function write(
  email: string,
  method: 'POST' | 'PATCH' | 'DELETE',
  uuid: string | null,
  payload?: Record<string, unknown>,
) {
  return t.app.inject({
    method,
    url: `/kgapi/data/residences${uuid ? `/${uuid}` : ''}`,
    headers: authHeaders(tokens[email] ?? ''),
    ...(payload ? { payload } : {}),
  });
}

/** The live sites a query may see, in the database's own words. */
const LIVE = `from residences r left join security_companies sc on sc.uuid = r.security_company_uuid where r.deleted_at is null`;

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

/** A file as the upload call stores it for the super administrator, who writes sites. */
async function savedFile(type: 'image/png' | 'video/mp4' = 'image/png') {
  const admin = await t.db
    .selectFrom('user_profiles')
    .select('uuid')
    .where('email', '=', 'superadmin@example.com')
    .executeTakeFirstOrThrow();
  return createFilesRepository(t.db, diskStorage(t.dataDir)).save({
    bytes: PNG,
    filename: 'cover.png',
    type,
    uploadedBy: admin.uuid,
  });
}

function validSite(overrides: Record<string, unknown> = {}) {
  return {
    name: `Test Site ${randomUUID().slice(0, 6)}`,
    address: '1 Jalan Test, 50000 Kuala Lumpur',
    type: 'Condominium',
    status: 'ACTIVE',
    lat: 3.1579,
    lng: 101.7123,
    ...overrides,
  };
}

async function residenceRow(uuid: string) {
  const [row] = await rows(`select * from residences where uuid = ?`, [uuid]);
  return row;
}

async function snapshot() {
  return rows(`select * from residences order by uuid`);
}

beforeAll(async () => {
  t = await makeTestApp();
  await seedDemoData(t.db, { dataDir: t.dataDir });
  for (const email of [SUPERADMIN, COMPANY, SUPERVISOR]) {
    tokens[email] = await signIn(t.app, email, DEMO_PASSWORD);
  }
});
afterAll(async () => {
  await t.close();
});

describe('GET /data/residences: the list', () => {
  it('answers every live site with the spec’s fields, newest first, and the count', async () => {
    const answer = await listed(SUPERADMIN, {
      related: 'security_company,file',
      filter: 'deleted_at IS NULL',
      limit: '500',
    });
    const expected = await uuids(`select r.uuid ${LIVE} order by r.created_at desc, r.uuid desc`);
    expect(expected.length).toBe(12);
    expect(answer.meta.count).toBe(12);
    expect(answer.resource.map((site) => site.uuid)).toEqual(expected);
    const [first] = answer.resource;
    expect(Object.keys(first ?? {}).sort()).toEqual(
      [
        'uuid',
        'name',
        'address',
        'type',
        'status',
        'lat',
        'lng',
        'security_company_uuid',
        'kg_security_company',
        'security_company_name',
        'file',
        'kipleguard_enabled',
        'kipleguard_visitors',
        'kipleguard_reporting',
        'kipleguard_attendance',
        'hdf_enabled',
        'visitor_pass_checkpoint_times',
        'pin_only_shifts',
        'created_at',
        'updated_at',
      ].sort(),
    );
  });

  it('matches each record to its row, company name included', async () => {
    const answer = await listed(SUPERADMIN, { limit: '500' });
    const dbRows = await rows(
      `select r.*, sc.name as company_name ${LIVE} order by r.created_at desc, r.uuid desc`,
    );
    expect(answer.resource).toEqual(
      dbRows.map((row) =>
        expect.objectContaining({
          uuid: row.uuid,
          name: row.name,
          address: row.address,
          type: row.type,
          status: row.status,
          lat: row.lat,
          lng: row.lng,
          security_company_uuid: row.security_company_uuid,
          kg_security_company: row.security_company_uuid,
          security_company_name: row.company_name,
          kipleguard_enabled: row.kipleguard_enabled,
          kipleguard_visitors: row.kipleguard_visitors,
          kipleguard_reporting: row.kipleguard_reporting,
          kipleguard_attendance: row.kipleguard_attendance,
          pin_only_shifts: row.pin_only_shifts,
        }),
      ),
    );
  });

  it('searches by keyword on uuid and name, ignoring case', async () => {
    const byName = await listed(SUPERADMIN, {
      filter: "(uuid like '%VISTA%') OR (name like '%VISTA%')",
    });
    expect(byName.resource.map((site) => site.name).sort()).toEqual([
      'Cheras Vista Condominium',
      'Residensi Vista Bangsar',
    ]);
    expect(byName.meta.count).toBe(2);

    const [target] = await uuids(`select r.uuid ${LIVE} order by r.name limit 1`);
    const part = (target ?? '').slice(0, 13);
    const byUuid = await listed(SUPERADMIN, {
      filter: `(uuid like '%${part}%') OR (name like '%${part}%')`,
    });
    expect(byUuid.resource.map((site) => site.uuid)).toEqual([target]);

    const none = await listed(SUPERADMIN, { filter: "(uuid like '%zzz%') OR (name like '%zzz%')" });
    expect(none).toEqual({ resource: [], meta: { count: 0 } });
  });

  const sortable: Array<[string, string]> = [
    ['name', 'r.name'],
    ['address', 'r.address'],
    ['type', 'r.type'],
    ['security_company_name', 'sc.name'],
    ['status', 'r.status'],
    ['created_at', 'r.created_at'],
    ['uuid', 'r.uuid'],
  ];
  it.each(
    sortable.flatMap(([field, column]) => [
      [field, column, 'asc'],
      [field, column, 'desc'],
    ]),
  )('sorts by %s %s as the database does', async (field, column, direction) => {
    const answer = await listed(SUPERADMIN, { order: `${field} ${direction}`, limit: '500' });
    // The same tie-breakers as the server: created_at desc, then uuid desc.
    const ties = field === 'created_at' ? '' : ', r.created_at desc';
    const expected = await uuids(
      `select r.uuid ${LIVE} order by ${column} ${direction}${ties}, r.uuid desc`,
    );
    expect(answer.resource.map((site) => site.uuid)).toEqual(expected);
  });

  it('pages with limit and offset, counting every match on each page', async () => {
    const all = (await listed(SUPERADMIN, { order: 'name asc', limit: '500' })).resource;
    const pages = [];
    for (const offset of [0, 5, 10]) {
      const page = await listed(SUPERADMIN, {
        order: 'name asc',
        limit: '5',
        offset: String(offset),
      });
      expect(page.meta.count).toBe(12);
      pages.push(...page.resource);
    }
    expect(pages.map((site) => site.uuid)).toEqual(all.map((site) => site.uuid));
    const beyond = await listed(SUPERADMIN, { limit: '8', offset: '16' });
    expect(beyond).toEqual({ resource: [], meta: { count: 12 } });
  });

  it('answers one site for the details filter, and none when its guard service is off', async () => {
    const [enabled] = await uuids(`select r.uuid ${LIVE} and r.kipleguard_enabled = 1 limit 1`);
    const details = await listed(SUPERADMIN, {
      filter: `(kipleguard_enabled=1) AND (uuid='${enabled}')`,
    });
    expect(details.resource.map((site) => site.uuid)).toEqual([enabled]);

    const [disabled] = await uuids(`select r.uuid ${LIVE} and r.kipleguard_enabled = 0 limit 1`);
    const none = await listed(SUPERADMIN, {
      filter: `(kipleguard_enabled=1) AND (uuid='${disabled}')`,
    });
    expect(none.meta.count).toBe(0);
  });

  it('answers a company’s site options: its sites with the guard service on', async () => {
    const companies = await uuids(`select uuid from security_companies order by name`);
    for (const company of companies) {
      const answer = await listed(SUPERADMIN, {
        filter: `(kipleguard_enabled=1) AND (security_company_uuid='${company}')`,
        order: 'name asc',
      });
      const expected = await uuids(
        `select r.uuid ${LIVE} and r.kipleguard_enabled = 1 and r.security_company_uuid = ? order by r.name`,
        [company],
      );
      expect(answer.resource.map((site) => site.uuid)).toEqual(expected);
    }
  });

  it('carries the cover photo’s URL, which serves the picture, or null without one', async () => {
    const answer = await listed(SUPERADMIN, { limit: '500' });
    const withCover = answer.resource.filter((site) => site.file);
    const withoutCover = answer.resource.filter((site) => !site.file);
    expect(withCover.length).toBe(
      await count(`select count(*) as n ${LIVE} and r.cover_file_uuid is not null`),
    );
    expect(withoutCover.map((site) => site.name).sort()).toEqual([
      'Ampang Hilir Court',
      'Cheras Vista Condominium',
    ]);
    const url = withCover[0]?.file?.url ?? '';
    expect(url).toMatch(/^\/kgapi\/files\/view\/[0-9a-f]{64}$/);
    const picture = await t.app.inject({ method: 'GET', url });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
  });

  it('refuses unknown fields and hostile text in filter and order with a 400', async () => {
    const hostile: Array<Record<string, string>> = [
      { filter: '(password=1)' },
      { filter: "(name='a') OR 1=1" },
      { filter: "(name='a'); DROP TABLE residences" },
      { order: 'cover_file_uuid asc' },
      { related: 'identities' },
      { limit: '501' },
    ];
    for (const query of hostile) {
      const response = await list(SUPERADMIN, query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json().error.code).toMatch(/^INVALID_/);
    }
    expect(await count(`select count(*) as n from residences`)).toBeGreaterThan(0);
  });

  it('asks for a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/kgapi/data/residences' });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /data/residences: scope by role', () => {
  it('shows a security company only its own company’s sites', async () => {
    const scope = await scopeOf(rows, COMPANY);
    const answer = await listed(COMPANY, { limit: '500' });
    const expected = await uuids(
      `select r.uuid ${LIVE} and r.security_company_uuid = ? order by r.created_at desc, r.uuid desc`,
      [scope.companyUuid],
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(answer.resource.map((site) => site.uuid)).toEqual(expected);
    expect(answer.meta.count).toBe(expected.length);
    expect(answer.resource.every((site) => site.kg_security_company === scope.companyUuid)).toBe(
      true,
    );
  });

  it('never shows a security company another company’s site, whatever the filter asks', async () => {
    const scope = await scopeOf(rows, COMPANY);
    const [other] = await uuids(`select r.uuid ${LIVE} and r.security_company_uuid <> ? limit 1`, [
      scope.companyUuid,
    ]);
    for (const filter of [
      `(kipleguard_enabled=1) AND (uuid='${other}')`,
      `(uuid='${other}')`,
      `(uuid='${other}') OR (uuid IS NOT NULL)`,
    ]) {
      const answer = await listed(COMPANY, { filter, limit: '500' });
      expect(answer.resource.map((site) => site.uuid)).not.toContain(other);
    }
  });

  it('shows a supervisor only its own two sites', async () => {
    const scope = await scopeOf(rows, SUPERVISOR);
    expect(scope.siteUuids).toHaveLength(2);
    const answer = await listed(SUPERVISOR, { limit: '500' });
    expect(answer.resource.map((site) => site.uuid).sort()).toEqual([...scope.siteUuids].sort());
    expect(answer.meta.count).toBe(2);
    const [other] = await uuids(`select r.uuid ${LIVE} and r.uuid not in (?, ?) limit 1`, [
      ...scope.siteUuids,
    ]);
    const details = await listed(SUPERVISOR, { filter: `(uuid='${other}')` });
    expect(details.meta.count).toBe(0);
  });
});

describe('site writes by the super administrator', () => {
  it('creates a site and answers the saved record, cover photo and company included', async () => {
    const company = await createCompany(t.db, 'Created Co Sdn Bhd');
    const cover = await savedFile();
    const payload = validSite({
      security_company_uuid: company,
      file_uuid: cover.uuid,
      type: 'Commercial',
      kipleguard_enabled: true,
      kipleguard_visitors: 0,
      kipleguard_reporting: 1,
      kipleguard_attendance: false,
    });
    const response = await write(SUPERADMIN, 'POST', null, payload);
    expect(response.statusCode, response.body).toBe(200);
    const [site] = response.json<{ resource: Site[] }>().resource;
    expect(site).toMatchObject({
      name: payload.name,
      address: payload.address,
      type: 'Commercial',
      status: 'ACTIVE',
      lat: 3.1579,
      lng: 101.7123,
      security_company_uuid: company,
      kg_security_company: company,
      security_company_name: 'Created Co Sdn Bhd',
      file: { url: cover.url },
      kipleguard_enabled: 1,
      kipleguard_visitors: 0,
      kipleguard_reporting: 1,
      kipleguard_attendance: 0,
    });
    expect(await residenceRow(site?.uuid ?? '')).toMatchObject({
      name: payload.name,
      cover_file_uuid: cover.uuid,
      security_company_uuid: company,
      kipleguard_enabled: 1,
      kipleguard_reporting: 1,
      deleted_at: null,
    });
    const options = await listed(SUPERADMIN, {
      filter: `(kipleguard_enabled=1) AND (security_company_uuid='${company}')`,
    });
    expect(options.resource.map((s) => s.uuid)).toEqual([site?.uuid]);
  });

  it('stores defaults for what a new site leaves out, and trims text', async () => {
    const response = await write(SUPERADMIN, 'POST', null, {
      name: '  Bare Site  ',
      address: ' Jalan Bare ',
      type: 'Landed',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().resource[0]).toMatchObject({
      name: 'Bare Site',
      address: 'Jalan Bare',
      status: 'ACTIVE',
      lat: null,
      lng: null,
      security_company_uuid: null,
      security_company_name: null,
      file: null,
      kipleguard_enabled: 1,
      kipleguard_visitors: 0,
      kipleguard_reporting: 0,
      kipleguard_attendance: 0,
    });
  });

  it('edits a site: sent fields change, the others stay', async () => {
    const company = await createCompany(t.db);
    const created = await write(
      SUPERADMIN,
      'POST',
      null,
      validSite({ security_company_uuid: company, kipleguard_attendance: 0 }),
    );
    const uuid = created.json().resource[0].uuid as string;
    const response = await write(SUPERADMIN, 'PATCH', uuid, {
      name: 'Renamed Site',
      status: 'INACTIVE',
      kipleguard_attendance: 1,
      lat: '-3.5',
      lng: '-120.25',
      security_company_name: 'ignored: not a payload field',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().resource[0]).toMatchObject({
      uuid,
      name: 'Renamed Site',
      status: 'INACTIVE',
      kipleguard_attendance: 1,
      lat: -3.5,
      lng: -120.25,
      address: '1 Jalan Test, 50000 Kuala Lumpur',
      security_company_uuid: company,
    });
    const cleared = await write(SUPERADMIN, 'PATCH', uuid, {
      lat: null,
      lng: '',
      security_company_uuid: null,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().resource[0]).toMatchObject({
      lat: null,
      lng: null,
      security_company_uuid: null,
      name: 'Renamed Site',
    });
  });

  it('sets and removes a cover photo', async () => {
    const created = await write(SUPERADMIN, 'POST', null, validSite());
    const uuid = created.json().resource[0].uuid as string;
    const cover = await savedFile();
    const set = await write(SUPERADMIN, 'PATCH', uuid, { file_uuid: cover.uuid });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().resource[0].file).toEqual({ url: cover.url });
    const removed = await write(SUPERADMIN, 'PATCH', uuid, { file_uuid: null });
    expect(removed.json().resource[0].file).toBeNull();
  });

  it('soft-deletes a site: gone from the list, details and options, the row kept', async () => {
    const company = await createCompany(t.db);
    const uuid = await createSite(t.db, company, { name: 'Doomed Site' });
    const before = await listed(SUPERADMIN, { limit: '500' });
    expect(before.resource.map((s) => s.uuid)).toContain(uuid);

    const response = await write(SUPERADMIN, 'DELETE', uuid);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ resource: [{ uuid }] });

    const after = await listed(SUPERADMIN, { filter: 'deleted_at IS NULL', limit: '500' });
    expect(after.resource.map((s) => s.uuid)).not.toContain(uuid);
    expect(after.meta.count).toBe(before.meta.count - 1);
    for (const filter of [
      `(kipleguard_enabled=1) AND (security_company_uuid='${company}')`,
      `(kipleguard_enabled=1) AND (uuid='${uuid}')`,
      'deleted_at IS NOT NULL',
    ]) {
      expect((await listed(SUPERADMIN, { filter })).meta.count).toBe(0);
    }
    const row = await residenceRow(uuid);
    expect(row?.deleted_at).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/));

    for (const method of ['PATCH', 'DELETE'] as const) {
      const again = await write(SUPERADMIN, method, uuid, method === 'PATCH' ? {} : undefined);
      expect(again.statusCode).toBe(404);
      expect(again.json().error.message).toBe('Record does not exist.');
    }
  });

  it('answers 404 for a site that does not exist', async () => {
    for (const method of ['PATCH', 'DELETE'] as const) {
      const response = await write(
        SUPERADMIN,
        method,
        randomUUID(),
        method === 'PATCH' ? { name: 'x' } : undefined,
      );
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toEqual({
        code: 'NOT_FOUND',
        message: 'Record does not exist.',
      });
    }
  });
});

describe('site writes refused', () => {
  it.each([[COMPANY], [SUPERVISOR]])(
    'refuses every write for %s and changes nothing',
    async (email) => {
      const scope = await scopeOf(rows, email);
      const own =
        scope.siteUuids[0] ??
        (
          await uuids(`select r.uuid ${LIVE} and r.security_company_uuid = ? limit 1`, [
            scope.companyUuid,
          ])
        )[0] ??
        '';
      const before = await snapshot();
      const attempts = [
        await write(email, 'POST', null, validSite({ security_company_uuid: scope.companyUuid })),
        await write(email, 'PATCH', own, { name: 'Taken Over' }),
        await write(email, 'DELETE', own),
      ];
      for (const response of attempts) {
        expect(response.statusCode).toBe(403);
        expect(response.json().error).toEqual({
          code: 'FORBIDDEN',
          message: 'Only the super administrator can add, edit or delete sites.',
        });
      }
      expect(await snapshot()).toEqual(before);
    },
  );
});

describe('PATCH /data/residences/{uuid}/shift-settings: shifts on the PIN alone', () => {
  const setting = (email: string, uuid: string, on: number) =>
    t.app.inject({
      method: 'PATCH',
      url: `/kgapi/data/residences/${uuid}/shift-settings`,
      headers: authHeaders(tokens[email] ?? ''),
      payload: { pin_only_shifts: on },
    });

  it('lets the company switch it for its own sites, and answers the site', async () => {
    const scope = await scopeOf(rows, COMPANY);
    const [own] = await uuids(`select r.uuid ${LIVE} and r.security_company_uuid = ? limit 1`, [
      scope.companyUuid,
    ]);
    const on = await setting(COMPANY, own ?? '', 1);
    expect(on.statusCode).toBe(200);
    expect(on.json().resource[0]).toMatchObject({ uuid: own, pin_only_shifts: 1 });
    expect((await residenceRow(own ?? ''))?.pin_only_shifts).toBe(1);
    await setting(COMPANY, own ?? '', 0);
    expect((await residenceRow(own ?? ''))?.pin_only_shifts).toBe(0);
  });

  it('answers 404 for another company’s site and 403 for a supervisor, changing nothing', async () => {
    const scope = await scopeOf(rows, COMPANY);
    const [foreign] = await uuids(
      `select r.uuid ${LIVE} and r.security_company_uuid <> ? limit 1`,
      [scope.companyUuid],
    );
    const before = await snapshot();
    expect((await setting(COMPANY, foreign ?? '', 1)).statusCode).toBe(404);
    const supervised = (await scopeOf(rows, SUPERVISOR)).siteUuids[0] ?? '';
    const refused = await setting(SUPERVISOR, supervised, 1);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(
      'Only the security company can change how guards start shifts.',
    );
    expect(await snapshot()).toEqual(before);
  });
});

describe('site payload checks', () => {
  const refusals: Array<[string, Record<string, unknown>, string]> = [
    [
      'a latitude above 90',
      { lat: 90.0001 },
      'Please enter values in decimal degree e.g +/-89.111111',
    ],
    [
      'a latitude below -90',
      { lat: -91 },
      'Please enter values in decimal degree e.g +/-89.111111',
    ],
    [
      'a latitude that is not a number',
      { lat: 'north' },
      'Please enter values in decimal degree e.g +/-89.111111',
    ],
    [
      'a longitude above 180',
      { lng: 180.5 },
      'Please enter values in decimal degree e.g +/-179.111111',
    ],
    [
      'a longitude below -180',
      { lng: -181 },
      'Please enter values in decimal degree e.g +/-179.111111',
    ],
    ['a latitude without longitude', { lng: null }, 'Please enter the longitude'],
    ['a longitude without latitude', { lat: '' }, 'Please enter the latitude'],
    ['no name', { name: undefined }, 'Please enter the site name'],
    ['a blank name', { name: '   ' }, 'Please enter the site name'],
    ['a name too long', { name: 'x'.repeat(201) }, SITE_MESSAGES.nameTooLong],
    ['no address', { address: '' }, 'Please enter the address'],
    ['no type', { type: undefined }, 'Please select the site type'],
    ['an unknown type', { type: 'Castle' }, SITE_MESSAGES.typeInvalid],
    ['an unknown status', { status: 'OPEN' }, 'Status must be ACTIVE or INACTIVE.'],
    ['a flag of 2', { kipleguard_visitors: 2 }, 'Feature switches must be on or off (1 or 0).'],
    ['an unknown company', { security_company_uuid: randomUUID() }, SITE_MESSAGES.companyNotFound],
    ['an unknown cover photo', { file_uuid: randomUUID() }, SITE_MESSAGES.coverNotFound],
  ];

  it.each(refusals)(
    'refuses %s with its message and stores nothing',
    async (_, change, message) => {
      const before = await snapshot();
      const response = await write(SUPERADMIN, 'POST', null, validSite(change));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.message).toBe(message);
      expect(await snapshot()).toEqual(before);
    },
  );

  // In an edit a field left out keeps its stored value, so only the values sent can be wrong.
  const editRefusals = refusals.filter(
    ([, change]) => !Object.values(change).some((value) => value === undefined),
  );

  it.each(editRefusals)(
    'refuses an edit with %s and changes nothing',
    async (_, change, message) => {
      const uuid = await createSite(t.db, null);
      await write(SUPERADMIN, 'PATCH', uuid, validSite());
      const before = await snapshot();
      const response = await write(SUPERADMIN, 'PATCH', uuid, validSite(change));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.message).toBe(message);
      expect(await snapshot()).toEqual(before);
    },
  );

  it('checks an edit as a whole: a stored site without an address must be given one', async () => {
    const uuid = await createSite(t.db, null, { name: 'Old Site Without Address' });
    const refused = await write(SUPERADMIN, 'PATCH', uuid, { kipleguard_visitors: 1 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('Please enter the address');
    const accepted = await write(SUPERADMIN, 'PATCH', uuid, {
      address: 'Jalan Baru',
      kipleguard_visitors: 1,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().resource[0]).toMatchObject({
      name: 'Old Site Without Address',
      address: 'Jalan Baru',
      type: 'Residence',
      kipleguard_visitors: 1,
    });
  });

  it('accepts the range ends', async () => {
    for (const [lat, lng] of [
      [90, 180],
      [-90, -180],
      [0, 0],
    ]) {
      const response = await write(SUPERADMIN, 'POST', null, validSite({ lat, lng }));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().resource[0]).toMatchObject({ lat, lng });
    }
  });

  it('refuses a deleted company', async () => {
    const company = await createCompany(t.db);
    await t.db
      .updateTable('security_companies')
      .set({ deleted_at: '2026-01-01 00:00:00' })
      .where('uuid', '=', company)
      .execute();
    const response = await write(
      SUPERADMIN,
      'POST',
      null,
      validSite({ security_company_uuid: company }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(SITE_MESSAGES.companyNotFound);
  });

  it('refuses a cover that is not a PNG or JPEG photo, by the guard photo rules', async () => {
    const video = await savedFile('video/mp4');
    const response = await write(SUPERADMIN, 'POST', null, validSite({ file_uuid: video.uuid }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(PHOTO_TYPE_NOT_ALLOWED);
  });

  it('gives the console’s form the same messages, field by field', () => {
    expect(siteFieldErrors({ name: '', address: '', type: '', lat: '3.1', lng: '' })).toEqual({
      name: 'Please enter the site name',
      address: 'Please enter the address',
      type: 'Please select the site type',
      lng: 'Please enter the longitude',
    });
    expect(siteFieldErrors({ name: 'a', address: 'b', type: 'Landed', lat: 95, lng: 200 })).toEqual(
      {
        lat: 'Please enter values in decimal degree e.g +/-89.111111',
        lng: 'Please enter values in decimal degree e.g +/-179.111111',
      },
    );
    expect(siteFieldErrors({ name: 'a', address: 'b', type: 'Residence' })).toEqual({});
  });
});

describe('GET /dashboard/sitedata for one site', () => {
  async function siteData(email: string, site: string) {
    const response = await t.app.inject({
      method: 'GET',
      url: '/kgapi/dashboard/sitedata',
      query: { filter: `(residence_uuid=${site})` },
      headers: authHeaders(tokens[email] ?? ''),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().resource as Record<string, number>;
  }

  /** The oracle's figures for one site: a scope holding just that site. */
  async function expectedFor(site: string) {
    const oneSite: Scope = { role: 'sitesupervisor', companyUuid: null, siteUuids: [site] };
    const all = await expectedFigures(count, oneSite);
    return {
      upcomingVisitors: all.upcomingVisitors,
      checkedinVisitors: all.checkedinVisitors,
      overstayVisitors: all.overstayVisitors,
      incidentToday: all.incidentToday,
      allIncidents: all.allIncidents,
      onDutyGuard: all.onDutyGuard,
      totalGuard: all.totalGuard,
      missedToday: all.missedToday,
      lateToday: all.lateToday,
      uncoveredNow: all.uncoveredNow,
    };
  }

  it('answers each demo site’s figures as the database holds them', async () => {
    const sites = await uuids(`select r.uuid ${LIVE} and r.kipleguard_enabled = 1`);
    let guarded = 0;
    for (const site of sites) {
      const figures = await siteData(SUPERADMIN, site);
      expect(figures, site).toEqual(await expectedFor(site));
      guarded += figures.totalGuard ?? 0;
    }
    expect(guarded).toBeGreaterThan(0);
  });

  it('answers a supervisor’s site as the database holds it', async () => {
    const [site] = (await scopeOf(rows, SUPERVISOR)).siteUuids;
    expect(await siteData(SUPERVISOR, site ?? '')).toEqual(await expectedFor(site ?? ''));
  });

  it('counts no guards of a site outside the caller’s scope, even guards it shares', async () => {
    const mine = await createCompany(t.db);
    const theirs = await createCompany(t.db);
    const ownSite = await createSite(t.db, mine);
    const otherSite = await createSite(t.db, theirs);
    const email = `shared-guard-${randomUUID().slice(0, 6)}@example.com`;
    await createUser(t.db, {
      email,
      role: 'sitesupervisor',
      companyUuid: mine,
      siteUuids: [ownSite],
    });
    tokens[email] = await signIn(t.app, email, PASSWORD);
    const guard = randomUUID();
    await t.db
      .insertInto('guards')
      .values({
        uuid: guard,
        guard_id: 'G-SHARED',
        name: 'Shared Guard',
        security_company_uuid: mine,
      })
      .execute();
    await t.db
      .insertInto('guard_residences')
      .values([
        { guard_uuid: guard, residence_uuid: ownSite },
        { guard_uuid: guard, residence_uuid: otherSite },
      ])
      .execute();
    expect((await siteData(email, ownSite)).totalGuard).toBe(1);
    expect((await siteData(email, otherSite)).totalGuard).toBe(0);
    expect((await siteData(SUPERADMIN, otherSite)).totalGuard).toBe(1);
  });
});

describe('GET /data/residences?filterValues=', () => {
  it('searches uuid and name for the text as typed, ANDed with the filter and the scope', async () => {
    const all = await rows(`select r.uuid, r.name ${LIVE} and lower(r.name) like '%vista%'`);
    expect(all.length).toBeGreaterThan(0);
    const response = await list('superadmin@example.com', { filterValues: 'VISTA', limit: '100' });
    expect(response.statusCode).toBe(200);
    const found = response.json<{ resource: Site[]; meta: { count: number } }>();
    expect(found.resource.map((site) => site.uuid).sort()).toEqual(
      all.map((row) => String(row.uuid)).sort(),
    );
    expect(found.meta.count).toBe(all.length);

    const none = await list('superadmin@example.com', { filterValues: '%' });
    expect(none.json().meta.count).toBe(0);

    const narrowed = await list('superadmin@example.com', {
      filterValues: 'vista',
      filter: '(kipleguard_enabled=0) AND (kipleguard_enabled=1)',
    });
    expect(narrowed.json().meta.count).toBe(0);
  });
});
