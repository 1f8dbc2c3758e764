import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keywordFilter } from '../../src/api/filters';
import { FEW_MATCHES } from '../../server/src/query';
import { createCompany, createSite } from './factories';
import { authHeaders, makeTestApp, signInEveryRole, type Caller, type TestApp } from './test-app';

// GET /visitors/list finds a page in one of two ways: a search's few matches read first and
// sorted, or, past FEW_MATCHES (a broad search, or the list unfiltered), a walk in the list's
// order testing each pass against the caller's sites and the matches. These check that both
// give the plain query's answer: the same passes in the same order, page after page, with the
// same count, for every role, on each side of the limit.

interface Pass {
  uuid: string;
  site: string;
  name: string;
  category: string;
  created_at: string;
  deleted: boolean;
}

/** SQLite's text order (bytes), not the locale's. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const SEARCH_FIELDS = ['residence_name', 'category', 'name', 'car_plate_number', 'status'];

describe('GET /visitors/list: pages of searches and of the whole list at scale', () => {
  let t: TestApp;
  let passes: Pass[];
  const sites: Record<'a1' | 'a2' | 'b' | 'gone', string> = { a1: '', a2: '', b: '', gone: '' };
  const tokens = {} as Record<Caller, string>;

  beforeAll(async () => {
    t = await makeTestApp();
    const companyA = await createCompany(t.db, 'Aegis Guarding');
    const companyB = await createCompany(t.db, 'Benteng Protection');
    sites.a1 = await createSite(t.db, companyA, { name: 'Alpha Towers' });
    sites.a2 = await createSite(t.db, companyA, { name: 'Bravo Court' });
    sites.b = await createSite(t.db, companyB, { name: 'Delta Heights' });
    sites.gone = await createSite(t.db, companyA, { name: 'Echo Lodge' });
    // 10,800 passes over four sites: a category most of them hold ('Visitor') is a search past
    // FEW_MATCHES, a rare one ('Contractor') one under it. Every tenth shares its second with
    // the one before, so uuid breaks ties; some are deleted; one site is deleted below.
    const order = [sites.a1, sites.a2, sites.b, sites.a1, sites.gone, sites.a2];
    passes = Array.from({ length: 10800 }, (_, i) => ({
      uuid: randomUUID(),
      site: order[i % order.length] ?? sites.a1,
      name: `Guest ${i}`,
      category: i % 9 === 0 ? 'Contractor' : 'Visitor',
      created_at: new Date(Date.UTC(2025, 0, 1) + (i - (i % 10 === 1 ? 1 : 0)) * 1000)
        .toISOString()
        .slice(0, 19)
        .replace('T', ' '),
      deleted: i % 13 === 0,
    }));
    for (let start = 0; start < passes.length; start += 400) {
      await t.db
        .insertInto('visitors')
        .values(
          passes.slice(start, start + 400).map((pass) => ({
            uuid: pass.uuid,
            residence_uuid: pass.site,
            name: pass.name,
            category: pass.category,
            date: '2025-01-01',
            start_time: '00:00:00',
            end_time: '23:59:00',
            qr_code: `QR-${pass.uuid}`,
            created_at: pass.created_at,
            deleted_at: pass.deleted ? '2025-06-01 00:00:00' : null,
          })),
        )
        .execute();
    }
    await t.db
      .updateTable('residences')
      .set({ deleted_at: '2025-06-01 00:00:00' })
      .where('uuid', '=', sites.gone)
      .execute();
    Object.assign(tokens, await signInEveryRole(t, companyA, [sites.a1]));
  });
  afterAll(() => t.close());

  async function page(caller: Caller, query: Record<string, string>) {
    const response = await t.app.inject({
      method: 'GET',
      url: '/kgapi/visitors/list',
      query: { limit: '8', ...query },
      headers: authHeaders(tokens[caller]),
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ resource: Array<{ uuid: string }>; meta: { count: number } }>();
    return { uuids: body.resource.map((row) => row.uuid), count: body.meta.count };
  }

  /** The caller's live passes at live sites, newest first and by uuid within a second. */
  function expected(caller: Caller, matches: (pass: Pass) => boolean): string[] {
    const inScope = {
      admin: [sites.a1, sites.a2, sites.b],
      company: [sites.a1, sites.a2],
      supervisor: [sites.a1],
    }[caller];
    return passes
      .filter((pass) => !pass.deleted && inScope.includes(pass.site) && matches(pass))
      .sort((a, b) =>
        a.created_at === b.created_at ? byText(b.uuid, a.uuid) : byText(b.created_at, a.created_at),
      )
      .map((pass) => pass.uuid);
  }

  const cases: Array<[string, Record<string, string>, (pass: Pass) => boolean]> = [
    ['the whole list', {}, () => true],
    [
      'a search most passes match',
      { filter: keywordFilter(SEARCH_FIELDS, 'isit') },
      (pass) => pass.category === 'Visitor',
    ],
    [
      'a search few passes match',
      { filter: keywordFilter(SEARCH_FIELDS, 'ntrac') },
      (pass) => pass.category === 'Contractor',
    ],
  ];

  it.each(cases)(
    'answers %s as the plain query does, page after page',
    async (_, query, matches) => {
      for (const caller of ['admin', 'company', 'supervisor'] as const) {
        const all = expected(caller, matches);
        for (const offset of [0, 8, 2400]) {
          const answer = await page(caller, { ...query, offset: String(offset) });
          expect(answer.count, `${caller} count`).toBe(all.length);
          expect(answer.uuids, `${caller} at ${offset}`).toEqual(all.slice(offset, offset + 8));
        }
      }
    },
  );

  it('has a broad search past FEW_MATCHES for some roles and under it for others', () => {
    const visitors = (caller: Caller) => expected(caller, (pass) => pass.category === 'Visitor');
    expect(visitors('admin').length).toBeGreaterThan(FEW_MATCHES);
    expect(visitors('company').length).toBeGreaterThan(FEW_MATCHES);
    expect(visitors('supervisor').length).toBeLessThan(FEW_MATCHES);
  });
});
