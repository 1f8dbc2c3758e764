import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createCompany, createGuard, createSite, createUser, PASSWORD } from './factories';
import { authHeaders, makeTestApp, signIn, type TestApp } from './test-app';
import { seededRandom } from '../support/random';

// A supervisor's guard count is one number kept by triggers (supervisor_guard_counts, over the
// pairs in supervisor_guards). After random links and unlinks, guards deleted and restored, sites
// deleted and restored, and sites given to and taken from supervisors, the kept numbers must equal
// a count(distinct) over the links, and the API's counts must equal the rows it lists.

let t: TestApp;
let sites: string[];
let guards: string[];
interface Supervisor {
  email: string;
  uuid: string;
}
let supervisors: Supervisor[];

beforeAll(async () => {
  t = await makeTestApp();
  const company = await createCompany(t.db, 'Alpha Guards');
  sites = [];
  for (let i = 0; i < 4; i += 1) sites.push(await createSite(t.db, company));
  guards = [];
  for (let i = 0; i < 8; i += 1)
    guards.push(await createGuard(t.db, company, {}, [sites[i % 4] as string]));
  supervisors = [];
  for (const [email, siteUuids] of [
    ['north@example.com', sites.slice(0, 2)],
    ['south@example.com', sites.slice(2, 3)],
  ] as const) {
    const profile = await createUser(t.db, {
      email,
      role: 'sitesupervisor',
      companyUuid: company,
      siteUuids: [...siteUuids],
    });
    const { uuid } = await t.db
      .selectFrom('site_supervisors')
      .select('uuid')
      .where('kg_user_profile_uuid', '=', profile)
      .executeTakeFirstOrThrow();
    supervisors.push({ email, uuid });
  }
});
afterAll(() => t.close());

/** What the triggers should have kept: each supervisor's distinct live guards on live sites. */
async function expected(supervisorUuid: string): Promise<number> {
  const row = await sql<{ n: number | string }>`
    select count(distinct link.guard_uuid) as n
    from site_supervisor_residences as ssr
    join residences as site on site.uuid = ssr.residence_uuid and site.deleted_at is null
    join guard_residences as link on link.residence_uuid = ssr.residence_uuid
    join guards as guard on guard.uuid = link.guard_uuid and guard.deleted_at is null
    where ssr.supervisor_uuid = ${supervisorUuid}`.execute(t.db);
  return Number(row.rows[0]?.n ?? 0);
}

async function kept(supervisorUuid: string): Promise<{ n: number; pairs: number }> {
  const counted = await t.db
    .selectFrom('supervisor_guard_counts')
    .select('n')
    .where('supervisor_uuid', '=', supervisorUuid)
    .executeTakeFirst();
  const pairs = await t.db
    .selectFrom('supervisor_guards')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('supervisor_uuid', '=', supervisorUuid)
    .executeTakeFirstOrThrow();
  return { n: Number(counted?.n ?? 0), pairs: Number(pairs.n) };
}

const now = () => new Date().toISOString().slice(0, 19).replace('T', ' ');

