import { type Kysely, sql } from 'kysely';

// Frozen once landed. The watchlist (issue 23): people a company does not want let in, at one of
// its sites or at all of them (residence_uuid null). Each identifying field is kept as given and
// as its key (@rules/watchlist's watchKeys, '' when not given), so a pass is matched by indexed
// equality on the keys, never by a scan of the entries.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('watchlist_entries')
    .addColumn('uuid', 'text', (c) => c.primaryKey())
    .addColumn('security_company_uuid', 'text', (c) =>
      c.notNull().references('security_companies.uuid'),
    )
    .addColumn('residence_uuid', 'text', (c) => c.references('residences.uuid'))
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ic_passport_number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('car_plate_number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone_number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('name_key', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('document_key', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('plate_key', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone_key', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('user_profiles.uuid'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  // The list's default order (newest first), whole and within a company.
  await db.schema
    .createIndex('watchlist_live_created')
    .on('watchlist_entries')
    .columns(['created_at', 'uuid'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('watchlist_live_company_created')
    .on('watchlist_entries')
    .columns(['security_company_uuid', 'created_at', 'uuid'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  // A pass's match: one equality per key, within the site's company.
  for (const key of ['name_key', 'document_key', 'plate_key', 'phone_key']) {
    await db.schema
      .createIndex(`watchlist_live_company_${key}`)
      .on('watchlist_entries')
      .columns(['security_company_uuid', key])
      .where(sql.ref('deleted_at'), 'is', null)
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('watchlist_entries').execute();
}
