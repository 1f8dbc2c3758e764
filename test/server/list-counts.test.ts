import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAttendance,
  createCompany,
  createGuard,
  createIncident,
  createSite,
  createUser,
  createVisitor,
  PASSWORD,
} from './factories';
import { authHeaders, makeTestApp, signIn, type TestApp } from './test-app';
import { seededRandom } from '../support/random';

// An unfiltered list counts from per-site counts that triggers keep (site_row_counts); a filtered
// one counts its matches. After random inserts, moves, soft deletes, restores and hard deletes of
// rows and sites, both answers must agree with the records the list actually returns, for every
// role, and `include_count=false` leaves the count out.

const LISTS = ['attendances', 'visitors', 'incidents'] as const;
type List = (typeof LISTS)[number];

let t: TestApp;
let sites: string[];
let guard: string;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await makeTestApp();
  const alpha = await createCompany(t.db, 'Alpha Guards');
  const beta = await createCompany(t.db, 'Beta Guards');
  sites = [
    await createSite(t.db, alpha, { kipleguard_visitors: 1 }),
    await createSite(t.db, alpha, { kipleguard_visitors: 1 }),
    await createSite(t.db, beta, { kipleguard_visitors: 1 }),
  ];
  guard = await createGuard(t.db, alpha);
  await createUser(t.db, { email: 'root@example.com', role: 'superadmin' });
  await createUser(t.db, {
    email: 'alpha@example.com',
    role: 'securitycompany',
    companyUuid: alpha,
  });
  await createUser(t.db, {
    email: 'supervisor@example.com',
    role: 'sitesupervisor',
    companyUuid: alpha,
    siteUuids: [sites[0] as string],
  });
  for (const email of ['root@example.com', 'alpha@example.com', 'supervisor@example.com']) {
    tokens[email] = await signIn(t.app, email, PASSWORD);
  }
});
afterAll(() => t.close());

async function addRow(list: List, site: string): Promise<void> {
  if (list === 'attendances') await createAttendance(t.db, guard, site);
  else if (list === 'visitors') await createVisitor(t.db, site);
  else await createIncident(t.db, site);
}

const now = () => new Date().toISOString().replace('T', ' ').slice(0, 19);

/** One random change to the rows of a list or to a site. */
async function randomChange(random: ReturnType<typeof seededRandom>): Promise<void> {
  const list = random.pick(LISTS);
  const rows = await t.db.selectFrom(list).select('uuid').execute();
  const row = rows.length > 0 ? random.pick(rows).uuid : null;
  const action = random.next();
  if (row === null || action < 0.4) return addRow(list, random.pick(sites));
  if (action < 0.55) {
    await t.db
      .updateTable(list)
      .set({ residence_uuid: random.pick(sites) })
      .where('uuid', '=', row)
      .execute();
  } else if (action < 0.7) {
    await t.db.deleteFrom(list).where('uuid', '=', row).execute();
  } else if (action < 0.85 && list !== 'attendances') {
    await t.db
      .updateTable(list)
      .set({ deleted_at: random.next() < 0.6 ? now() : null })
      .where('uuid', '=', row)
      .execute();
  } else {
    await t.db
      .updateTable('residences')
      .set({ deleted_at: random.next() < 0.5 ? now() : null })
      .where('uuid', '=', random.pick(sites))
      .execute();
  }
}

async function listCall(email: string, list: List, query: string) {
  const answer = await t.app.inject({
    method: 'GET',
    url: `/kgapi/${list}/list?${query}`,
    headers: authHeaders(tokens[email] as string),
  });
  expect(answer.statusCode).toBe(200);
  return answer.json<{ resource: Array<{ uuid: string }>; meta?: { count: number } }>();
}

describe('list counts', () => {
  it('agree, unfiltered and filtered, with the records each role sees, through random changes', async () => {
    const random = seededRandom(20261123);
    for (let round = 0; round < 12; round += 1) {
      for (let change = 0; change < 15; change += 1) await randomChange(random);
      for (const email of Object.keys(tokens)) {
        for (const list of LISTS) {
          const all = await listCall(email, list, 'limit=500');
          const filtered = await listCall(
            email,
            list,
            `limit=1&filter=${encodeURIComponent('(created_at IS NOT NULL)')}`,
          );
          const context = `${email} ${list} round ${round}`;
          expect(all.meta?.count, context).toBe(all.resource.length);
          expect(filtered.meta?.count, context).toBe(all.resource.length);
        }
      }
    }
  });

  it('leaves meta out when include_count=false, and refuses a value that is not true or false', async () => {
    await addRow('attendances', sites[0] as string);
    const uncounted = await listCall(
      'root@example.com',
      'attendances',
      'limit=1&include_count=false',
    );
    expect(uncounted.meta).toBeUndefined();
    expect(uncounted.resource).toHaveLength(1);
    const counted = await listCall('root@example.com', 'attendances', 'limit=1&include_count=true');
    expect(counted.meta?.count).toBeGreaterThan(0);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/kgapi/guards/list?include_count=maybe',
      headers: authHeaders(tokens['root@example.com'] as string),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      error: {
        code: 'INVALID_INCLUDE_COUNT',
        message: "Invalid include_count 'maybe': expected true, false or exact.",
      },
    });
  });
});
