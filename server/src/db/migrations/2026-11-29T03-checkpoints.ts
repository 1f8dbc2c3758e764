import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { nowDefault } from '../engine/timestamps';

// Frozen once landed. Patrol checkpoints (issue 38): a site's points a round passes, each with
// the unguessable code its QR sticker holds (unique: a scan names its checkpoint by it). A
// checkpoint is retired, never deleted, so the rounds walked past it keep their record; a name is
// unique among a site's checkpoints in use. Read by site (the console's list, a round's points).

export async function up(db: Kysely<unknown>): Promise<void> {
  const now = nowDefault(db);
  await db.schema
    .createTable('checkpoints')
    .addColumn('uuid', 'text', (c) => c.primaryKey())
    .addColumn('residence_uuid', 'text', (c) => c.notNull().references('residences.uuid'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('instructions', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('latitude', 'real')
    .addColumn('longitude', 'real')
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('retired_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('checkpoints_residence_name')
    .on('checkpoints')
    .columns(['residence_uuid', 'name'])
    .execute();
  await db.schema
    .createIndex('checkpoints_live_name')
    .on('checkpoints')
    .columns(['residence_uuid', 'name'])
    .unique()
    .where(sql.ref('retired_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('checkpoints').execute();
}
