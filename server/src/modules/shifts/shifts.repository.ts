import { randomUUID } from 'node:crypto';
import type { Shift, ShiftPattern } from '@contract/shifts';
import type { Caller, Principal } from '../../auth/principal';
import { atLiveSite, siteScope } from '../../auth/scope';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import { toDbTime } from '../../db/time';
import { recordAudit, withAudit, type AuditEvent } from '../audit/audit.repository';

/** A pattern's weekdays as stored: ISO digits, '1234567' for every day. */
export const weekdaysText = (days: readonly number[]) => [...new Set(days)].sort().join('');
const weekdaysOf = (text: string) => [...text].map(Number);

export interface PatternValues {
  residence_uuid: string;
  name: string;
  start_time: string;
  end_time: string;
  headcount: number;
  weekdays: number[];
}

/**
 * Leaves open the shifts not yet started that a guard can no longer work: the guard's at sites it
 * is no longer assigned to (or all of its, `everywhere`), or every guard's at a site that moved to
 * another company. Past and running shifts keep their guard, as history. Within the caller's
 * transaction.
 */
export async function releaseFutureShifts(
  db: Kysely<Database> | Transaction<Database>,
  of: { guardUuid: string; everywhere?: boolean } | { residenceUuid: string },
  now: Date,
): Promise<void> {
  const at = toDbTime(now);
  await db
    .updateTable('shifts')
    .set({ guard_uuid: null, updated_at: at })
    .where('starts_at', '>', at)
    .where('guard_uuid', 'is not', null)
    .where((eb) =>
      'residenceUuid' in of
        ? eb('residence_uuid', '=', of.residenceUuid)
        : of.everywhere
          ? eb('guard_uuid', '=', of.guardUuid)
          : eb.and([
              eb('guard_uuid', '=', of.guardUuid),
              eb(
                'residence_uuid',
                'not in',
                eb
                  .selectFrom('guard_residences')
                  .select('guard_residences.residence_uuid')
                  .where('guard_residences.guard_uuid', '=', of.guardUuid),
              ),
            ]),
    )
    .execute();
}

/** One dated shift to make: a pattern's slot on a day, or a one-off. */
export interface NewShift {
  residence_uuid: string;
  pattern_uuid: string | null;
  slot: number;
  name: string;
  date: string;
  starts_at: string;
  ends_at: string;
}

