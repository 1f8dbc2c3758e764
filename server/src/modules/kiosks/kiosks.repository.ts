import { randomUUID } from 'node:crypto';
import { sql, type SqlBool } from 'kysely';
import type { Kiosk } from '@contract/kiosks';
import type { Principal } from '../../auth/principal';
import { atLiveSite, siteScope } from '../../auth/scope';
import type { DB } from '../../db/database';
import { toDbTime } from '../../db/time';
import {
  applyListQuery,
  countMatches,
  type ParsedListQuery,
  type ResourceQuerySpec,
} from '../../query';
import { recordAudit, withAudit, type AuditEvent } from '../audit/audit.repository';
import { endGuardSessions, hashToken, newToken } from '../guard-app/guard-app.repository';

/** What GET /kiosks/list lets clients filter and sort by. */
export const KIOSKS_QUERY: ResourceQuerySpec = {
  fields: {
    uuid: 'kiosks.uuid',
    residence_uuid: 'kiosks.residence_uuid',
    label: 'kiosks.label',
    created_at: 'kiosks.created_at',
    last_seen_at: 'kiosks.last_seen_at',
  },
  defaultOrder: { field: 'created_at', direction: 'desc' },
};

/** A kiosk's last activity is written at most this often: not a write on every call. */
const LAST_SEEN_EVERY_MS = 60_000;

/** Guardhouse devices enrolled as kiosks, each for one site. */
export function createKiosksRepository(db: DB) {
  function liveKiosks(principal: Principal) {
    return db
      .selectFrom('kiosks')
      .where('kiosks.revoked_at', 'is', null)
      .where(siteScope(principal, 'kiosks.residence_uuid'))
      .where(atLiveSite('kiosks.residence_uuid'));
  }

  function selectKiosks(principal: Principal) {
    return liveKiosks(principal)
      .innerJoin('residences', 'residences.uuid', 'kiosks.residence_uuid')
      .leftJoin('user_profiles as enroller', 'enroller.uuid', 'kiosks.enrolled_by')
      .select([
        'kiosks.uuid',
        'kiosks.residence_uuid',
        'residences.name as residence_name',
        'kiosks.label',
        'enroller.name as enrolled_by_name',
        'kiosks.created_at',
        'kiosks.last_seen_at',
      ]);
  }

  return {
    /** One page of live kiosks at the caller's sites, and how many match in all. */
    async list(principal: Principal, list: ParsedListQuery) {
      const [rows, count] = await Promise.all([
        applyListQuery(selectKiosks(principal), list).orderBy('kiosks.uuid').execute(),
        countMatches(
          list,
          liveKiosks(principal)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where(list.where ?? sql<SqlBool>`1 = 1`),
        ),
      ]);
      return { resource: rows satisfies Kiosk[], count };
    },

    async find(principal: Principal, uuid: string): Promise<Kiosk | undefined> {
      return selectKiosks(principal).where('kiosks.uuid', '=', uuid).executeTakeFirst();
    },

    /** Whether a site may have a kiosk enrolled by the caller: live, in scope, guard service on. */
    async siteTakesKiosk(principal: Principal, residenceUuid: string): Promise<boolean> {
      const row = await db
        .selectFrom('residences')
        .select('uuid')
        .where('uuid', '=', residenceUuid)
        .where('deleted_at', 'is', null)
        .where('kipleguard_enabled', '=', 1)
        .where(siteScope(principal, 'residences.uuid'))
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Enrols a device; answers its uuid and its credential, which is not kept (only its hash). */
    async enrol(input: {
      residenceUuid: string;
      label: string;
      enrolledBy: string;
      now: Date;
      audit: AuditEvent;
    }): Promise<{ uuid: string; token: string }> {
      const uuid = randomUUID();
      const token = newToken('kiosk');
      await withAudit(
        db,
        (trx) =>
          trx
            .insertInto('kiosks')
            .values({
              uuid,
              residence_uuid: input.residenceUuid,
              label: input.label,
              token_hash: hashToken(token),
              enrolled_by: input.enrolledBy,
              created_at: toDbTime(input.now),
              last_seen_at: null,
              revoked_at: null,
            })
            .execute(),
        () => input.audit,
      );
      return { uuid, token };
    },

    /** Revokes a kiosk and ends the guard sessions opened at it, together. */
    async revoke(uuid: string, now: Date, audit: AuditEvent): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await recordAudit(trx, audit);
        await trx
          .updateTable('kiosks')
          .set({ revoked_at: toDbTime(now) })
          .where('uuid', '=', uuid)
          .execute();
        await endGuardSessions(trx, { kioskUuid: uuid }, 'kiosk-revoked', now);
      });
    },

    /** The live kiosk a credential belongs to, or undefined. */
    async findByToken(token: string) {
      return db
        .selectFrom('kiosks')
        .select(['uuid', 'residence_uuid', 'label', 'last_seen_at'])
        .where('token_hash', '=', hashToken(token))
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
    },

    /** Whether the site's company is live and active: a kiosk opens nothing otherwise. */
    async companyActiveAt(residenceUuid: string): Promise<boolean> {
      const row = await db
        .selectFrom('residences')
        .innerJoin(
          'security_companies',
          'security_companies.uuid',
          'residences.security_company_uuid',
        )
        .select('residences.uuid')
        .where('residences.uuid', '=', residenceUuid)
        .where('security_companies.is_active', '=', 1)
        .where('security_companies.deleted_at', 'is', null)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The site of a kiosk still enrolled, or undefined once it is revoked. */
    async siteOf(uuid: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('kiosks')
        .select('residence_uuid')
        .where('uuid', '=', uuid)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return row?.residence_uuid;
    },

    /** Notes the kiosk's activity, at most once a minute. */
    async touch(uuid: string, now: Date): Promise<void> {
      await db
        .updateTable('kiosks')
        .set({ last_seen_at: toDbTime(now) })
        .where('uuid', '=', uuid)
        .where((eb) =>
          eb.or([
            eb('last_seen_at', 'is', null),
            eb('last_seen_at', '<', toDbTime(new Date(now.getTime() - LAST_SEEN_EVERY_MS))),
          ]),
        )
        .execute();
    },
  };
}

export type KiosksRepository = ReturnType<typeof createKiosksRepository>;
