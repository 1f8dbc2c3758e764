import { recordAudit, withAudit, type AuditEvent } from '../audit/audit.repository';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, GuardSessionEnd } from '../../db/schema';
import { containsText } from '../../db/contains';
import type { DB } from '../../db/database';
import type { GuardSite } from '../../auth/principal';
import { toDbTime } from '../../db/time';
import { isUniqueViolation } from '../../db/errors';

/** Only a hash of a token is stored, so a copy of the database holds no usable credential. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Guard session tokens and kiosk tokens start differently, so the guard door knows which table
 * to look a bearer token up in.
 */
export const TOKEN_PREFIX = { guard: 'gs_', kiosk: 'kd_' } as const;

export function newToken(kind: keyof typeof TOKEN_PREFIX): string {
  return `${TOKEN_PREFIX[kind]}${randomBytes(32).toString('base64url')}`;
}

/** A guard as the door checks it on every call: live, active, its company active. */
export interface GuardStanding {
  uuid: string;
  id: number;
  name: string;
  email: string | null;
  contact_number: string;
  pin: string | null;
  photo_access_key: string | null;
  security_company_uuid: string;
  company_active: boolean;
  has_password: boolean;
}

/**
 * Ends every live session of a guard (app and kiosk) or of a kiosk (its guards'), for `reason`;
 * within the caller's transaction.
 */
export async function endGuardSessions(
  db: Kysely<Database> | Transaction<Database>,
  of: { guardUuid: string } | { kioskUuid: string },
  reason: GuardSessionEnd,
  now: Date,
): Promise<void> {
  await db
    .updateTable('guard_sessions')
    .set({ revoked_at: toDbTime(now), revoked_reason: reason })
    .where((eb) =>
      'guardUuid' in of ? eb('guard_uuid', '=', of.guardUuid) : eb('kiosk_uuid', '=', of.kioskUuid),
    )
    .where('revoked_at', 'is', null)
    .execute();
}

/** Thrown when a guard's sign-in name is another guard's with app access. */
export class SignInTaken extends Error {
  constructor(readonly field: 'email' | 'contact_number') {
    super(`sign-in name taken: ${field}`);
  }
}

/**
 * Copies a guard's email (lower case) and contact number onto its credential, if it has one: the
 * names it signs in with, unique among guards with app access. Throws SignInTaken when another
 * guard holds one; within the caller's transaction, so the write that caused it rolls back whole.
 */
export async function syncSignInNames(
  db: Kysely<Database> | Transaction<Database>,
  guardUuid: string,
): Promise<void> {
  const hasAccess = await db
    .selectFrom('guard_credentials')
    .select('guard_uuid')
    .where('guard_uuid', '=', guardUuid)
    .executeTakeFirst();
  // A guard without app access signs in with nothing: its email and number may be anyone's.
  if (!hasAccess) return;
  const guard = await db
    .selectFrom('guards')
    .select(['email', 'contact_number', 'deleted_at'])
    .where('uuid', '=', guardUuid)
    .executeTakeFirst();
  const live = guard && guard.deleted_at === null;
  const email = live && guard.email ? guard.email.trim().toLowerCase() : null;
  const phone = live && guard.contact_number ? phoneDigits(guard.contact_number) || null : null;
  for (const [field, column, value] of [
    ['email', 'sign_in_email', email],
    ['contact_number', 'sign_in_phone', phone],
  ] as const) {
    if (value === null) continue;
    const other = await db
      .selectFrom('guard_credentials')
      .select('guard_uuid')
      .where(column, '=', value)
      .where('guard_uuid', '!=', guardUuid)
      .executeTakeFirst();
    if (other) throw new SignInTaken(field);
  }
  try {
    await db
      .updateTable('guard_credentials')
      .set({ sign_in_email: email, sign_in_phone: phone })
      .where('guard_uuid', '=', guardUuid)
      .execute();
  } catch (error) {
    // Two writes racing for one name: the unique index lets one through.
    if (isUniqueViolation(error))
      throw new SignInTaken(email === null ? 'contact_number' : 'email');
    throw error;
  }
}

/**
 * Sets a guard's guard-app password (a first one, or a new one), and signs the guard out
 * everywhere: whoever held the old password must sign in with the new one.
 */