/** Rosters: shift patterns and dated shifts, read within the caller's sites. */
export function createShiftsRepository(db: DB) {
  function patterns(principal: Principal) {
    return db
      .selectFrom('shift_patterns')
      .select([
        'shift_patterns.uuid',
        'shift_patterns.residence_uuid',
        'shift_patterns.name',
        'shift_patterns.start_time',
        'shift_patterns.end_time',
        'shift_patterns.headcount',
        'shift_patterns.weekdays',
      ])
      .where('shift_patterns.deleted_at', 'is', null)
      .where(siteScope(principal, 'shift_patterns.residence_uuid'))
      .where(atLiveSite('shift_patterns.residence_uuid'));
  }

  const toPattern = (row: {
    uuid: string;
    residence_uuid: string;
    name: string;
    start_time: string;
    end_time: string;
    headcount: number;
    weekdays: string;
  }): ShiftPattern => ({
    ...row,
    headcount: Number(row.headcount),
    weekdays: weekdaysOf(row.weekdays),
  });

  function shifts(principal: Caller) {
    return db
      .selectFrom('shifts')
      .innerJoin('residences', 'residences.uuid', 'shifts.residence_uuid')
      .leftJoin('guards', 'guards.uuid', 'shifts.guard_uuid')
      .select([
        'shifts.uuid',
        'shifts.residence_uuid',
        'residences.name as residence_name',
        'shifts.pattern_uuid',
        'shifts.slot',
        'shifts.name',
        'shifts.date',
        'shifts.starts_at',
        'shifts.ends_at',
        'shifts.guard_uuid',
        'guards.name as guard_name',
        'shifts.cancelled_at',
      ])
      .where('residences.deleted_at', 'is', null)
      .where(siteScope(principal, 'shifts.residence_uuid'));
  }

  const toShift = (row: Shift): Shift => ({ ...row, slot: Number(row.slot) });

  return {
    /** The live patterns of one of the caller's sites, by name. */
    async patternsOf(principal: Principal, residenceUuid: string): Promise<ShiftPattern[]> {
      const rows = await patterns(principal)
        .where('shift_patterns.residence_uuid', '=', residenceUuid)
        .orderBy('shift_patterns.start_time')
        .orderBy('shift_patterns.name')
        .execute();
      return rows.map(toPattern);
    },

    async findPattern(principal: Principal, uuid: string): Promise<ShiftPattern | undefined> {
      const row = await patterns(principal)
        .where('shift_patterns.uuid', '=', uuid)
        .executeTakeFirst();
      return row && toPattern(row);
    },

    async insertPattern(values: PatternValues, audit: (uuid: string) => AuditEvent) {
      const uuid = randomUUID();
      await withAudit(
        db,
        (trx) =>
          trx
            .insertInto('shift_patterns')
            .values({ uuid, ...values, weekdays: weekdaysText(values.weekdays), deleted_at: null })
            .execute(),
        () => audit(uuid),
      );
      return uuid;
    },

    async updatePattern(uuid: string, values: PatternValues, now: Date, audit: AuditEvent) {
      await withAudit(
        db,
        (trx) =>
          trx
            .updateTable('shift_patterns')
            .set({
              ...values,
              weekdays: weekdaysText(values.weekdays),
              updated_at: toDbTime(now),
            })
            .where('uuid', '=', uuid)
            .execute(),
        () => audit,
      );
    },

    /** A pattern goes; the shifts made from it stay, as they were. */
    async removePattern(uuid: string, now: Date, audit: AuditEvent) {
      await withAudit(
        db,
        (trx) =>
          trx
            .updateTable('shift_patterns')
            .set({ deleted_at: toDbTime(now), updated_at: toDbTime(now) })
            .where('uuid', '=', uuid)
            .execute(),
        () => audit,
      );
    },

    /** Makes the shifts not made yet (a pattern's day and slot once); answers how many were. */
    async insertShifts(rows: NewShift[]): Promise<number> {
      let made = 0;
      for (let i = 0; i < rows.length; i += 200) {
        const batch = rows.slice(i, i + 200).map((row) => ({ uuid: randomUUID(), ...row }));
        const inserted = await db
          .insertInto('shifts')
          .values(batch)
          .onConflict((oc) => oc.columns(['pattern_uuid', 'date', 'slot']).doNothing())
          .returning('uuid')
          .execute();
        made += inserted.length;
      }
      return made;
    },

    /** Makes one shift (a one-off); answers its uuid. */
    async insertOneOff(row: NewShift, audit: (uuid: string) => AuditEvent): Promise<string[]> {
      const uuid = randomUUID();
      await withAudit(
        db,
        (trx) =>
          trx
            .insertInto('shifts')
            .values({ uuid, ...row })
            .execute(),
        () => audit(uuid),
      );
      return [uuid];
    },

    /** The caller's shifts from `from` to `to` (local dates), at one site or all, in time order. */
    async list(
      principal: Caller,
      range: { from: string; to: string; residenceUuid?: string; guardUuid?: string },
    ): Promise<Shift[]> {
      const rows = await shifts(principal)
        .where('shifts.date', '>=', range.from)
        .where('shifts.date', '<=', range.to)
        .$if(range.residenceUuid !== undefined, (qb) =>
          qb.where('shifts.residence_uuid', '=', range.residenceUuid ?? ''),
        )
        .$if(range.guardUuid !== undefined, (qb) =>
          qb.where('shifts.guard_uuid', '=', range.guardUuid ?? ''),
        )
        .orderBy('shifts.starts_at')
        .orderBy('shifts.name')
        .orderBy('shifts.slot')
        .limit(5_000)
        .execute();
      return rows.map(toShift);
    },

    async find(principal: Principal, uuid: string): Promise<Shift | undefined> {
      const row = await shifts(principal).where('shifts.uuid', '=', uuid).executeTakeFirst();
      return row && toShift(row);
    },

    /** The guard's first live shift, other than those of `except`, overlapping [startsAt, endsAt). */
    async overlapping(
      guardUuid: string,
      startsAt: string,
      endsAt: string,
      except: string | string[],
    ) {
      return db
        .selectFrom('shifts')
        .innerJoin('residences', 'residences.uuid', 'shifts.residence_uuid')
        .select([
          'shifts.name',
          'shifts.date',
          'shifts.starts_at',
          'shifts.ends_at',
          'residences.name as residence_name',
        ])
        .where('shifts.guard_uuid', '=', guardUuid)
        .where('shifts.cancelled_at', 'is', null)
        .where('shifts.uuid', 'not in', typeof except === 'string' ? [except] : except)
        .where('shifts.starts_at', '<', endsAt)
        .where('shifts.ends_at', '>', startsAt)
        .orderBy('shifts.starts_at')
        .executeTakeFirst();
    },

    /**
     * The guard's live shift running at `now`, or else its next one starting by `until`, at any
     * site: what the kiosk tells the guard after the PIN.
     */
    async currentOrNext(guardUuid: string, now: string, until: string) {
      return db
        .selectFrom('shifts')
        .innerJoin('residences', 'residences.uuid', 'shifts.residence_uuid')
        .select([
          'shifts.uuid',
          'shifts.name',
          'shifts.residence_uuid',
          'residences.name as residence_name',
          'shifts.starts_at',
          'shifts.ends_at',
        ])
        .where('shifts.guard_uuid', '=', guardUuid)
        .where('shifts.cancelled_at', 'is', null)
        .where('shifts.ends_at', '>', now)
        .where('shifts.starts_at', '<', until)
        .orderBy('shifts.starts_at')
        .executeTakeFirst();
    },

    /** The guard's live shifts starting in [from, to): for the week's hours. */
    async guardShiftsBetween(guardUuid: string, from: string, to: string, except: string) {
      return db
        .selectFrom('shifts')
        .select(['starts_at', 'ends_at'])
        .where('guard_uuid', '=', guardUuid)
        .where('cancelled_at', 'is', null)
        .where('uuid', '!=', except)
        .where('starts_at', '>=', from)
        .where('starts_at', '<', to)
        .execute();
    },

    /** Whether the guard is live, active and assigned to the site. */
    async guardAtSite(guardUuid: string, residenceUuid: string) {
      return db
        .selectFrom('guard_residences')
        .innerJoin('guards', 'guards.uuid', 'guard_residences.guard_uuid')
        .select(['guards.uuid', 'guards.name', 'guards.security_company_uuid'])
        .where('guard_residences.guard_uuid', '=', guardUuid)
        .where('guard_residences.residence_uuid', '=', residenceUuid)
        .where('guards.deleted_at', 'is', null)
        .where('guards.is_active', '=', 1)
        .executeTakeFirst();
    },

    async assign(uuid: string, guardUuid: string | null, now: Date, audit: AuditEvent) {
      await withAudit(
        db,
        (trx) =>
          trx
            .updateTable('shifts')
            .set({ guard_uuid: guardUuid, updated_at: toDbTime(now) })
            .where('uuid', '=', uuid)
            .execute(),
        () => audit,
      );
    },

    /** Exchanges the guards of two shifts, together. */
    async swap(a: Shift, b: Shift, now: Date, audits: AuditEvent[]) {
      await db.transaction().execute(async (trx) => {
        for (const [shift, guard] of [
          [a, b.guard_uuid],
          [b, a.guard_uuid],
        ] as const) {
          await trx
            .updateTable('shifts')
            .set({ guard_uuid: guard, updated_at: toDbTime(now) })
            .where('uuid', '=', shift.uuid)
            .execute();
        }
        for (const audit of audits) await recordAudit(trx, audit);
      });
    },

    async cancel(uuid: string, now: Date, audit: AuditEvent) {
      await withAudit(
        db,
        (trx) =>
          trx
            .updateTable('shifts')
            .set({ cancelled_at: toDbTime(now), updated_at: toDbTime(now) })
            .where('uuid', '=', uuid)
            .where('cancelled_at', 'is', null)
            .execute(),
        () => audit,
      );
    },

    /** Whether a live site with the guard service is within the caller's scope. */
    async siteInScope(principal: Principal, residenceUuid: string) {
      return db
        .selectFrom('residences')
        .select(['uuid', 'name', 'security_company_uuid'])
        .where('uuid', '=', residenceUuid)
        .where('deleted_at', 'is', null)
        .where(siteScope(principal, 'residences.uuid'))
        .executeTakeFirst();
    },
  };
}

export type ShiftsRepository = ReturnType<typeof createShiftsRepository>;
