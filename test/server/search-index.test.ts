import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeLike, quote } from '../../src/api/filters';
import { containedText } from '../../server/src/query';
import { createCompany, createGuard, createUser, PASSWORD } from './factories';
import { randomTextGenerator } from './random-text';
import { authHeaders, makeTestApp, signIn, type TestApp } from './test-app';

// A property test: on random data and random search text, a search that reads the trigram index
// finds exactly the rows the plain `lower(col) LIKE lower('%text%')` finds, whatever the case,
// the wildcards typed as text (% and _), quotes, accents or scripts.

let t: TestApp;
let token: string;
let company: string;
const random = randomTextGenerator(20261123);

async function listedBy(field: string, text: string): Promise<string[]> {
  const filter = `(${field} like ${quote(`%${escapeLike(text)}%`)})`;
  const answer = await t.app.inject({
    method: 'GET',
    url: '/kgapi/guards/list',
    query: { filter, limit: '500' },
    headers: authHeaders(token),
  });
  expect(answer.statusCode, `${filter}: ${answer.body}`).toBe(200);
  return answer
    .json<{ resource: Array<{ uuid: string }> }>()
    .resource.map((row) => row.uuid)
    .sort();
}

/** Today's semantics, with no index: the reference every indexed search must agree with. */
async function likeReference(column: 'name' | 'guard_id', text: string): Promise<string[]> {
  const pattern = `%${escapeLike(text)}%`;
  const rows = await sql<{ uuid: string }>`
    select uuid from guards
    where deleted_at is null and lower(${sql.ref(column)}) like lower(${pattern}) escape '\\'`.execute(
    t.db,
  );
  return rows.rows.map((row) => row.uuid).sort();
}

beforeAll(async () => {
  t = await makeTestApp();
  company = await createCompany(t.db, 'Random Guards');
  await createUser(t.db, { email: 'root@example.com', role: 'superadmin' });
  token = await signIn(t.app, 'root@example.com', PASSWORD);
  const uuids: string[] = [];
  for (let i = 0; i < 250; i += 1) {
    uuids.push(
      await createGuard(t.db, company, {
        name: random.text(3, 24),
        guard_id: `G-${random.text(2, 8)}`,
      }),
    );
  }
  // Rows written after the index was built: updates and deletes must keep it in step.
  for (const uuid of uuids.slice(0, 60)) {
    await t.db
      .updateTable('guards')
      .set({ name: random.text(3, 24) })
      .where('uuid', '=', uuid)
      .execute();
  }
  await t.db
    .deleteFrom('guard_residences')
    .where('guard_uuid', 'in', uuids.slice(60, 70))
    .execute();
  await t.db.deleteFrom('guards').where('uuid', 'in', uuids.slice(60, 70)).execute();
});
afterAll(async () => {
  await t.close();
});

describe('substring search through the trigram index', () => {
  it('finds exactly what LIKE finds, on 400 random searches of names and Guard IDs', async () => {
    const names = (await t.db.selectFrom('guards').select(['name', 'guard_id']).execute()).flatMap(
      (row) => [row.name, row.guard_id],
    );
    let indexed = 0;
    for (let i = 0; i < 400; i += 1) {
      const column = random.next() < 0.7 ? 'name' : 'guard_id';
      const text = random.searchText(names);
      if (containedText(`%${escapeLike(text)}%`) !== null) indexed += 1;
      expect(await listedBy(column, text), `${column} like %${text}%`).toEqual(
        await likeReference(column, text),
      );
    }
    // Most searches were long enough to go through the index, not around it.
    expect(indexed).toBeGreaterThan(200);
  });

  it('reads the index for text of three characters or more, and LIKE alone for shorter', () => {
    expect(containedText('%abc%')).toBe('abc');
    expect(containedText('%ab%')).toBeNull();
    expect(containedText('%50\\%%')).toBe('50%');
    expect(containedText('%a_c%')).toBeNull();
    expect(containedText('%a\\_c%')).toBe('a_c');
    expect(containedText('%abc\\%')).toBeNull();
    expect(containedText('abc%')).toBeNull();
    expect(containedText('%中文字%')).toBe('中文字');
  });

  it('keeps the index in step with names written later', async () => {
    const uuid = await createGuard(t.db, company, {
      name: `Zzyzx Quorra ${randomUUID().slice(0, 4)}`,
    });
    expect(await listedBy('name', 'yzx quo')).toContain(uuid);
    await t.db
      .updateTable('guards')
      .set({ name: 'Renamed Person' })
      .where('uuid', '=', uuid)
      .execute();
    expect(await listedBy('name', 'yzx quo')).not.toContain(uuid);
    expect(await listedBy('name', 'renamed pers')).toContain(uuid);
  });
});