export async function setGuardPassword(
  db: Kysely<Database> | Transaction<Database>,
  guardUuid: string,
  passwordHash: string,
  now: Date,
): Promise<void> {
  const at = toDbTime(now);
  await db
    .insertInto('guard_credentials')
    .values({ guard_uuid: guardUuid, password_hash: passwordHash, created_at: at, updated_at: at })
    .onConflict((oc) =>
      oc.column('guard_uuid').doUpdateSet({ password_hash: passwordHash, updated_at: at }),
    )
    .execute();
  await syncSignInNames(db, guardUuid);
  await endGuardSessions(db, { guardUuid }, 'signed-out', now);
}

/** Digits of a phone number, as guards' contact numbers are stored. */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}

/** Guards' passwords and sessions for the guard app and kiosks, and what a guard may see. */
export function createGuardAppRepository(db: DB) {
  function selectSites() {
    return db
      .selectFrom('residences')
      .leftJoin('files as cover', 'cover.uuid', 'residences.cover_file_uuid')
      .select([
        'residences.uuid',
        'residences.id',
        'residences.name',
        'residences.address',
        'residences.lat',
        'residences.lng',
        'cover.access_key as cover_access_key',
        'residences.security_company_uuid',
        'residences.kipleguard_attendance',
        'residences.kipleguard_visitors',
        'residences.kipleguard_reporting',
        'residences.pin_only_shifts',
      ])
      .where('residences.deleted_at', 'is', null)
      .where('residences.kipleguard_enabled', '=', 1);
  }

  type SiteRow = Awaited<ReturnType<ReturnType<typeof selectSites>['executeTakeFirstOrThrow']>>;

  function toSite(row: SiteRow): GuardSite {
    return {
      uuid: row.uuid,
      id: row.id,
      name: row.name,
      address: row.address,
      lat: row.lat,
      lng: row.lng,
      coverAccessKey: row.cover_access_key,
      companyUuid: row.security_company_uuid,
      attendance: row.kipleguard_attendance === 1,
      visitors: row.kipleguard_visitors === 1,
      reporting: row.kipleguard_reporting === 1,
      pinOnlyShifts: row.pin_only_shifts === 1,
    };
  }

  return {
    /**
     * The guard with app access whose email or phone this is, with its password hash; none when
     * no guard, or more than one, has it (granting access keeps them unique).
     */
    async findSignIn(emailOrPhone: string) {
      const given = emailOrPhone.trim();
      const byEmail = given.includes('@');
      const digits = phoneDigits(given);
      if (!byEmail && digits.length === 0) return undefined;
      return db
        .selectFrom('guard_credentials')
        .innerJoin('guards', 'guards.uuid', 'guard_credentials.guard_uuid')
        .select([
          'guards.uuid as guardUuid',
          'guards.name',
          'guards.security_company_uuid as companyUuid',
          'guard_credentials.password_hash as passwordHash',
        ])
        .where('guards.deleted_at', 'is', null)
        .where(
          byEmail
            ? (eb) => eb('guard_credentials.sign_in_email', '=', given.toLowerCase())
            : (eb) => eb('guard_credentials.sign_in_phone', '=', digits),
        )
        .executeTakeFirst();
    },

    /** Whether the guard has signed in on this device before (its own phone). */
    async knownDevice(guardUuid: string, deviceUniqueId: string): Promise<boolean> {
      if (!deviceUniqueId) return false;
      const row = await db
        .selectFrom('guard_sessions')
        .select('uuid')
        .where('guard_uuid', '=', guardUuid)
        .where('kiosk_uuid', 'is', null)
        .where('device_unique_id', '=', deviceUniqueId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * The field whose sign-in name another guard with app access holds (the email first), or
     * null when neither is taken.
     */
    async signInTakenByOther(
      guardUuid: string,
      email: string | null,
      phone: string,
    ): Promise<'email' | 'contact_number' | null> {
      const digits = phoneDigits(phone);
      for (const [field, column, value] of [
        ['email', 'sign_in_email', email ? email.trim().toLowerCase() : ''],
        ['contact_number', 'sign_in_phone', digits],
      ] as const) {
        if (!value) continue;
        const row = await db
          .selectFrom('guard_credentials')
          .select('guard_uuid')
          .where(column, '=', value)
          .where('guard_uuid', '!=', guardUuid)
          .executeTakeFirst();
        if (row) return field;
      }
      return null;
    },

    /** A live guard as the door checks it, or undefined when deleted or unknown. */
    async standingOf(guardUuid: string): Promise<GuardStanding | undefined> {
      const row = await db
        .selectFrom('guards')
        .innerJoin('security_companies', 'security_companies.uuid', 'guards.security_company_uuid')
        .leftJoin('files as photo', 'photo.uuid', 'guards.photo_file_uuid')
        .leftJoin('guard_credentials', 'guard_credentials.guard_uuid', 'guards.uuid')
        .select([
          'guards.uuid',
          'guards.id',
          'guards.name',
          'guards.email',
          'guards.contact_number',
          'guards.pin',
          'guards.is_active',
          'photo.access_key as photo_access_key',
          'guards.security_company_uuid',
          'security_companies.is_active as company_is_active',
          'security_companies.deleted_at as company_deleted_at',
          'guard_credentials.guard_uuid as credential_guard',
        ])
        .where('guards.uuid', '=', guardUuid)
        .where('guards.deleted_at', 'is', null)
        .where('guards.is_active', '=', 1)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        uuid: row.uuid,
        id: row.id,
        name: row.name,
        email: row.email,
        contact_number: row.contact_number,
        pin: row.pin,
        photo_access_key: row.photo_access_key,
        security_company_uuid: row.security_company_uuid,
        company_active: row.company_is_active === 1 && row.company_deleted_at === null,
        has_password: row.credential_guard !== null,
      };
    },

    /** The live sites with the guard service on that the guard is assigned to, by name. */
    async sitesOf(guardUuid: string): Promise<GuardSite[]> {
      const rows = await selectSites()
        .innerJoin('guard_residences', 'guard_residences.residence_uuid', 'residences.uuid')
        .where('guard_residences.guard_uuid', '=', guardUuid)
        .orderBy('residences.name')
        .execute();
      return rows.map(toSite);
    },

    async siteOf(residenceUuid: string): Promise<GuardSite | undefined> {
      const row = await selectSites()
        .where('residences.uuid', '=', residenceUuid)
        .executeTakeFirst();
      return row && toSite(row);
    },

    /** The site's live, active guards for a kiosk to offer, by name; a search narrows them. */
    async kioskGuards(residenceUuid: string, search: string) {
      const words = search.trim();
      return db
        .selectFrom('guard_residences')
        .innerJoin('guards', 'guards.uuid', 'guard_residences.guard_uuid')
        .leftJoin('files as photo', 'photo.uuid', 'guards.photo_file_uuid')
        .select(['guards.uuid', 'guards.guard_id', 'guards.name', 'photo.access_key'])
        .where('guard_residences.residence_uuid', '=', residenceUuid)
        .where('guard_residences.guard_live', '=', 1)
        .where('guards.is_active', '=', 1)
        .$if(words.length > 0, (qb) =>
          qb.where((eb) =>
            eb.or([
              containsText(sql.ref('guards.name'), words),
              containsText(sql.ref('guards.guard_id'), words),
            ]),
          ),
        )
        .orderBy('guards.name')
        .orderBy('guards.uuid')
        .limit(50)
        .execute();
    },

    async setPassword(
      guardUuid: string,
      passwordHash: string,
      now: Date,
      audit: AuditEvent,
    ): Promise<void> {
      await withAudit(
        db,
        (trx) => setGuardPassword(trx, guardUuid, passwordHash, now),
        () => audit,
      );
    },

    /** A new password from the guard itself: its other sessions end, this one stays. */
    async changePassword(
      guardUuid: string,
      sessionUuid: string,
      passwordHash: string,
      now: Date,
      audit: AuditEvent,
    ) {
      await db.transaction().execute(async (trx) => {
        await recordAudit(trx, audit);
        await trx
          .updateTable('guard_credentials')
          .set({ password_hash: passwordHash, updated_at: toDbTime(now) })
          .where('guard_uuid', '=', guardUuid)
          .execute();
        await trx
          .updateTable('guard_sessions')
          .set({ revoked_at: toDbTime(now), revoked_reason: 'signed-out' })
          .where('guard_uuid', '=', guardUuid)
          .where('uuid', '!=', sessionUuid)
          .where('revoked_at', 'is', null)
          .execute();
      });
    },

    async credentialOf(guardUuid: string) {
      return db
        .selectFrom('guard_credentials')
        .select(['password_hash', 'updated_at'])
        .where('guard_uuid', '=', guardUuid)
        .executeTakeFirst();
    },

    /** Removes the guard's app password and ends all its sessions, app and kiosk, together. */
    async removeAccess(guardUuid: string, now: Date, audit: AuditEvent): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await recordAudit(trx, audit);
        await trx.deleteFrom('guard_credentials').where('guard_uuid', '=', guardUuid).execute();
        await endGuardSessions(trx, { guardUuid }, 'access-revoked', now);
      });
    },

    /** Opens a guard session and answers its token; only the token's hash is kept. */
    async createSession(input: {
      guardUuid: string;
      kioskUuid: string | null;
      deviceUniqueId: string;
      deviceLabel: string;
      ttlMs: number;
      pinVerifiedFor?: string;
      now: Date;
      audit: AuditEvent;
    }): Promise<string> {
      const token = newToken('guard');
      const at = toDbTime(input.now);
      await withAudit(
        db,
        (trx) =>
          trx
            .insertInto('guard_sessions')
            .values({
              uuid: randomUUID(),
              token_hash: hashToken(token),
              guard_uuid: input.guardUuid,
              kiosk_uuid: input.kioskUuid,
              device_unique_id: input.deviceUniqueId,
              device_label: input.deviceLabel,
              created_at: at,
              expires_at: toDbTime(new Date(input.now.getTime() + input.ttlMs)),
              revoked_at: null,
              revoked_reason: null,
              pin_verified_at: input.pinVerifiedFor ? at : null,
              pin_verified_residence_uuid: input.pinVerifiedFor ?? null,
            })
            .execute(),
        () => input.audit,
      );
      return token;
    },

    /** A session by its token, live or not: a superseded one is told apart from an unknown one. */
    async findSession(token: string) {
      return db
        .selectFrom('guard_sessions')
        .select([
          'uuid',
          'guard_uuid',
          'kiosk_uuid',
          'expires_at',
          'revoked_at',
          'revoked_reason',
          'pin_verified_at',
          'pin_verified_residence_uuid',
        ])
        .where('token_hash', '=', hashToken(token))
        .executeTakeFirst();
    },

    /** The guard's live app session, if any; `otherThan` leaves out this device's. */
    async liveAppSession(guardUuid: string, now: Date, otherThan?: string) {
      return db
        .selectFrom('guard_sessions')
        .select(['uuid', 'device_label'])
        .where('guard_uuid', '=', guardUuid)
        .where('revoked_at', 'is', null)
        .where('kiosk_uuid', 'is', null)
        .where('expires_at', '>', toDbTime(now))
        .$if(otherThan !== undefined, (qb) => qb.where('device_unique_id', '!=', otherThan ?? ''))
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
    },

    /**
     * Ends the guard's app sessions before a new sign-in: on another device as superseded (that
     * device is told why it was signed out), on this same device as signed out.
     */
    async endAppSessions(guardUuid: string, deviceUniqueId: string, now: Date): Promise<void> {
      const at = toDbTime(now);
      await db
        .updateTable('guard_sessions')
        .set((eb) => ({
          revoked_at: at,
          revoked_reason: eb
            .case()
            .when('device_unique_id', '=', deviceUniqueId)
            .then(sql<GuardSessionEnd>`'signed-out'`)
            .else(sql<GuardSessionEnd>`'superseded'`)
            .end(),
        }))
        .where('guard_uuid', '=', guardUuid)
        .where('kiosk_uuid', 'is', null)
        .where('revoked_at', 'is', null)
        .execute();
    },

    async endSession(
      sessionUuid: string,
      reason: GuardSessionEnd,
      now: Date,
      audit: AuditEvent | null = null,
    ): Promise<void> {
      await withAudit(
        db,
        (trx) =>
          trx
            .updateTable('guard_sessions')
            .set({ revoked_at: toDbTime(now), revoked_reason: reason })
            .where('uuid', '=', sessionUuid)
            .where('revoked_at', 'is', null)
            .execute(),
        () => audit,
      );
    },

    /** Moves a live session's end to `until` (a kiosk session lasts while it is used). */
    async extendSession(sessionUuid: string, until: Date): Promise<void> {
      await db
        .updateTable('guard_sessions')
        .set({ expires_at: toDbTime(until) })
        .where('uuid', '=', sessionUuid)
        .where('revoked_at', 'is', null)
        .execute();
    },

    async markPinVerified(sessionUuid: string, residenceUuid: string, now: Date): Promise<void> {
      await db
        .updateTable('guard_sessions')
        .set({ pin_verified_at: toDbTime(now), pin_verified_residence_uuid: residenceUuid })
        .where('uuid', '=', sessionUuid)
        .execute();
    },
  };
}

export type GuardAppRepository = ReturnType<typeof createGuardAppRepository>;
