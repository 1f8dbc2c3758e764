import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourceResponse } from '@contract/list';
import type { PassUnit } from '@contract/visitors';
import { createCompany, createSite, createUser, PASSWORD } from './factories';
import { authHeaders, makeTestApp, signIn, type TestApp } from './test-app';

// The pass form's Unit and Host: a site's unit directory, for the caller's own sites only.

let t: TestApp;
let siteA: string;
let siteB: string;
const token: Record<string, string> = {};
const ALPHA = 'ops@alpha.example.com';
const SUPERVISOR = 'sup@alpha.example.com';

async function addUnit(siteUuid: string, name: string, owner: string) {
  await t.db
    .insertInto('units')
    .values({ uuid: randomUUID(), residence_uuid: siteUuid, name, owner_name: owner })
    .execute();
}

beforeAll(async () => {
  t = await makeTestApp();
  const alpha = await createCompany(t.db, 'Alpha Guards');
  const bravo = await createCompany(t.db, 'Bravo Guards');
  siteA = await createSite(t.db, alpha, { name: 'Alpha Heights', kipleguard_visitors: 1 });
  const siteA2 = await createSite(t.db, alpha, { name: 'Alpha Lodge', kipleguard_visitors: 1 });
  siteB = await createSite(t.db, bravo, { name: 'Bravo Towers', kipleguard_visitors: 1 });
  await addUnit(siteA, 'B-01-01', 'Lim Wei Jie');
  await addUnit(siteA, 'A-12-03', 'Tan Mei Ling');
  await addUnit(siteB, 'X-01-01', 'Someone Else');
  await createUser(t.db, { email: ALPHA, role: 'securitycompany', companyUuid: alpha });
  await createUser(t.db, {
    email: SUPERVISOR,
    role: 'sitesupervisor',
    companyUuid: alpha,
    siteUuids: [siteA2],
  });
  for (const email of [ALPHA, SUPERVISOR]) token[email] = await signIn(t.app, email, PASSWORD);
});
afterAll(async () => {
  await t.close();
});

const unitsOf = (email: string, site: string) =>
  t.app.inject({
    method: 'GET',
    url: `/kgapi/visitors/sites/${site}/units`,
    headers: authHeaders(token[email] ?? ''),
  });

describe('GET /kgapi/visitors/sites/{uuid}/units', () => {
  it('answers the site’s units by name, each with its owner', async () => {
    const answer = await unitsOf(ALPHA, siteA);
    expect(answer.statusCode).toBe(200);
    const units = answer.json<ResourceResponse<PassUnit[]>>().resource;
    expect(units.map(({ name, owner_name }) => [name, owner_name])).toEqual([
      ['A-12-03', 'Tan Mei Ling'],
      ['B-01-01', 'Lim Wei Jie'],
    ]);
  });

  it('answers 404 for another company’s site, and a site outside a supervisor’s', async () => {
    expect((await unitsOf(ALPHA, siteB)).statusCode).toBe(404);
    expect((await unitsOf(SUPERVISOR, siteA)).statusCode).toBe(404);
  });
});
