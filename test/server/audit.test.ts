import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_SECRET, type AuditEntry } from '@contract/audit';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { applyRetention } from '../../server/src/jobs/scheduled-jobs';
import { createFilesRepository } from '../../server/src/modules/files/files.repository';
import { recordNames } from '../../server/src/modules/audit/audit.repository';
import { localDate, toDbTime } from '../../server/src/db/time';
import { diskStorage } from '../../server/src/storage/file-storage';
import { weekdayOf } from '@rules/visitor-pass';
import {
  createCompany,
  createSite,
  createUnit,
  createUser,
  createVisitor,
  PASSWORD,
} from './factories';
import {
  APP_KEY,
  authHeaders,
  makeTestApp,
  signInEveryRole,
  type Caller,
  type TestApp,
} from './test-app';

// The audit trail (issue 21): each kind of write through either API leaves exactly one entry, in
// the write's transaction, naming who, where from, and field by field what changed, with secrets
// masked; entries cannot be changed or deleted; each company reads only its own.

let t: TestApp;
let tokens: Record<Caller, string>;
let company: string;
let site: string;

const USER_AGENT = 'AuditTest/1.0 (Chromium)';

beforeAll(async () => {
  t = await makeTestApp();
  company = await createCompany(t.db, 'Harimau Security');
  site = await createSite(t.db, company, { name: 'Residensi Audit' });
  tokens = await signInEveryRole(t, company, [site]);
});
afterAll(() => t.close());

async function call(
  caller: Caller,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return t.app.inject({
    method,
    url: `/kgapi${url}`,
    headers: { ...authHeaders(tokens[caller]), 'user-agent': USER_AGENT },
    ...(payload ? { payload } : {}),
  });
}

/** The entries written since `after` (an id), oldest first, read straight from the table. */
async function entriesAfter(after: number): Promise<AuditEntry[]> {
  const rows = await t.db
    .selectFrom('audit_entries')
    .selectAll()
    .where('id', '>', after)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, changes: JSON.parse(row.changes) }) as AuditEntry);
}

