import { type Kysely, sql } from 'kysely';
import { createRowTrigger, dropRowTrigger } from '../engine/triggers';

// Frozen once landed. Whether an upload was ever attached to a record, kept by triggers on every
// column that holds a file, so uploads never attached can be removed after a grace period and
// counted against their uploader's quota (issue 21: 385 files, 1.8 GB, attached to nothing after
// one test run). Once attached, a file is never a candidate again, whatever happens to the record.

/** Every column that holds one file's uuid. */
const FILE_COLUMNS = [
  { table: 'residences', column: 'cover_file_uuid' },
  { table: 'user_profiles', column: 'photo_file_uuid' },
  { table: 'guards', column: 'photo_file_uuid' },
  { table: 'attendances', column: 'checkin_photo_file_uuid' },
  { table: 'attendances', column: 'checkout_photo_file_uuid' },
  { table: 'incident_files', column: 'file_uuid' },
] as const;

/**
 * A walk-in's photos are a JSON array of file uuids. Read as text, not as JSON, so the same
 * statement serves both engines and a value that is not JSON cannot fail the write; the
 * unattached files are few (a partial index holds them), and a uuid matches no other.
 */
const WALKIN_PHOTOS = `update files set attached = 1
  where attached = 0 and new.walkin_photo like '%' || files.uuid || '%';`;

const triggerName = (table: string, column: string, event: 'insert' | 'update') =>
  `${table}_${column}_attaches_${event}`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('files')
    .addColumn('attached', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  // The few unattached uploads: by age for the clean-up, by uploader for the quota.
  await sql`create index files_unattached_created on files (created_at) where attached = 0`.execute(
    db,
  );
  await sql`create index files_unattached_uploader on files (uploaded_by) where attached = 0`.execute(
    db,
  );
  await sql`create index files_unattached_guard on files (uploaded_by_guard_uuid) where attached = 0`.execute(
    db,
  );

  for (const { table, column } of FILE_COLUMNS) {
    const body = `update files set attached = 1 where uuid = new.${column} and attached = 0;`;
    await createRowTrigger(db, {
      name: triggerName(table, column, 'insert'),
      table,
      event: 'insert',
      when: `new.${column} is not null`,
      body,
    });
    await createRowTrigger(db, {
      name: triggerName(table, column, 'update'),
      table,
      event: `update of ${column}`,
      when: `new.${column} is not null`,
      body,
    });
    await sql`update files set attached = 1 where attached = 0 and uuid in (
      select ${sql.ref(column)} from ${sql.table(table)} where ${sql.ref(column)} is not null)`.execute(
      db,
    );
  }
  for (const event of ['insert', 'update'] as const) {
    await createRowTrigger(db, {
      name: triggerName('visitors', 'walkin_photo', event),
      table: 'visitors',
      event: event === 'insert' ? 'insert' : 'update of walkin_photo',
      when: `new.walkin_photo <> '[]'`,
      body: WALKIN_PHOTOS,
    });
  }
  // The walk-ins' photos already stored, in batches by row key.
  let after = '';
  for (;;) {
    const batch = await sql<{ uuid: string; walkin_photo: string }>`
      select uuid, walkin_photo from visitors
      where walkin_photo <> '[]' and uuid > ${after} order by uuid limit 1000`.execute(db);
    const last = batch.rows.at(-1);
    if (!last) break;
    after = last.uuid;
    const photos = batch.rows.flatMap((row) => {
      try {
        const ids: unknown = JSON.parse(row.walkin_photo);
        return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
      } catch {
        return [];
      }
    });
    if (photos.length > 0) {
      await sql`update files set attached = 1 where uuid in (${sql.join(photos)})`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { table, column } of FILE_COLUMNS) {
    await dropRowTrigger(db, triggerName(table, column, 'insert'), table);
    await dropRowTrigger(db, triggerName(table, column, 'update'), table);
  }
  await dropRowTrigger(db, triggerName('visitors', 'walkin_photo', 'insert'), 'visitors');
  await dropRowTrigger(db, triggerName('visitors', 'walkin_photo', 'update'), 'visitors');
  await db.schema.dropIndex('files_unattached_created').execute();
  await db.schema.dropIndex('files_unattached_uploader').execute();
  await db.schema.dropIndex('files_unattached_guard').execute();
  await db.schema.alterTable('files').dropColumn('attached').execute();
}
