import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Guard } from '@contract/guards';
import { createCompany, createSite } from './factories';
import { authHeaders, makeTestApp, signInEveryRole, type Caller, type TestApp } from './test-app';

// GET /guards/list answers a search of three letters or more from its trigram matches (sorted
// after), a count by the partial live-guard indexes, and a supervisor's count from its sites'
// links. These check that the answers are the ones the plain query gives: the same guards, in
// the same order, page after page, with the same count, on each side of the few-matches limit.

interface Row {
  uuid: string;
  guard_id: string;
  name: string;
  company: string;
  created_at: string;
  deleted: boolean;
  sites: string[];
}

/** SQLite's text order (bytes), not the locale's. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

describe('GET /guards/list: searches, counts and pages at scale', () => {
  let t: TestApp;
  let rows: Row[];
  let companyA: string;
  let siteA1: string;
  let siteA2: string;
  const tokens = {} as Record<Caller, string>;

  beforeAll(async () => {
    t = await makeTestApp();
    companyA = await createCompany(t.db, 'Aegis Guarding');
    const companyB = await createCompany(t.db, 'Benteng Protection');
    siteA1 = await createSite(t.db, companyA, { name: 'Alpha Towers' });
    siteA2 = await createSite(t.db, companyA, { name: 'Bravo Court' });
    const siteB = await createSite(t.db, companyB, { name: 'Delta Heights' });
    // 5,700 guards: more than the few matches that are sorted, so a search every guard matches
    // takes the ordered walk and a narrow one the matches. Every tenth shares its second with
    // the one before, so uuid breaks ties; some are deleted; some are linked to both A sites.
    rows = [];
    for (let i = 0; i < 5700; i++) {
      const inA = i % 3 !== 0;
      const second = i - (i % 10 === 1 ? 1 : 0);
      const sites = inA ? (i % 4 === 0 ? [siteA1, siteA2] : [i % 2 ? siteA1 : siteA2]) : [siteB];
      rows.push({
        uuid: randomUUID(),
        guard_id: `${inA ? 'A' : 'B'}-${String(i).padStart(5, '0')}`,
        name: `Guard ${i % 7 === 0 ? 'Siti' : 'Tan'} ${i}`,
        company: inA ? companyA : companyB,
        created_at: new Date(Date.UTC(2024, 0, 1) + second * 1000)
          .toISOString()
          .slice(0, 19)
          .replace('T', ' '),
        deleted: i % 11 === 0,
        sites,
      });
    }
    for (let start = 0; start < rows.length; start += 400) {
      const chunk = rows.slice(start, start + 400);
      await t.db
        .insertInto('guards')
        .values(
          chunk.map((row) => ({
            uuid: row.uuid,
            guard_id: row.guard_id,
            name: row.name,
            address: '',
            contact_number: '',
            ic_passport_number: '',
            nationality: 'Malaysian',
            security_company_uuid: row.company,
            created_at: row.created_at,
            deleted_at: row.deleted ? '2024-06-01 00:00:00' : null,
          })),
        )
        .execute();
      await t.db
        .insertInto('guard_residences')
        .values(
          chunk.flatMap((row) =>
            row.sites.map((residence_uuid) => ({ guard_uuid: row.uuid, residence_uuid })),
          ),
        )
        .execute();
    }
    Object.assign(tokens, await signInEveryRole(t, companyA, [siteA1, siteA2]));
  });
  afterAll(() => t.close());

  async function list(caller: Caller, query: Record<string, string>) {
    const response = await t.app.inject({
      method: 'GET',
      url: '/kgapi/guards/list',
      query,
      headers: authHeaders(tokens[caller]),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ resource: Guard[]; meta?: { count: number } }>();
  }

  /** The caller's live guards, newest first and by uuid within a second, as the plain query. */
  function expected(caller: Caller, matches: (row: Row) => boolean): string[] {
    return rows
      .filter((row) => !row.deleted && matches(row))
      .filter((row) =>
        caller === 'admin'
          ? true
          : caller === 'company'
            ? row.company === companyA
            : row.sites.some((site) => site === siteA1 || site === siteA2),
      )
      .sort((a, b) =>
        a.created_at === b.created_at ? byText(b.uuid, a.uuid) : byText(b.created_at, a.created_at),
      )
      .map((row) => row.uuid);
  }

  /** The console's search: guard_id, name or company name containing the text. */
  const searchFilter = (text: string) =>
    ['guard_id', 'name', 'security_company_name']
      .map((field) => `(${field} like '%${text}%')`)
      .join(' OR ');
  const searchMatches = (text: string) => (row: Row) =>
    [
      row.guard_id,
      row.name,
      row.company === companyA ? 'Aegis Guarding' : 'Benteng Protection',
    ].some((value) => value.toLowerCase().includes(text.toLowerCase()));

  async function everyPage(caller: Caller, query: Record<string, string>, limit: number) {
    const uuids: string[] = [];
    let count: number | undefined;
    for (let offset = 0; ; offset += limit) {
      const page = await list(caller, { ...query, limit: String(limit), offset: String(offset) });
      count ??= page.meta?.count;
      uuids.push(...page.resource.map((guard) => guard.uuid));
      if (page.resource.length < limit) break;
    }
    return { uuids, count };
  }

  it('counts every live guard of each scope, a guard on two of a supervisor’s sites once', async () => {
    for (const caller of ['admin', 'company', 'supervisor'] as const) {
      const want = expected(caller, () => true);
      const first = await list(caller, { limit: '25' });
      expect(first.meta?.count).toBe(want.length);
      expect(first.resource.map((guard) => guard.uuid)).toEqual(want.slice(0, 25));
    }
  });

  it('finds nothing for a search with no match, counted or not', async () => {
    for (const caller of ['admin', 'company', 'supervisor'] as const) {
      const none = await list(caller, { filter: searchFilter('zzzq'), limit: '10' });
      expect(none).toEqual({ resource: [], meta: { count: 0 } });
      const uncounted = await list(caller, {
        filter: searchFilter('zzzq'),
        include_count: 'false',
      });
      expect(uncounted).toEqual({ resource: [] });
    }
  });

  it('answers narrow and broad searches with the same guards, order, pages and count', async () => {
    // 'siti' matches a seventh of the guards (sorted from the matches), 'uar' every one (the
    // ordered walk), 'a-0' company A's (guard_id), 'benteng' company B's (the company name),
    // 'si' two letters (no trigram index).
    for (const text of ['siti', 'uar', 'a-0', 'benteng', 'si', '00123']) {
      for (const caller of ['admin', 'company', 'supervisor'] as const) {
        const want = expected(caller, searchMatches(text));
        const first = await list(caller, { filter: searchFilter(text), limit: '10' });
        expect(first.meta?.count, `${caller} ${text}`).toBe(want.length);
        expect(first.resource.map((guard) => guard.uuid)).toEqual(want.slice(0, 10));
        const deep = await list(caller, {
          filter: searchFilter(text),
          limit: '10',
          offset: '35',
          include_count: 'false',
        });
        expect(deep.resource.map((guard) => guard.uuid)).toEqual(want.slice(35, 45));
      }
    }
  });

  it('pages through a search in a stable order, guards of the same second by uuid', async () => {
    const want = expected('supervisor', searchMatches('siti'));
    const { uuids, count } = await everyPage('supervisor', { filter: searchFilter('siti') }, 97);
    expect(count).toBe(want.length);
    expect(uuids).toEqual(want);
    expect(new Set(uuids).size).toBe(uuids.length);
  });

  it('sorts a search by another field, the matches and the walk alike', async () => {
    for (const text of ['siti', 'uar']) {
      const { resource } = await list('admin', {
        filter: searchFilter(text),
        order: 'guard_id desc',
        limit: '20',
        offset: '5',
      });
      const want = rows
        .filter((row) => !row.deleted && searchMatches(text)(row))
        .map((row) => row.guard_id)
        .sort(byText)
        .reverse()
        .slice(5, 25);
      expect(resource.map((guard) => guard.guard_id)).toEqual(want);
    }
  });

  it('combines a search with another condition and with a site filter', async () => {
    const filter = `(${searchFilter('siti')}) AND (residence_uuid='${siteA2}')`;
    const want = expected(
      'company',
      (row) => searchMatches('siti')(row) && row.sites.includes(siteA2),
    );
    const { uuids, count } = await everyPage('company', { filter }, 50);
    expect(count).toBe(want.length);
    expect(uuids).toEqual(want);
  });

  it('keeps a supervisor’s count in step as guards are deleted, restored and linked', async () => {
    const count = async () => (await list('supervisor', { limit: '1' })).meta?.count;
    const onBoth = rows.find((row) => !row.deleted && row.sites.length === 2);
    const deleted = rows.find((row) => row.deleted && !row.sites.includes(siteA1));
    if (!onBoth || !deleted) throw new Error('The fixture lacks a guard of each kind.');
    const setDeleted = (row: Row, deletedAt: string | null) =>
      t.db
        .updateTable('guards')
        .set({ deleted_at: deletedAt })
        .where('uuid', '=', row.uuid)
        .execute();
    const before = expected('supervisor', () => true).length;
    expect(await count()).toBe(before);
    // A guard on both of its sites leaves the count once, and comes back once.
    await setDeleted(onBoth, '2025-01-01 00:00:00');
    expect(await count()).toBe(before - 1);
    await setDeleted(onBoth, null);
    expect(await count()).toBe(before);
    // A deleted guard linked to one of its sites does not count until restored.
    await t.db
      .insertInto('guard_residences')
      .values({ guard_uuid: deleted.uuid, residence_uuid: siteA1 })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    expect(await count()).toBe(before);
    await setDeleted(deleted, null);
    expect(await count()).toBe(before + 1);
    await setDeleted(deleted, '2024-06-01 00:00:00');
  });
});
