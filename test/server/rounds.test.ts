import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkpoint } from '@contract/checkpoints';
import type { Round } from '@contract/rounds';
import { ROUND_MESSAGES } from '@rules/rounds';
import { createCompany, createSite, createUser, PASSWORD } from './factories';
import { authHeaders, makeTestApp, signIn, type TestApp } from './test-app';

// Patrol rounds (issue 38): a site's named sets of checkpoints, in order or not, with the time
// allowed, due at set times or every few hours through a shift pattern; kept by the superadmin,
// the site's company and its supervisors; retired rather than deleted.

let t: TestApp;
let siteA1: string;
let siteA2: string;
let siteB1: string;
let night: string;
let otherSitePattern: string;
const points: Record<string, string> = {};
const tokens: Record<'admin' | 'company' | 'supervisor' | 'other', string> = {
  admin: '',
  company: '',
  supervisor: '',
  other: '',
};

const call = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url: `/kgapi${url}`, headers: authHeaders(token), payload });

const refusal = (response: { json: () => unknown }) =>
  (response.json() as { error: { code: string; message: string; field?: string } }).error;

async function checkpoint(site: string, name: string): Promise<string> {
  const response = await call(tokens.company || tokens.other, 'POST', '/checkpoints', {
    residence_uuid: site,
    name,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json<{ resource: Checkpoint[] }>().resource[0] as Checkpoint).uuid;
}

async function pattern(site: string, name: string): Promise<string> {
  const uuid = randomUUID();
  await t.db
    .insertInto('shift_patterns')
    .values({
      uuid,
      residence_uuid: site,
      name,
      start_time: '19:00',
      end_time: '07:00',
      headcount: 2,
      weekdays: '1234567',
    })
    .execute();
  return uuid;
}

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
  for (const name of ['Main gate', 'Car park', 'Pool', 'Back fence']) {
    points[name] = await checkpoint(siteA1, name);
  }
  points['Bravo lobby'] = await checkpoint(siteA2, 'Bravo lobby');
  night = await pattern(siteA1, 'Night');
  otherSitePattern = await pattern(siteA2, 'Night');
});
afterAll(() => t.close());

const base = () => ({
  residence_uuid: siteA1,
  name: 'Night round',
  in_order: true,
  allowed_minutes: 30,
  schedule_kind: 'every' as const,
  times: [],
  every_hours: 2,
  pattern_uuid: night,
  checkpoint_uuids: [points['Main gate'], points['Pool'], points['Car park']],
});