async function randomChange(pick: <T>(items: readonly T[]) => T): Promise<string> {
  const guard = pick(guards);
  const site = pick(sites);
  const supervisor = pick(supervisors).uuid;
  switch (pick(['link', 'unlink', 'guard', 'site', 'assign', 'unassign', 'move'] as const)) {
    case 'link':
      await t.db
        .insertInto('guard_residences')
        .values({ guard_uuid: guard, residence_uuid: site })
        .onConflict((oc) => oc.doNothing())
        .execute();
      return `link ${guard} to ${site}`;
    case 'unlink':
      await t.db
        .deleteFrom('guard_residences')
        .where('guard_uuid', '=', guard)
        .where('residence_uuid', '=', site)
        .execute();
      return `unlink ${guard} from ${site}`;
    case 'guard': {
      const row = await t.db
        .selectFrom('guards')
        .select('deleted_at')
        .where('uuid', '=', guard)
        .executeTakeFirstOrThrow();
      await t.db
        .updateTable('guards')
        .set({ deleted_at: row.deleted_at ? null : now() })
        .where('uuid', '=', guard)
        .execute();
      return `${row.deleted_at ? 'restore' : 'delete'} guard ${guard}`;
    }
    case 'site': {
      const row = await t.db
        .selectFrom('residences')
        .select('deleted_at')
        .where('uuid', '=', site)
        .executeTakeFirstOrThrow();
      await t.db
        .updateTable('residences')
        .set({ deleted_at: row.deleted_at ? null : now() })
        .where('uuid', '=', site)
        .execute();
      return `${row.deleted_at ? 'restore' : 'delete'} site ${site}`;
    }
    case 'assign':
      await t.db
        .insertInto('site_supervisor_residences')
        .values({ supervisor_uuid: supervisor, residence_uuid: site })
        .onConflict((oc) => oc.doNothing())
        .execute();
      return `give ${site} to ${supervisor}`;
    case 'unassign':
      await t.db
        .deleteFrom('site_supervisor_residences')
        .where('supervisor_uuid', '=', supervisor)
        .where('residence_uuid', '=', site)
        .execute();
      return `take ${site} from ${supervisor}`;
    case 'move': {
      // A link moved to another site in place (an update of residence_uuid).
      const other = pick(sites);
      const taken = await t.db
        .selectFrom('guard_residences')
        .select('guard_uuid')
        .where('guard_uuid', '=', guard)
        .where('residence_uuid', '=', other)
        .executeTakeFirst();
      if (taken) return 'no move';
      await t.db
        .updateTable('guard_residences')
        .set({ residence_uuid: other })
        .where('guard_uuid', '=', guard)
        .where('residence_uuid', '=', site)
        .execute();
      return `move ${guard}'s link from ${site} to ${other}`;
    }
  }
}

describe('supervisor guard counts kept by triggers', () => {
  it('start equal to the links', async () => {
    for (const { uuid } of supervisors) {
      const n = await expected(uuid);
      expect(n).toBeGreaterThan(0);
      expect(await kept(uuid)).toEqual({ n, pairs: n });
    }
  });

  it('stay equal to the links through 300 random changes', async () => {
    const { pick } = seededRandom(19);
    for (let step = 0; step < 300; step += 1) {
      const change = await randomChange(pick);
      for (const { uuid } of supervisors) {
        const n = await expected(uuid);
        expect(await kept(uuid), `after step ${step}: ${change}`).toEqual({ n, pairs: n });
      }
    }
  });

  it("answer each supervisor's guards list count, equal to the guards it lists", async () => {
    // Every site live and given to a supervisor, so both have guards to list.
    await t.db.updateTable('residences').set({ deleted_at: null }).execute();
    for (const [index, site] of sites.entries()) {
      await t.db
        .insertInto('site_supervisor_residences')
        .values({
          supervisor_uuid: (supervisors[index % 2] as Supervisor).uuid,
          residence_uuid: site,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    for (const { email, uuid } of supervisors) {
      const token = await signIn(t.app, email, PASSWORD);
      const response = await t.app.inject({
        method: 'GET',
        url: '/kgapi/guards/list?limit=100&include_count=true',
        headers: authHeaders(token),
      });
      expect(response.statusCode).toBe(200);
      const body = response.json<{ resource: unknown[]; meta: { count: number } }>();
      expect(body.meta.count).toBe(await expected(uuid));
      expect(body.meta.count).toBe(body.resource.length);
      const figures = await t.app.inject({
        method: 'GET',
        url: '/kgapi/dashboard/data',
        headers: authHeaders(token),
      });
      expect(figures.json<{ resource: { totalGuard: number } }>().resource.totalGuard).toBe(
        body.meta.count,
      );
    }
  });
});
