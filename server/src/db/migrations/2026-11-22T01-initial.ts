import type { Kysely } from 'kysely';
import { nowDefault } from '../engine/timestamps';

// Frozen: once landed, a migration is never edited; later changes get a new file.
// Timestamps are stored as UTC text 'YYYY-MM-DD HH:MM:SS' so that they sort and compare as text,
// which is also the form the API's filter language and clients use.

export async function up(db: Kysely<unknown>): Promise<void> {
  const now = nowDefault(db);
  await db.schema
    .createTable('files')
    .addColumn('uuid', 'text', (c) => c.primaryKey())
    .addColumn('access_key', 'text', (c) => c.notNull().unique())
    .addColumn('storage_name', 'text', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('security_companies')
    .addColumn('uuid', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('brn', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('license_number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('license_expiry_date', 'text')
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('lat', 'real')
    .addColumn('lng', 'real')
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('kg_user_profile_uuid', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('deleted_at', 'text')
    .execute();

  await db.schema
    .createTable('residences')
    .addColumn('uuid', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('Residence'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('ACTIVE'))
    .addColumn('lat', 'real')
    .addColumn('lng', 'real')
    .addColumn('security_company_uuid', 'text', (c) => c.references('security_companies.uuid'))
    .addColumn('cover_file_uuid', 'text', (c) => c.references('files.uuid'))
    .addColumn('kipleguard_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('kipleguard_visitors', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('kipleguard_reporting', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('kipleguard_attendance', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hdf_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('visitor_pass_checkpoint_times', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema
    .createIndex('residences_company')
    .on('residences')
    .column('security_company_uuid')
    .execute();

  await db.schema
    .createTable('units')
    .addColumn('uuid', 'text', (c) => c.primaryKey())
    .addColumn('residence_uuid', 'text', (c) => c.notNull().references('residences.uuid'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('owner_name', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('user_profiles')
    .addColumn('uuid', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ic_passport_number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('photo_file_uuid', 'text', (c) => c.references('files.uuid'))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema.createIndex('user_profiles_email').on('user_profiles').column('email').execute();

  await db.schema
    .createTable('identities')
    .addColumn('uuid', 'text', (c) => c.primaryKey())
    .addColumn('user_profile_uuid', 'text', (c) => c.notNull().references('user_profiles.uuid'))
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('userpass'))
    .addColumn('identifier', 'text', (c) => c.notNull().unique())
    .addColumn('challenge_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();

  // One role per login. A sitesupervisor's sites come from site_supervisor_residences, so they are stored once.
  await db.schema
    .createTable('user_roles')
    .addColumn('uuid', 'text', (c) => c.primaryKey())
    .addColumn('user_profile_uuid', 'text', (c) => c.notNull().references('user_profiles.uuid'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('security_company_uuid', 'text', (c) => c.references('security_companies.uuid'))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('user_roles_profile')
    .on('user_roles')
    .column('user_profile_uuid')
    .execute();

  await db.schema
    .createTable('site_supervisors')
    .addColumn('uuid', 'text', (c) => c.primaryKey())
    .addColumn('kg_user_profile_uuid', 'text', (c) => c.notNull().references('user_profiles.uuid'))
    .addColumn('security_company_uuid', 'text', (c) =>
      c.notNull().references('security_companies.uuid'),
    )
    .addColumn('staff_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('deleted_at', 'text')
    .execute();

  await db.schema
    .createTable('site_supervisor_residences')
    .addColumn('supervisor_uuid', 'text', (c) => c.notNull().references('site_supervisors.uuid'))
    .addColumn('residence_uuid', 'text', (c) => c.notNull().references('residences.uuid'))
    .addPrimaryKeyConstraint('site_supervisor_residences_pk', ['supervisor_uuid', 'residence_uuid'])
    .execute();

  await db.schema
    .createTable('guards')
    .addColumn('uuid', 'text', (c) => c.primaryKey())
    .addColumn('guard_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('contact_number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ic_passport_number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('nationality', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('birthdate', 'text')
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('security_company_uuid', 'text', (c) =>
      c.notNull().references('security_companies.uuid'),
    )
    .addColumn('pin', 'text')
    .addColumn('photo_file_uuid', 'text', (c) => c.references('files.uuid'))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema
    .createIndex('guards_company')
    .on('guards')
    .column('security_company_uuid')
    .execute();
  await db.schema.createIndex('guards_created').on('guards').column('created_at').execute();

  await db.schema
    .createTable('guard_residences')
    .addColumn('guard_uuid', 'text', (c) => c.notNull().references('guards.uuid'))
    .addColumn('residence_uuid', 'text', (c) => c.notNull().references('residences.uuid'))
    .addPrimaryKeyConstraint('guard_residences_pk', ['guard_uuid', 'residence_uuid'])
    .execute();
  await db.schema
    .createIndex('guard_residences_residence')
    .on('guard_residences')
    .column('residence_uuid')
    .execute();

  await db.schema
    .createTable('attendances')
    .addColumn('uuid', 'text', (c) => c.primaryKey())
    .addColumn('guard_uuid', 'text', (c) => c.notNull().references('guards.uuid'))
    .addColumn('residence_uuid', 'text', (c) => c.notNull().references('residences.uuid'))
    .addColumn('checkin_at', 'text')
    .addColumn('checkout_at', 'text')
    .addColumn('checkin_lat', 'real')
    .addColumn('checkin_lng', 'real')
    .addColumn('checkout_lat', 'real')
    .addColumn('checkout_lng', 'real')
    .addColumn('checkin_photo_file_uuid', 'text', (c) => c.references('files.uuid'))
    .addColumn('checkout_photo_file_uuid', 'text', (c) => c.references('files.uuid'))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('attendances_guard').on('attendances').column('guard_uuid').execute();
  await db.schema
    .createIndex('attendances_residence')
    .on('attendances')
    .column('residence_uuid')
    .execute();
  await db.schema
    .createIndex('attendances_created')
    .on('attendances')
    .column('created_at')
    .execute();

  await db.schema
    .createTable('visitors')
    .addColumn('uuid', 'text', (c) => c.primaryKey())
    .addColumn('residence_uuid', 'text', (c) => c.notNull().references('residences.uuid'))
    .addColumn('unit_uuid', 'text', (c) => c.references('units.uuid'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('car_plate_number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone_number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('VISITOR'))
    .addColumn('repeat_type', 'text', (c) => c.notNull().defaultTo('ONE_TIME'))
    .addColumn('repeat_days', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('end_time', 'text', (c) => c.notNull())
    .addColumn('checkpoint_times', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('VALID'))
    .addColumn('latest_scan_type', 'text')
    .addColumn('qr_code', 'text', (c) => c.notNull().unique())
    .addColumn('walkin_photo', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('hdf', 'text')
    .addColumn('visitor_temp', 'real')
    .addColumn('health_code', 'text')
    .addColumn('qrcode_expired_at', 'text')
    .addColumn('created_by', 'text', (c) => c.references('user_profiles.uuid'))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema
    .createIndex('visitors_residence')
    .on('visitors')
    .column('residence_uuid')
    .execute();

  await db.schema
    .createTable('visitor_pass_scans')
    .addColumn('uuid', 'text', (c) => c.primaryKey())
    .addColumn('visitor_uuid', 'text', (c) => c.notNull().references('visitors.uuid'))
    .addColumn('scan_type', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('visitor_pass_scans_visitor')
    .on('visitor_pass_scans')
    .column('visitor_uuid')
    .execute();

  await db.schema
    .createTable('health_applications')
    .addColumn('uuid', 'text', (c) => c.primaryKey())
    .addColumn('visitor_uuid', 'text', (c) => c.notNull().references('visitors.uuid'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('qrcode_expired_at', 'text')
    .addColumn('creator_temp', 'real')
    .addColumn('creator_temp_updated_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('health_applications_visitor')
    .on('health_applications')
    .column('visitor_uuid')
    .execute();

  await db.schema
    .createTable('incident_categories')
    .addColumn('uuid', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .execute();

  await db.schema
    .createTable('incidents')
    .addColumn('uuid', 'text', (c) => c.primaryKey())
    .addColumn('kg_incident_id', 'text', (c) => c.notNull().unique())
    .addColumn('category_uuid', 'text', (c) => c.notNull().references('incident_categories.uuid'))
    .addColumn('residence_uuid', 'text', (c) => c.notNull().references('residences.uuid'))
    .addColumn('incident_date', 'text', (c) => c.notNull())
    .addColumn('lat', 'real')
    .addColumn('lng', 'real')
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('actions_taken', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('PENDING'))
    .addColumn('reported_by_guard_uuid', 'text', (c) => c.references('guards.uuid'))
    .addColumn('reported_by_user_uuid', 'text', (c) => c.references('user_profiles.uuid'))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema
    .createIndex('incidents_residence')
    .on('incidents')
    .column('residence_uuid')
    .execute();

  await db.schema
    .createTable('incident_files')
    .addColumn('incident_uuid', 'text', (c) => c.notNull().references('incidents.uuid'))
    .addColumn('file_uuid', 'text', (c) => c.notNull().references('files.uuid'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('incident_files_pk', ['incident_uuid', 'file_uuid'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('uuid', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_profile_uuid', 'text', (c) => c.notNull().references('user_profiles.uuid'))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();

  await db.schema
    .createTable('password_reset_codes')
    .addColumn('uuid', 'text', (c) => c.primaryKey())
    .addColumn('identity_uuid', 'text', (c) => c.notNull().references('identities.uuid'))
    .addColumn('code_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'password_reset_codes',
    'sessions',
    'incident_files',
    'incidents',
    'incident_categories',
    'health_applications',
    'visitor_pass_scans',
    'visitors',
    'attendances',
    'guard_residences',
    'guards',
    'site_supervisor_residences',
    'site_supervisors',
    'user_roles',
    'identities',
    'user_profiles',
    'units',
    'residences',
    'security_companies',
    'files',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
