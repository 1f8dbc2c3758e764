import { type Kysely, sql } from 'kysely';
import { createRowTrigger, dropRowTrigger } from '../engine/triggers';

// Frozen once landed. How many live guards each supervisor has on its live sites, kept by
// triggers, so a supervisor's guard count (the guards list and the dashboard) reads one number
// instead of a count(distinct) over its sites' links, which grew with the scope (issue 19: 15,600
// links, 6 to 11 ms). A guard on two of a supervisor's sites counts once, so supervisor_guards
// holds each (supervisor, guard) pair and supervisor_guard_counts counts the pairs.
//
// Each trigger puts the pairs it touches right from the links themselves (does this supervisor
// still reach this guard through a live link at a live site?) rather than adding and subtracting:
// the link liveness trigger (2026-11-23T10) updates a link just after its insert, and the order in
// which an engine fires triggers must not change a count.

/** The supervisor `supervisor` reaches guard `guard` through a live link at a live site. */
const reaches = (supervisor: string, guard: string) =>
  `exists (select 1 from guard_residences as reaching
     join site_supervisor_residences as reaching_site on reaching_site.residence_uuid = reaching.residence_uuid
     join residences as reaching_residence on reaching_residence.uuid = reaching.residence_uuid
     where reaching.guard_uuid = ${guard} and reaching.guard_live = 1
       and reaching_site.supervisor_uuid = ${supervisor} and reaching_residence.deleted_at is null)`;

/** The supervisors of a site. */
const supervisorsOf = (site: string) =>
  `select ssr.supervisor_uuid from site_supervisor_residences as ssr where ssr.residence_uuid = ${site}`;

/** One guard's pairs with a site's supervisors, put right after a change to one of its links. */
const guardPairs = (row: 'new' | 'old') => `
  insert into supervisor_guard_counts (supervisor_uuid, n)
    select site_supervisor.supervisor_uuid, 1 from (${supervisorsOf(`${row}.residence_uuid`)}) as site_supervisor
    where ${reaches('site_supervisor.supervisor_uuid', `${row}.guard_uuid`)}
      and not exists (select 1 from supervisor_guards as pair
                      where pair.supervisor_uuid = site_supervisor.supervisor_uuid and pair.guard_uuid = ${row}.guard_uuid)
    on conflict (supervisor_uuid) do update set n = supervisor_guard_counts.n + 1;
  insert into supervisor_guards (supervisor_uuid, guard_uuid)
    select site_supervisor.supervisor_uuid, ${row}.guard_uuid from (${supervisorsOf(`${row}.residence_uuid`)}) as site_supervisor
    where ${reaches('site_supervisor.supervisor_uuid', `${row}.guard_uuid`)}
    on conflict (supervisor_uuid, guard_uuid) do nothing;
  update supervisor_guard_counts set n = n - 1
    where supervisor_uuid in (select pair.supervisor_uuid from supervisor_guards as pair
      where pair.guard_uuid = ${row}.guard_uuid
        and pair.supervisor_uuid in (${supervisorsOf(`${row}.residence_uuid`)})
        and not ${reaches('pair.supervisor_uuid', `${row}.guard_uuid`)});
  delete from supervisor_guards
    where guard_uuid = ${row}.guard_uuid
      and supervisor_uuid in (${supervisorsOf(`${row}.residence_uuid`)})
      and not ${reaches('supervisor_guards.supervisor_uuid', `${row}.guard_uuid`)};`;

/**
 * The pairs of the given supervisors with a site's guards, put right after the site joins or
 * leaves them (an admin's write: the supervisor's count is then counted again).
 */
const sitePairs = (site: string, supervisors: string) => `
  insert into supervisor_guards (supervisor_uuid, guard_uuid)
    select supervisor.uuid, link.guard_uuid
    from site_supervisors as supervisor, guard_residences as link
    where supervisor.uuid in (${supervisors}) and link.residence_uuid = ${site}
      and ${reaches('supervisor.uuid', 'link.guard_uuid')}
    on conflict (supervisor_uuid, guard_uuid) do nothing;
  delete from supervisor_guards
    where supervisor_uuid in (${supervisors})
      and guard_uuid in (select link.guard_uuid from guard_residences as link where link.residence_uuid = ${site})
      and not ${reaches('supervisor_guards.supervisor_uuid', 'supervisor_guards.guard_uuid')};
  insert into supervisor_guard_counts (supervisor_uuid, n)
    select counted.uuid, (select count(*) from supervisor_guards as pair where pair.supervisor_uuid = counted.uuid)
    from site_supervisors as counted where counted.uuid in (${supervisors})
    on conflict (supervisor_uuid) do update set n = excluded.n;`;

