import { ABANDONED_SHIFT_HOURS } from '@rules/attendances';
import type { SiteMove } from '@contract/sites';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { toDbTime } from '../../db/time';
import { endGuardSessions } from '../guard-app/guard-app.repository';
import { releaseFutureShifts } from '../shifts/shifts.repository';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * What moving a site to another company (or to none) means (issue 35; docs/decisions.md). The
 * site's own records go with it: its attendance, visitor passes, incidents and units belong to
 * the site (its client), and the new company sees them, as every list scopes by the site. What
 * tied the old company's people and devices to the site ends, in the move's transaction:
 * - its guards' links to the site (the guards stay, with their other sites);
 * - its supervisors' links to the site;
 * - the site's kiosks, and every guard session opened at them;
 * - shifts open at the site: checked out at the move's time;
 * - the rostered shifts ahead keep their places, open, for the new company's guards.
 */
export interface SiteTies {
  guard_links: number;
  supervisor_links: number;
  kiosks: number;
  open_shifts: number;
}

const openShiftsAt = (db: Db, residenceUuid: string, now: Date) =>
  db
    .selectFrom('open_shifts')
    .innerJoin('attendances', 'attendances.uuid', 'open_shifts.attendance_uuid')
    .where('attendances.residence_uuid', '=', residenceUuid)
    .where(
      'open_shifts.started_at',
      '>=',
      toDbTime(new Date(now.getTime() - ABANDONED_SHIFT_HOURS * 3_600_000)),
    );

/** How many of each tie a move of the site would end now. */
export async function siteTiesOf(db: Db, residenceUuid: string, now: Date): Promise<SiteTies> {
  const count = async (query: { executeTakeFirstOrThrow(): Promise<{ n: number | string }> }) =>
    Number((await query.executeTakeFirstOrThrow()).n);
  const [guardLinks, supervisorLinks, kiosks, openShifts] = await Promise.all([
    count(
      db
        .selectFrom('guard_residences')
        .innerJoin('guards', 'guards.uuid', 'guard_residences.guard_uuid')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('guard_residences.residence_uuid', '=', residenceUuid)
        .where('guards.deleted_at', 'is', null),
    ),
    count(
      db
        .selectFrom('site_supervisor_residences')
        .innerJoin(
          'site_supervisors',
          'site_supervisors.uuid',
          'site_supervisor_residences.supervisor_uuid',
        )
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('site_supervisor_residences.residence_uuid', '=', residenceUuid)
        .where('site_supervisors.deleted_at', 'is', null),
    ),
    count(
      db
        .selectFrom('kiosks')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('residence_uuid', '=', residenceUuid)
        .where('revoked_at', 'is', null),
    ),
    count(openShiftsAt(db, residenceUuid, now).select((eb) => eb.fn.countAll<number>().as('n'))),
  ]);
  return {
    guard_links: guardLinks,
    supervisor_links: supervisorLinks,
    kiosks,
    open_shifts: openShifts,
  };
}

/** Ends the site's ties to its company (SiteTies); call inside the move's transaction. */
export async function endSiteTies(trx: Db, residenceUuid: string, now: Date) {
  const at = toDbTime(now);
  const shifts = await openShiftsAt(trx, residenceUuid, now)
    .select(['open_shifts.guard_uuid', 'open_shifts.attendance_uuid'])
    .execute();
  for (const shift of shifts) {
    await trx
      .deleteFrom('open_shifts')
      .where('guard_uuid', '=', shift.guard_uuid)
      .where('attendance_uuid', '=', shift.attendance_uuid)
      .execute();
    await trx
      .updateTable('attendances')
      .set({ checkout_at: at })
      .where('uuid', '=', shift.attendance_uuid)
      .where('checkout_at', 'is', null)
      .execute();
  }
  const kiosks = await trx
    .selectFrom('kiosks')
    .select('uuid')
    .where('residence_uuid', '=', residenceUuid)
    .where('revoked_at', 'is', null)
    .execute();
  for (const kiosk of kiosks) {
    await trx
      .updateTable('kiosks')
      .set({ revoked_at: at })
      .where('uuid', '=', kiosk.uuid)
      .execute();
    await endGuardSessions(trx, { kioskUuid: kiosk.uuid }, 'kiosk-revoked', now);
  }
  await trx.deleteFrom('guard_residences').where('residence_uuid', '=', residenceUuid).execute();
  // The old company's guards leave the site's shifts ahead open for the new company's.
  await releaseFutureShifts(trx, { residenceUuid }, now);
  await trx
    .deleteFrom('site_supervisor_residences')
    .where('residence_uuid', '=', residenceUuid)
    .execute();
}

/** The move a site edit would make, as the superadmin's confirmation shows it. */
export async function siteMoveOf(
  db: Db,
  residenceUuid: string,
  toCompanyUuid: string | null,
  now: Date,
): Promise<SiteMove | undefined> {
  const site = await db
    .selectFrom('residences')
    .leftJoin('security_companies', 'security_companies.uuid', 'residences.security_company_uuid')
    .select(['residences.security_company_uuid', 'security_companies.name as company_name'])
    .where('residences.uuid', '=', residenceUuid)
    .where('residences.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!site) return undefined;
  const to = toCompanyUuid
    ? await db
        .selectFrom('security_companies')
        .select('name')
        .where('uuid', '=', toCompanyUuid)
        .where('deleted_at', 'is', null)
        .executeTakeFirst()
    : null;
  const moves = site.security_company_uuid !== toCompanyUuid;
  const counts = await db
    .selectFrom('site_row_counts')
    .select(['list', 'n'])
    .where('residence_uuid', '=', residenceUuid)
    .execute();
  const records = (list: string) => Number(counts.find((row) => row.list === list)?.n ?? 0);
  return {
    from_company_name: site.company_name ?? null,
    to_company_name: to?.name ?? null,
    moves,
    ends: moves
      ? await siteTiesOf(db, residenceUuid, now)
      : { guard_links: 0, supervisor_links: 0, kiosks: 0, open_shifts: 0 },
    records: {
      attendances: records('attendances'),
      visitors: records('visitors'),
      incidents: records('incidents'),
    },
  };
}
