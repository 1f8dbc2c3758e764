import { engineOf } from '../../server/src/db/engine';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeLike, keywordFilter } from '../../src/api/filters';
import { INCIDENTS_QUERY } from '../../server/src/modules/incidents/incidents.repository';
import { VISITORS_QUERY } from '../../server/src/modules/visitors/visitors.repository';
import { containedText, parseListQuery } from '../../server/src/query';
import {
  createCompany,
  createGuard,
  createSite,
  createUser,
  createVisitor,
  PASSWORD,
} from './factories';
import { randomTextGenerator } from './random-text';
import { authHeaders, makeTestApp, signIn, type TestApp } from './test-app';

// A property test: the console's search over several fields (`(a like '%t%') OR (b like …)`),
// which the visitor and incident lists answer as the union of each field's index matches, finds
// exactly the rows a plain OR of LIKEs finds, for a company user and a superadmin, on random
// passes and incidents at random sites, some of them deleted.

const VISITOR_FIELDS = ['residence_name', 'category', 'name', 'car_plate_number', 'status'];
const INCIDENT_FIELDS = ['residence_name', 'user_email', 'guard_id'];

const random = randomTextGenerator(20261124);
let t: TestApp;
const tokens = { admin: '', company: '' };
let companyA: string;
/** Each list's searchable values, for search texts cut from them. */
const values = { visitors: [] as string[], incidents: [] as string[] };

function randomValue(min: number, max: number, ...lists: Array<keyof typeof values>): string {
  const value = random.text(min, max);
  for (const list of lists) values[list].push(value);
  return value;
}

async function listed(
  list: 'visitors' | 'incidents',
  caller: keyof typeof tokens,
  fields: string[],
  text: string,
) {
  const filter = keywordFilter(fields, text);
  const answer = await t.app.inject({
    method: 'GET',
    url: `/kgapi/${list}/list`,
    query: { filter, limit: '500' },
    headers: authHeaders(tokens[caller]),
  });
  expect(answer.statusCode, `${filter}: ${answer.body}`).toBe(200);
  const body = answer.json<{ resource: Array<{ uuid: string }>; meta: { count: number } }>();
  expect(body.meta.count).toBe(body.resource.length);
  return body.resource.map((row) => row.uuid).sort();
}

/** The plain OR of LIKEs, joined to each related table: what every search must agree with. */
async function reference(
  list: 'visitors' | 'incidents',
  caller: keyof typeof tokens,
  text: string,
) {
  const pattern = `%${escapeLike(text)}%`;
  const like = (column: string) =>
    sql`lower(${sql.ref(column)}) like lower(${pattern}) escape '\\'`;
  const scope = caller === 'company' ? sql`site.security_company_uuid = ${companyA}` : sql`1 = 1`;
  const query =
    list === 'visitors'
      ? sql<{ uuid: string }>`
          select row.uuid from visitors as row join residences as site on site.uuid = row.residence_uuid
          where row.deleted_at is null and site.deleted_at is null and ${scope} and (${like('site.name')}
            or ${like('row.category')} or ${like('row.name')} or ${like('row.car_plate_number')}
            or ${like('row.status')})`
      : sql<{ uuid: string }>`
          select row.uuid from incidents as row join residences as site on site.uuid = row.residence_uuid
            left join user_profiles as reporter on reporter.uuid = row.reported_by_user_uuid
            left join guards as guard on guard.uuid = row.reported_by_guard_uuid
          where row.deleted_at is null and site.deleted_at is null and ${scope} and (${like('site.name')}
            or ${like('reporter.email')} or ${like('guard.guard_id')})`;
  return (await query.execute(t.db)).rows.map((row) => row.uuid).sort();
}

/**
 * The superadmin's rows by the form of the filter a page of many matches uses (tested on each
 * row in the list's order), which the lists reach only past FEW_MATCHES.
 */
async function walkedInOrder(list: 'visitors' | 'incidents', fields: string[], text: string) {
  const spec = list === 'visitors' ? VISITORS_QUERY : INCIDENTS_QUERY;
  const whereInOrder = parseListQuery({ filter: keywordFilter(fields, text) }, spec, {
    engine: engineOf(t.db),
  }).whereFor({ inOrder: true });
  const rows = await t.db
    .selectFrom(list)
    .innerJoin('residences as site', 'site.uuid', `${list}.residence_uuid`)
    .select(`${list}.uuid`)
    .where(`${list}.deleted_at`, 'is', null)
    .where('site.deleted_at', 'is', null)
    .$if(whereInOrder !== null, (qb) => qb.where(whereInOrder ?? sql<boolean>`true`))
    .execute();
  return rows.map((row) => row.uuid).sort();
}