describe('rounds', () => {
  it('adds a round through a shift pattern, its checkpoints in the order given', async () => {
    const response = await call(tokens.supervisor, 'POST', '/rounds', base());
    expect(response.statusCode, response.body).toBe(200);
    const round = response.json<{ resource: Round[] }>().resource[0] as Round;
    expect(round).toMatchObject({
      residence_uuid: siteA1,
      residence_name: 'Alpha Towers',
      name: 'Night round',
      in_order: true,
      allowed_minutes: 30,
      schedule_kind: 'every',
      times: [],
      every_hours: 2,
      pattern_uuid: night,
      pattern_name: 'Night',
      retired_at: null,
    });
    expect(round.checkpoints.map((point) => point.name)).toEqual(['Main gate', 'Pool', 'Car park']);

    // At set times: stored earliest first, with no pattern.
    const times = await call(tokens.company, 'POST', '/rounds', {
      ...base(),
      name: 'Perimeter',
      in_order: false,
      schedule_kind: 'times',
      times: ['22:00', ' 02:00', '06:30'],
      every_hours: 4,
      checkpoint_uuids: [points['Back fence']],
    });
    expect(times.statusCode, times.body).toBe(200);
    expect(times.json<{ resource: Round[] }>().resource[0]).toMatchObject({
      schedule_kind: 'times',
      times: ['02:00', '06:30', '22:00'],
      every_hours: null,
      pattern_uuid: null,
      in_order: false,
    });

    const list = await call(
      tokens.company,
      'GET',
      `/rounds/list?filter=${encodeURIComponent(`(residence_uuid = '${siteA1}')`)}`,
    );
    expect(list.statusCode, list.body).toBe(200);
    const rounds = list.json<{ resource: Round[]; meta: { count: number } }>();
    expect(rounds.resource.map((row) => [row.name, row.checkpoints.length])).toEqual([
      ['Night round', 3],
      ['Perimeter', 1],
    ]);
    expect(rounds.meta.count).toBe(2);
  });

  it('refuses bad input at its field and saves nothing', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: ' ' }, 'name', ROUND_MESSAGES.nameRequired],
      [{ allowed_minutes: 4 }, 'allowed_minutes', ROUND_MESSAGES.allowedRange],
      [{ allowed_minutes: 12.5 }, 'allowed_minutes', ROUND_MESSAGES.allowedRange],
      [{ every_hours: 13 }, 'every_hours', ROUND_MESSAGES.everyRange],
      [{ pattern_uuid: null }, 'pattern_uuid', ROUND_MESSAGES.patternRequired],
      [{ pattern_uuid: otherSitePattern }, 'pattern_uuid', ROUND_MESSAGES.patternUnknown],
      [{ schedule_kind: 'times', times: [] }, 'times', ROUND_MESSAGES.timesRequired],
      [{ schedule_kind: 'times', times: ['25:00'] }, 'times', ROUND_MESSAGES.timeInvalid],
      [
        { schedule_kind: 'times', times: ['22:00', '22:00'] },
        'times',
        ROUND_MESSAGES.timesRepeated,
      ],
      [{ checkpoint_uuids: [] }, 'checkpoint_uuids', ROUND_MESSAGES.checkpointsRequired],
      [
        { checkpoint_uuids: [points['Pool'], points['Pool']] },
        'checkpoint_uuids',
        ROUND_MESSAGES.checkpointRepeated,
      ],
      [
        { checkpoint_uuids: [points['Bravo lobby']] },
        'checkpoint_uuids',
        ROUND_MESSAGES.checkpointUnknown,
      ],
    ];
    for (const [change, field, message] of cases) {
      const response = await call(tokens.company, 'POST', '/rounds', {
        ...base(),
        name: 'Refused',
        ...change,
      });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(refusal(response)).toMatchObject({ field, message });
    }
    const taken = await call(tokens.company, 'POST', '/rounds', { ...base(), name: 'NIGHT ROUND' });
    expect(taken.statusCode).toBe(409);
    expect(refusal(taken)).toMatchObject({ field: 'name', message: ROUND_MESSAGES.nameTaken });
    const count = await t.db
      .selectFrom('rounds')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('name', 'in', ['Refused', 'NIGHT ROUND'])
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('keeps each role to its sites', async () => {
    for (const [token, site] of [
      [tokens.supervisor, siteA2],
      [tokens.other, siteA1],
    ] as const) {
      const response = await call(token, 'POST', '/rounds', { ...base(), residence_uuid: site });
      expect(response.statusCode).toBe(400);
      expect(refusal(response)).toMatchObject({
        field: 'residence_uuid',
        message: ROUND_MESSAGES.siteUnknown,
      });
    }
    const names = async (token: string) =>
      (await call(token, 'GET', '/rounds/list'))
        .json<{ resource: Round[] }>()
        .resource.map((row) => row.name);
    expect(await names(tokens.admin)).toEqual(['Night round', 'Perimeter']);
    expect(await names(tokens.supervisor)).toEqual(['Night round', 'Perimeter']);
    expect(await names(tokens.other)).toEqual([]);
    const round = (await call(tokens.company, 'GET', '/rounds/list')).json<{ resource: Round[] }>()
      .resource[0] as Round;
    const theirs = await call(tokens.other, 'PATCH', `/rounds/${round.uuid}`, { name: 'X' });
    expect(theirs.statusCode).toBe(404);
    expect(refusal(theirs).message).toBe(ROUND_MESSAGES.notFound);
    expect(siteB1).toBeTruthy();
  });

  it('changes a round and its checkpoints, keeps it at its site, retires it', async () => {
    const round = (await call(tokens.company, 'GET', '/rounds/list')).json<{ resource: Round[] }>()
      .resource[0] as Round;
    const changed = await call(tokens.company, 'PATCH', `/rounds/${round.uuid}`, {
      allowed_minutes: 45,
      checkpoint_uuids: [points['Car park'], points['Main gate']],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = changed.json<{ resource: Round[] }>().resource[0] as Round;
    expect(after).toMatchObject({ name: 'Night round', allowed_minutes: 45, every_hours: 2 });
    expect(after.checkpoints.map((point) => point.name)).toEqual(['Car park', 'Main gate']);

    const moved = await call(tokens.company, 'PATCH', `/rounds/${round.uuid}`, {
      residence_uuid: siteA2,
    });
    expect(moved.statusCode).toBe(400);
    expect(refusal(moved)).toMatchObject({
      field: 'residence_uuid',
      message: ROUND_MESSAGES.siteFixed,
    });

    // A retired checkpoint stays in the round's record, marked so.
    await call(tokens.company, 'POST', `/checkpoints/${points['Car park']}/retire`);
    const shown = (await call(tokens.company, 'GET', '/rounds/list')).json<{ resource: Round[] }>()
      .resource[0] as Round;
    expect(shown.checkpoints.map((point) => [point.name, point.retired])).toEqual([
      ['Car park', true],
      ['Main gate', false],
    ]);

    const retired = await call(tokens.company, 'POST', `/rounds/${round.uuid}/retire`);
    expect(retired.statusCode).toBe(200);
    expect(retired.json<{ resource: Round[] }>().resource[0]?.retired_at).not.toBeNull();
    const again = await call(tokens.company, 'PATCH', `/rounds/${round.uuid}`, { name: 'Y' });
    expect(again.statusCode).toBe(409);
    expect(refusal(again).message).toBe(ROUND_MESSAGES.retired);
    // Its name is free for a new round at the site.
    const fresh = await call(tokens.company, 'POST', '/rounds', {
      ...base(),
      checkpoint_uuids: [points['Main gate']],
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
  });
});