const LINK_TRIGGERS = [
  { name: 'insert', event: 'insert', body: guardPairs('new') },
  { name: 'delete', event: 'delete', body: guardPairs('old') },
  // A guard deleted or restored (guard_live), or a link moved: the old row's pairs and the new's.
  {
    name: 'update',
    event: 'update of guard_live, guard_uuid, residence_uuid',
    body: guardPairs('old') + guardPairs('new'),
  },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('supervisor_guards')
    .addColumn('supervisor_uuid', 'text', (col) => col.notNull())
    .addColumn('guard_uuid', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('supervisor_guards_pk', ['supervisor_uuid', 'guard_uuid'])
    .execute();
  await db.schema
    .createIndex('supervisor_guards_guard')
    .on('supervisor_guards')
    .column('guard_uuid')
    .execute();
  await db.schema
    .createTable('supervisor_guard_counts')
    .addColumn('supervisor_uuid', 'text', (col) => col.primaryKey())
    .addColumn('n', 'integer', (col) => col.notNull())
    .execute();
  // The triggers find a site's supervisors.
  await db.schema
    .createIndex('site_supervisor_residences_residence')
    .on('site_supervisor_residences')
    .column('residence_uuid')
    .execute();

  for (const { name, event, body } of LINK_TRIGGERS) {
    await createRowTrigger(db, {
      name: `guard_residences_supervisor_${name}`,
      table: 'guard_residences',
      event,
      body,
    });
  }
  // A site given to or taken from a supervisor.
  await createRowTrigger(db, {
    name: 'site_supervisor_residences_guards_insert',
    table: 'site_supervisor_residences',
    event: 'insert',
    body: sitePairs('new.residence_uuid', 'new.supervisor_uuid'),
  });
  await createRowTrigger(db, {
    name: 'site_supervisor_residences_guards_delete',
    table: 'site_supervisor_residences',
    event: 'delete',
    body: sitePairs('old.residence_uuid', 'old.supervisor_uuid'),
  });
  // A site deleted or restored: its guards leave or join its supervisors.
  await createRowTrigger(db, {
    name: 'residences_supervisor_guards',
    table: 'residences',
    event: 'update of deleted_at',
    when: '(old.deleted_at is null) <> (new.deleted_at is null)',
    body: sitePairs('new.uuid', supervisorsOf('new.uuid')),
  });

  await sql`insert into supervisor_guards (supervisor_uuid, guard_uuid)
    select distinct ssr.supervisor_uuid, link.guard_uuid
    from site_supervisor_residences as ssr
    join residences as site on site.uuid = ssr.residence_uuid and site.deleted_at is null
    join guard_residences as link on link.residence_uuid = ssr.residence_uuid and link.guard_live = 1`.execute(
    db,
  );
  await sql`insert into supervisor_guard_counts (supervisor_uuid, n)
    select supervisor_uuid, count(*) from supervisor_guards group by supervisor_uuid`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { name } of LINK_TRIGGERS) {
    await dropRowTrigger(db, `guard_residences_supervisor_${name}`, 'guard_residences');
  }
  await dropRowTrigger(
    db,
    'site_supervisor_residences_guards_insert',
    'site_supervisor_residences',
  );
  await dropRowTrigger(
    db,
    'site_supervisor_residences_guards_delete',
    'site_supervisor_residences',
  );
  await dropRowTrigger(db, 'residences_supervisor_guards', 'residences');
  await db.schema.dropIndex('site_supervisor_residences_residence').execute();
  await db.schema.dropTable('supervisor_guard_counts').execute();
  await db.schema.dropTable('supervisor_guards').execute();
}