beforeAll(async () => {
  t = await makeTestApp();
  companyA = await createCompany(t.db, 'Aegis Guarding');
  const companyB = await createCompany(t.db, 'Benteng Protection');
  const sites: string[] = [];
  for (let i = 0; i < 8; i += 1) {
    sites.push(
      await createSite(t.db, i % 2 ? companyB : companyA, {
        name: randomValue(3, 16, 'visitors', 'incidents'),
      }),
    );
  }
  await createUser(t.db, { email: 'root@example.com', role: 'superadmin' });
  await createUser(t.db, {
    email: 'desk@example.com',
    role: 'securitycompany',
    companyUuid: companyA,
  });
  tokens.admin = await signIn(t.app, 'root@example.com', PASSWORD);
  tokens.company = await signIn(t.app, 'desk@example.com', PASSWORD);

  for (let i = 0; i < 200; i += 1) {
    await createVisitor(t.db, random.pick(sites), {
      name: randomValue(3, 20, 'visitors'),
      category: randomValue(3, 10, 'visitors'),
      car_plate_number: randomValue(3, 8, 'visitors'),
      status: randomValue(3, 8, 'visitors'),
      deleted_at: i % 25 === 0 ? '2026-01-01 00:00:00' : null,
    });
  }

  const reporters: string[] = [];
  for (let i = 0; i < 12; i += 1) {
    const email = `${randomValue(3, 10, 'incidents')}@example.com`;
    await createUser(t.db, { email, role: 'securitycompany', companyUuid: companyA });
    const row = await t.db
      .selectFrom('user_profiles')
      .select('uuid')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    reporters.push(row.uuid);
  }
  const guards: string[] = [];
  for (let i = 0; i < 12; i += 1) {
    guards.push(await createGuard(t.db, companyA, { guard_id: randomValue(3, 8, 'incidents') }));
  }
  const category = await t.db
    .selectFrom('incident_categories')
    .select('uuid')
    .executeTakeFirstOrThrow();
  for (let i = 0; i < 150; i += 1) {
    const byGuard = random.next() < 0.5;
    await t.db
      .insertInto('incidents')
      .values({
        uuid: randomUUID(),
        kg_incident_id: `INC-${String(i).padStart(6, '0')}`,
        category_uuid: category.uuid,
        residence_uuid: random.pick(sites),
        incident_date: '2026-11-01 10:00:00',
        description: 'Random',
        reported_by_guard_uuid: byGuard ? random.pick(guards) : null,
        reported_by_user_uuid: byGuard ? null : random.pick(reporters),
        deleted_at: i % 20 === 0 ? '2026-11-02 00:00:00' : null,
      })
      .execute();
  }
  // A deleted site: its passes and incidents leave the lists, whatever the search.
  await t.db
    .updateTable('residences')
    .set({ deleted_at: '2026-11-03 00:00:00' })
    .where('uuid', '=', sites[2] ?? '')
    .execute();
});
afterAll(async () => {
  await t.close();
});

describe('a search over several fields', () => {
  it.each([
    ['visitors', VISITOR_FIELDS],
    ['incidents', INCIDENT_FIELDS],
  ] as const)(
    'finds on %s exactly what an OR of LIKEs finds, on 150 random searches',
    async (list, fields) => {
      let found = 0;
      let indexed = 0;
      for (let i = 0; i < 150; i += 1) {
        const text = random.searchText(values[list]);
        const caller = random.next() < 0.5 ? 'admin' : 'company';
        const rows = await listed(list, caller, [...fields], text);
        expect(rows, `${caller}: ${text}`).toEqual(await reference(list, caller, text));
        expect(await walkedInOrder(list, [...fields], text), `in order: ${text}`).toEqual(
          await reference(list, 'admin', text),
        );
        if (rows.length > 0) found += 1;
        if (containedText(`%${escapeLike(text)}%`) !== null) indexed += 1;
      }
      // Most searches found something, so the agreement is not only on empty answers.
      expect(found).toBeGreaterThan(50);
      // And most were long enough to be answered from the indexes.
      expect(indexed).toBeGreaterThan(50);
    },
    // 600 list calls: seconds on SQLite, up to a minute on PGlite.
    120_000,
  );
});