async function lastId(): Promise<number> {
  const row = await t.db
    .selectFrom('audit_entries')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Runs `write` and answers the one entry it left; fails when it left none or several. */
async function onlyEntryOf(write: () => ReturnType<typeof call>) {
  const before = await lastId();
  const response = await write();
  expect(response.statusCode, response.body).toBe(200);
  const entries = await entriesAfter(before);
  expect(entries).toHaveLength(1);
  const [entry] = entries;
  expect(JSON.stringify(entry)).not.toContain(PASSWORD);
  return { entry: entry as AuditEntry, response };
}

let guardNumber = 0;
function guardPayload(overrides: Record<string, unknown> = {}) {
  guardNumber += 1;
  return {
    security_company_uuid: company,
    residence_uuids: [site],
    guard_id: `AUD-${guardNumber}`,
    name: `Nur Audit ${guardNumber}`,
    nationality: 'Malaysian',
    contact_number: '0123456789',
    ic_passport_number: `900131-14-${String(guardNumber).padStart(4, '0')}`,
    birthdate: '1990-01-31',
    email: `audit${guardNumber}@mail.example.com`,
    address: '12 Jalan Bukit Bintang, Kuala Lumpur',
    ...overrides,
  };
}

describe('guards', () => {
  it('records an add with every field, the PIN masked, and who did it from where', async () => {
    const { entry, response } = await onlyEntryOf(() =>
      call('company', 'POST', '/guards/add', guardPayload({ pin: '482913' })),
    );
    const [guard] = response.json<{ resource: Array<{ uuid: string }> }>().resource;
    expect(entry).toMatchObject({
      action: 'create',
      entity: 'guard',
      entity_uuid: guard?.uuid,
      entity_label: `Nur Audit ${guardNumber}`,
      actor_role: 'securitycompany',
      security_company_uuid: company,
      client_address: '127.0.0.1',
      user_agent: USER_AGENT,
    });
    expect(entry.actor_uuid).toBeTruthy();
    expect(entry.changes.name).toEqual({ before: null, after: `Nur Audit ${guardNumber}` });
    // A reference is recorded as its record's name, under the form's field.
    expect(entry.changes.sites).toEqual({ before: null, after: ['Residensi Audit'] });
    expect(entry.changes.company).toEqual({ before: null, after: 'Harimau Security' });
    expect(entry.changes).not.toHaveProperty('residence_uuids');
    expect(JSON.stringify(entry.changes)).not.toContain(site);
    expect(entry.changes.pin).toEqual({ before: null, after: AUDIT_SECRET });
    expect(JSON.stringify(entry)).not.toContain('482913');
  });

  it('records an edit with only the fields that changed, and a PIN change masked', async () => {
    const added = await call('admin', 'POST', '/guards/add', guardPayload());
    const uuid = added.json<{ resource: Array<{ uuid: string }> }>().resource[0]?.uuid;
    const { entry } = await onlyEntryOf(() =>
      call('supervisor', 'PATCH', `/guards/${uuid}`, { name: 'Renamed Guard' }),
    );
    expect(entry).toMatchObject({ action: 'update', actor_role: 'sitesupervisor' });
    expect(entry.changes).toEqual({
      name: { before: `Nur Audit ${guardNumber}`, after: 'Renamed Guard' },
    });
    const pin = await onlyEntryOf(() =>
      call('company', 'PATCH', `/guards/updatepin/${uuid}`, { pin: '555123' }),
    );
    expect(pin.entry).toMatchObject({ action: 'pin-change', entity_uuid: uuid });
    expect(pin.entry.changes).toEqual({ pin: { before: AUDIT_SECRET, after: AUDIT_SECRET } });
    expect(JSON.stringify(pin.entry)).not.toContain('555123');
    const removed = await onlyEntryOf(() => call('company', 'DELETE', `/guards/${uuid}`));
    expect(removed.entry).toMatchObject({ action: 'delete', entity_uuid: uuid });
    expect(removed.entry.changes.name).toEqual({ before: 'Renamed Guard', after: null });
  });
});

describe('companies, sites, supervisors and logins', () => {
  it('records each add, edit and delete once, with its company and the password masked', async () => {
    const free = await createSite(t.db, null, { name: 'Free Court' });
    const email = `ops.${randomUUID().slice(0, 8)}@charlie.example.com`;
    const added = await onlyEntryOf(() =>
      call('admin', 'POST', '/securitycompanies/add', {
        name: 'Charlie Protection',
        brn: '202401012345',
        license_number: 'KDN-PS-1234',
        license_expiry_date: '2027-06-30',
        address: '12 Jalan Tun Razak, Kuala Lumpur',
        is_active: 1,
        residence_uuid: [free],
        email,
        identifier: email,
        challenge: 'Charlie@123',
        type: 'userpass',
      }),
    );
    const charlie = added.entry.entity_uuid ?? '';
    expect(added.entry).toMatchObject({
      action: 'create',
      entity: 'security_company',
      entity_label: 'Charlie Protection',
      security_company_uuid: charlie,
      actor_role: 'superadmin',
    });
    expect(added.entry.changes.password).toEqual({ before: null, after: AUDIT_SECRET });
    expect(added.entry.changes.site).toEqual({ before: null, after: ['Free Court'] });
    expect(JSON.stringify(added.entry)).not.toContain('Charlie@123');

    const suspended = await onlyEntryOf(() =>
      call('admin', 'PATCH', `/securitycompanies/${charlie}`, { is_active: 0 }),
    );
    expect(suspended.entry.changes).toEqual({ is_active: { before: 1, after: 0 } });

    const siteEdit = await onlyEntryOf(() =>
      call('admin', 'PATCH', `/data/residences/${free}`, {
        name: 'Free Court Tower',
        address: '1 Jalan Free',
      }),
    );
    expect(siteEdit.entry).toMatchObject({
      action: 'update',
      entity: 'site',
      entity_label: 'Free Court Tower',
      security_company_uuid: charlie,
    });
    expect(siteEdit.entry.changes).toEqual({
      name: { before: 'Free Court', after: 'Free Court Tower' },
      address: { before: '', after: '1 Jalan Free' },
    });

    const supervisorEmail = `siti.${randomUUID().slice(0, 8)}@example.com`;
    const supervisor = await onlyEntryOf(() =>
      call('company', 'POST', '/sitesupervisors/add', {
        security_company_uuid: company,
        name: 'Siti Rahman',
        phone: '60123456789',
        address: '3 Jalan Ampang',
        is_active: 1,
        ic_passport_number: '900101-14-5678',
        residence_uuid: [site],
        email: supervisorEmail,
        challenge: 'Siti@1234',
        type: 'userpass',
      }),
    );
    expect(supervisor.entry).toMatchObject({
      action: 'create',
      entity: 'site_supervisor',
      entity_label: 'Siti Rahman',
      security_company_uuid: company,
    });
    const removed = await onlyEntryOf(() =>
      call('company', 'DELETE', `/sitesupervisors/${supervisor.entry.entity_uuid}`),
    );
    expect(removed.entry).toMatchObject({ action: 'delete', entity: 'site_supervisor' });

    const proof = await call('company', 'POST', '/admin/verify', {
      identifier: 'company@example.com',
      challenge: PASSWORD,
    });
    expect(proof.statusCode).toBe(200);
    const loginEmail = `desk.${randomUUID().slice(0, 8)}@example.com`;
    const before = await lastId();
    const login = await t.app.inject({
      method: 'POST',
      url: '/kgapi/logins/add',
      headers: {
        ...authHeaders(tokens.company),
        'x-verification-token': proof.json<{ verification_token: string }>().verification_token,
      },
      payload: {
        security_company_uuid: company,
        is_active: 1,
        identifier: loginEmail,
        email: loginEmail,
        challenge: 'Desk@1234',
        type: 'userpass',
      },
    });
    expect(login.statusCode, login.body).toBe(200);
    const written = await entriesAfter(before);
    expect(written.map((entry) => [entry.action, entry.entity, entry.entity_label])).toEqual([
      ['create', 'login', loginEmail],
    ]);
    expect(written[0]?.changes.password).toEqual({ before: null, after: AUDIT_SECRET });
    expect(JSON.stringify(written)).not.toContain('Desk@1234');
  });
});

describe('sign-in events', () => {
  const signInAs = (identifier: string, challenge: string) =>
    t.app.inject({
      method: 'POST',
      url: '/kgapi/admin/session',
      headers: { 'x-application-key': APP_KEY, 'user-agent': USER_AGENT },
      payload: { identifier, challenge },
    });

  it('records a failed sign-in, a sign-in and a sign-out, never with the typed password', async () => {
    await createUser(t.db, {
      email: 'desk@harimau.example.com',
      role: 'securitycompany',
      companyUuid: company,
    });
    const before = await lastId();
    expect((await signInAs('desk@harimau.example.com', 'Wrong@Pass1')).statusCode).toBe(401);
    const signedIn = await signInAs('desk@harimau.example.com', PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    const token = signedIn.json<{ session_token: string }>().session_token;
    const out = await t.app.inject({
      method: 'DELETE',
      url: '/kgapi/identity/session',
      headers: { ...authHeaders(token), 'user-agent': USER_AGENT },
    });
    expect(out.statusCode).toBe(200);
    const entries = await entriesAfter(before);
    expect(entries.map((entry) => [entry.action, entry.entity_label, entry.actor_role])).toEqual([
      ['sign-in-failed', 'desk@harimau.example.com', 'anonymous'],
      ['sign-in', 'desk@harimau.example.com', 'securitycompany'],
      ['sign-out', 'desk@harimau.example.com', 'securitycompany'],
    ]);
    for (const entry of entries) {
      expect(entry).toMatchObject({ security_company_uuid: company, user_agent: USER_AGENT });
    }
    expect(JSON.stringify(entries)).not.toMatch(/Wrong@Pass1|Demo|session_token/);
    expect(JSON.stringify(entries)).not.toContain(PASSWORD);
    expect(JSON.stringify(entries)).not.toContain(token);
  });

  it('records a re-verification, and a wrong one', async () => {
    const before = await lastId();
    await call('company', 'POST', '/admin/verify', {
      identifier: 'company@example.com',
      challenge: 'Nope@1234',
    });
    await call('company', 'POST', '/admin/verify', {
      identifier: 'company@example.com',
      challenge: PASSWORD,
    });
    const entries = await entriesAfter(before);
    expect(entries.map((entry) => entry.action)).toEqual(['verification-failed', 'verification']);
  });
});

describe('the trail itself', () => {
  it('cannot be changed, nor deleted before it is a year old', async () => {
    const [entry] = await t.db.selectFrom('audit_entries').select('id').limit(1).execute();
    const id = entry?.id ?? 0;
    await expect(
      t.db.updateTable('audit_entries').set({ action: 'delete' }).where('id', '=', id).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(t.db.deleteFrom('audit_entries').where('id', '=', id).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from audit_entries`.execute(t.db)).rejects.toThrow(/append-only/);
    expect(await lastId()).toBeGreaterThanOrEqual(id);
  });

  it('keeps AUDIT_RETENTION_DAYS and logs each retention run', async () => {
    const old = (days: number) => ({
      uuid: randomUUID(),
      created_at: toDbTime(new Date(Date.now() - days * 86_400_000)),
      action: 'update',
      entity: 'guard',
      entity_uuid: null,
      entity_label: `aged ${days}`,
      actor_uuid: null,
      actor_name: null,
      actor_role: 'system',
      security_company_uuid: null,
      changes: '{}',
      client_address: null,
      user_agent: null,
    });
    await t.db
      .insertInto('audit_entries')
      .values([old(731), old(729)])
      .execute();
    await recordNames(t.db, ['aged 731', 'aged 729']);
    await t.db.deleteFrom('job_leases').execute();
    const run = await applyRetention(t.db, createFilesRepository(t.db, diskStorage(t.dataDir)), {
      visitorDataDays: 180,
      selfieDays: 365,
      auditDays: 730,
    });
    expect(run?.auditEntries).toBe(1);
    const labels = await t.db
      .selectFrom('audit_entries')
      .select('entity_label')
      .where('entity_label', 'like', 'aged %')
      .execute();
    expect(labels).toEqual([{ entity_label: 'aged 729' }]);
    // The name only the removed entry held goes with it; a search no longer finds it.
    const names = await t.db
      .selectFrom('audit_names')
      .select('name')
      .where('name', 'like', 'aged %')
      .execute();
    expect(names).toEqual([{ name: 'aged 729' }]);
    const [logged] = await t.db
      .selectFrom('audit_entries')
      .selectAll()
      .where('action', '=', 'retention')
      .execute();
    expect(JSON.parse(logged?.changes ?? '{}').auditEntries).toEqual({ before: null, after: 1 });
  });
});

describe('GET /audit/list', () => {
  const list = (caller: Caller, query = '') => call(caller, 'GET', `/audit/list${query}`);

  it('shows the superadmin every entry and a company only its own, newest first', async () => {
    const other = await createCompany(t.db, 'Other Guarding');
    await createUser(t.db, {
      email: 'other@example.com',
      role: 'securitycompany',
      companyUuid: other,
    });
    const all = await list('admin', '?limit=500&include_count=exact');
    const entries = all.json<{ resource: AuditEntry[]; meta: { count: number } }>();
    expect(entries.meta.count).toBe(entries.resource.length);
    const ids = entries.resource.map((entry) => entry.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(entries.resource.some((entry) => entry.security_company_uuid === other)).toBe(false);
    expect(entries.resource.some((entry) => entry.security_company_uuid !== company)).toBe(true);

    const own = (await list('company', '?limit=500')).json<{ resource: AuditEntry[] }>();
    expect(own.resource.length).toBeGreaterThan(0);
    expect(own.resource.every((entry) => entry.security_company_uuid === company)).toBe(true);
    // Whatever the filter says, a company reads none of another's.
    const filter = encodeURIComponent(`security_company_uuid = '${other}'`);
    const forced = await list('company', `?filter=${filter}`);
    expect(forced.json<{ resource: AuditEntry[] }>().resource).toEqual([]);
  });

  it('filters by record, action, actor and date, and pages', async () => {
    const added = await call('company', 'POST', '/guards/add', guardPayload());
    const [guard] = added.json<{ resource: Array<{ uuid: string }> }>().resource;
    await call('company', 'PATCH', `/guards/${guard?.uuid}`, { name: 'Filtered Guard' });
    const byRecord = encodeURIComponent(`entity_uuid = '${guard?.uuid}'`);
    const history = (await list('company', `?filter=${byRecord}`)).json<{
      resource: AuditEntry[];
      meta: { count: number };
    }>();
    expect(history.resource.map((entry) => entry.action)).toEqual(['update', 'create']);
    expect(history.meta.count).toBe(2);
    const updates = encodeURIComponent(
      `(entity_uuid = '${guard?.uuid}') AND (action = 'update') AND (actor_role = 'securitycompany') AND (created_at >= '2020-01-01 00:00:00')`,
    );
    const page = (await list('company', `?filter=${updates}&limit=1&offset=0`)).json<{
      resource: AuditEntry[];
    }>();
    expect(page.resource).toHaveLength(1);
    expect(page.resource[0]?.changes.name?.after).toBe('Filtered Guard');
    const bad = await list('company', `?filter=${encodeURIComponent("changes like '%x%'")}`);
    expect(bad.statusCode).toBe(400);
  });

  it('pages a search many entries match on a walk in order, finding what the plain query finds', async () => {
    const entry = (n: number) => ({
      uuid: randomUUID(),
      created_at: toDbTime(new Date(Date.now() - 3_600_000)),
      action: 'update',
      entity: 'guard',
      entity_uuid: null,
      entity_label: n % 2 === 0 ? 'Walker Often' : 'Walker Seldom',
      actor_uuid: null,
      actor_name: 'Bulk Writer',
      actor_role: 'securitycompany',
      security_company_uuid: company,
      changes: '{}',
      client_address: null,
      user_agent: null,
    });
    for (let start = 0; start < 12_000; start += 500) {
      const rows = Array.from({ length: 500 }, (_, i) => entry(start + i));
      await t.db.insertInto('audit_entries').values(rows).execute();
    }
    // Written straight to the table, as recordAudit would have: their names with them.
    await recordNames(t.db, ['Walker Often', 'Walker Seldom', 'Bulk Writer']);
    const expected = async (label: string) =>
      (
        await t.db
          .selectFrom('audit_entries')
          .select('id')
          .where('entity_label', '=', label)
          .orderBy('id', 'desc')
          .limit(8)
          .offset(8)
          .execute()
      ).map((row) => row.id);
    // 6,000 matches each, past FEW_MATCHES: the page is met on a walk in the list's order, which
    // must find the same entries the plain query does, for the superadmin and in a company's scope.
    for (const caller of ['admin', 'company'] as const) {
      for (const label of ['Walker Often', 'Walker Seldom']) {
        const filter = encodeURIComponent(
          `(entity_label like '%${label}%') OR (actor_name like '%${label}%')`,
        );
        const answer = (await list(caller, `?filter=${filter}&limit=8&offset=8`)).json<{
          resource: AuditEntry[];
          meta: { count: number };
        }>();
        expect(answer.meta.count).toBe(6000);
        expect(answer.resource.map((row) => row.id)).toEqual(await expected(label));
      }
    }
  });

  it('refuses supervisors', async () => {
    const refused = await list('supervisor');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Only administrators can read the audit log.');
  });
});

describe('incidents, passes, kiosks and passwords', () => {
  it('records an incident reported and updated, numbered, for the site’s company', async () => {
    const category = await t.db
      .selectFrom('incident_categories')
      .select('uuid')
      .executeTakeFirstOrThrow();
    const added = await onlyEntryOf(() =>
      call('company', 'POST', '/incidents/add', {
        incident_date: '2026-01-05 08:00:00',
        residence_uuid: site,
        category_uuid: category.uuid,
        description: 'Gate left open.',
        actions_taken: '',
        files: [],
      }),
    );
    const [incident] = added.response.json<{
      resource: Array<{ uuid: string; kg_incident_id: string }>;
    }>().resource;
    expect(added.entry).toMatchObject({
      action: 'create',
      entity: 'incident',
      entity_uuid: incident?.uuid,
      entity_label: incident?.kg_incident_id,
      security_company_uuid: company,
    });
    expect(added.entry.changes.description).toEqual({ before: null, after: 'Gate left open.' });
    const updated = await onlyEntryOf(() =>
      call('supervisor', 'PATCH', `/incidents/${incident?.uuid}`, { status: 'RESOLVED' }),
    );
    expect(updated.entry.changes).toEqual({ status: { before: 'PENDING', after: 'RESOLVED' } });
  });

  it('records a pass checked in at the desk, for the site’s company whoever scans', async () => {
    const gate = await createSite(t.db, company, { name: 'Gate Court', kipleguard_visitors: 1 });
    const pass = await createVisitor(t.db, gate, { name: 'Lim Wei', qr_code: 'AUDIT-QR-1' });
    const { entry } = await onlyEntryOf(() =>
      call('admin', 'POST', '/visitors/qr/AUDIT-QR-1', { weekday: weekdayOf(new Date()) }),
    );
    expect(entry).toMatchObject({
      action: 'check-in',
      entity: 'visitor',
      entity_uuid: pass,
      entity_label: 'Lim Wei',
      actor_role: 'superadmin',
      security_company_uuid: company,
    });
  });

  it('records an issued pass by its site’s and unit’s names, and its cancel as a cancel', async () => {
    const towers = await createSite(t.db, company, {
      name: 'Alpha Towers',
      kipleguard_visitors: 1,
    });
    const unit = await createUnit(t.db, towers, 'A-12-03');
    const issued = await onlyEntryOf(() =>
      call('company', 'POST', '/visitors/add', {
        residence_uuid: towers,
        unit_uuid: unit,
        host_name: 'Tan Mei Ling',
        name: 'Siti Aminah',
        phone_number: '60123456789',
        category: 'Visitor',
        repeat_type: 'ONE_TIME',
        // Tomorrow, so the pass is never over before the test ends.
        date: localDate(new Date(Date.now() + 24 * 60 * 60 * 1000)),
        start_time: '09:00',
        end_time: '12:00',
      }),
    );
    expect(issued.entry).toMatchObject({ action: 'create', entity_label: 'Siti Aminah' });
    expect(issued.entry.changes.site).toEqual({ before: null, after: 'Alpha Towers' });
    expect(issued.entry.changes.unit).toEqual({ before: null, after: 'A-12-03' });
    expect(JSON.stringify(issued.entry.changes)).not.toMatch(/_uuid/);
    expect(JSON.stringify(issued.entry.changes)).not.toContain(towers);
    expect(JSON.stringify(issued.entry.changes)).not.toContain(unit);

    const cancelled = await onlyEntryOf(() =>
      call('company', 'DELETE', `/visitors/${issued.entry.entity_uuid ?? ''}`),
    );
    expect(cancelled.entry).toMatchObject({
      action: 'cancel',
      entity: 'visitor',
      entity_label: 'Siti Aminah',
      security_company_uuid: company,
    });
    expect(cancelled.entry.changes).toEqual({ status: { before: 'VALID', after: 'CANCELLED' } });
  });

  it('records a kiosk enrolled and revoked on its site’s History, never with its credential', async () => {
    const enrolled = await onlyEntryOf(() =>
      call('company', 'POST', '/kiosks/add', { residence_uuid: site, label: 'Front gate' }),
    );
    expect(enrolled.entry).toMatchObject({
      action: 'kiosk-enrol',
      entity: 'site',
      entity_uuid: site,
      entity_label: 'Residensi Audit',
      security_company_uuid: company,
    });
    expect(enrolled.entry.changes).toEqual({ kiosk: { before: null, after: 'Front gate' } });
    const answer = enrolled.response.json<{ resource: { uuid: string }; token: string }>();
    expect(JSON.stringify(enrolled.entry)).not.toContain(answer.token);
    const revoked = await onlyEntryOf(() =>
      call('company', 'DELETE', `/kiosks/${answer.resource.uuid}`),
    );
    expect(revoked.entry).toMatchObject({ action: 'kiosk-revoke', entity_uuid: site });
  });

  it('records a password change, masked, for the login that changed it', async () => {
    await createUser(t.db, {
      email: 'changer@harimau.example.com',
      role: 'securitycompany',
      companyUuid: company,
    });
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/kgapi/admin/session',
      headers: { 'x-application-key': APP_KEY },
      payload: { identifier: 'changer@harimau.example.com', challenge: PASSWORD },
    });
    const session = signedIn.json<{ session_token: string; identities: Array<{ uuid: string }> }>();
    const before = await lastId();
    const changed = await t.app.inject({
      method: 'POST',
      url: `/kgapi/identity/${session.identities[0]?.uuid}/challenge`,
      headers: authHeaders(session.session_token),
      payload: { old_challenge: PASSWORD, challenge: 'Changed@2026' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const entries = await entriesAfter(before);
    expect(entries.map((entry) => [entry.action, entry.entity_label, entry.changes])).toEqual([
      [
        'password-change',
        'changer@harimau.example.com',
        { password: { before: AUDIT_SECRET, after: AUDIT_SECRET } },
      ],
    ]);
    expect(JSON.stringify(entries)).not.toMatch(/Changed@2026/);
  });
});
