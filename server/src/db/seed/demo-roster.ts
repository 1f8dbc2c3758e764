import { raiseLicenceAlerts, raiseShiftAlerts } from '../../modules/alerts/alerts.repository';
import { shiftTimes } from '../../modules/shifts/shifts.service';
import { addDays, localDate, timestampOf, toDbTime } from '../time';
import { SUPERVISOR_EMAIL } from './demo-catalogue';
import type { DemoContext, SeededSite } from './demo-context';
import { DEMO_GUARD_EMAIL } from './demo-guards';
import { insertInBatches } from './insert';
import { attendanceRow } from './rows';

/** Each demo site's posts: Day and Night, two guards each, every day. */
const PATTERNS = [
  { name: 'Day', start_time: '07:00', end_time: '19:00', headcount: 2 },
  { name: 'Night', start_time: '19:00', end_time: '07:00', headcount: 2 },
] as const;
const LATE_MINUTES = 25;
/** On-duty guards of the roster started a few minutes before their shift. */
const EARLY_MINUTES = 5;

type ShiftRow = {
  uuid: string;
  residence_uuid: string;
  pattern_uuid: string;
  slot: number;
  name: string;
  date: string;
  starts_at: string;
  ends_at: string;
  guard_uuid: string | null;
  state: string;
  attendance_uuid: string | null;
  started_at: string | null;
  ended_at: string | null;
  late_minutes: number | null;
};

/**
 * Rosters for the demo (issue 36): at the demo supervisor's sites, a Day and a Night pattern of
 * two guards every day, and this week's shifts made from them, each site's own guards on them
 * (never the guard app's demo guard, whose shifts the guard-door tests start themselves). Shifts
 * over are completed as planned; those in progress are on duty (an open attendance each), but at
 * the first site, where one guard started 25 minutes late and the other is a no-show; with their
 * alerts, so that a new user sees the watch at work at once.
 */
export async function seedRoster(
  ctx: DemoContext,
  sites: readonly SeededSite[],
  selfies: readonly string[],
): Promise<void> {
  const { db, random, now } = ctx;
  const supervised = await db
    .selectFrom('site_supervisor_residences')
    .innerJoin(
      'site_supervisors',
      'site_supervisors.uuid',
      'site_supervisor_residences.supervisor_uuid',
    )
    .innerJoin('user_profiles', 'user_profiles.uuid', 'site_supervisors.kg_user_profile_uuid')
    .select('site_supervisor_residences.residence_uuid')
    .where('user_profiles.email', '=', SUPERVISOR_EMAIL)
    .orderBy('site_supervisor_residences.residence_uuid')
    .execute();
  const places = supervised.flatMap(
    (row) => sites.find((site) => site.uuid === row.residence_uuid && site.attendance) ?? [],
  );
  const open = new Map(
    (await db.selectFrom('open_shifts').select(['guard_uuid', 'attendance_uuid']).execute()).map(
      (row) => [row.guard_uuid, row.attendance_uuid],
    ),
  );
  const rostered = new Set<string>();
  const today = localDate(now);
  const monday = addDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7));
  const at = toDbTime(now);
  const shifts: ShiftRow[] = [];
  const attendances: ReturnType<typeof attendanceRow>[] = [];
  const openShifts: Array<{ guard_uuid: string; attendance_uuid: string; started_at: string }> = [];
  const late: string[] = [];
  const missed: string[] = [];

  for (const [index, site] of places.entries()) {
    const guards = (
      await db
        .selectFrom('guard_residences')
        .innerJoin('guards', 'guards.uuid', 'guard_residences.guard_uuid')
        .select('guards.uuid')
        .where('guard_residences.residence_uuid', '=', site.uuid)
        .where('guards.deleted_at', 'is', null)
        .where('guards.is_active', '=', 1)
        .where((eb) =>
          eb.or([eb('guards.email', 'is', null), eb('guards.email', '!=', DEMO_GUARD_EMAIL)]),
        )
        .orderBy('guards.uuid')
        .execute()
    )
      .map((row) => row.uuid)
      // A guard works one site's roster, and only guards with no shift open elsewhere.
      .filter((guard) => !rostered.has(guard) && !open.has(guard))
      .slice(0, 4);
    for (const guard of guards) rostered.add(guard);
    const patterns = PATTERNS.map((pattern) => ({ uuid: random.uuid(), ...pattern }));
    await db
      .insertInto('shift_patterns')
      .values(
        patterns.map((pattern) => ({
          ...pattern,
          residence_uuid: site.uuid,
          weekdays: '1234567',
          deleted_at: null,
        })),
      )
      .execute();
    // From the night before Monday, so that Monday morning has its night shift in progress.
    for (let day = -1; day < 7; day += 1) {
      const date = addDays(monday, day);
      for (const [p, pattern] of patterns.entries()) {
        const times = shiftTimes(date, pattern.start_time, pattern.end_time);
        if (day === -1 && p === 0) continue;
        for (let slot = 0; slot < pattern.headcount; slot += 1) {
          const guard = guards[p * 2 + slot] ?? null;
          const row: ShiftRow = {
            uuid: random.uuid(),
            residence_uuid: site.uuid,
            pattern_uuid: pattern.uuid,
            slot,
            name: pattern.name,
            date,
            ...times,
            guard_uuid: guard,
            state: 'upcoming',
            attendance_uuid: null,
            started_at: null,
            ended_at: null,
            late_minutes: null,
          };
          shifts.push(row);
          if (times.starts_at > at || !guard) continue;
          if (times.ends_at <= at) {
            Object.assign(row, {
              state: 'completed',
              started_at: times.starts_at,
              ended_at: times.ends_at,
              late_minutes: 0,
            });
            continue;
          }
          // In progress: at the first site, one late start and one no-show (once past the
          // no-show time); elsewhere on duty.
          const startMs = timestampOf(times.starts_at) ?? 0;
          const overdue = now.getTime() - startMs >= 30 * 60_000;
          if (index === 0 && overdue && slot === 1) {
            row.state = 'no_show';
            missed.push(row.uuid);
            continue;
          }
          const isLate = index === 0 && overdue && slot === 0;
          const startedMs = isLate
            ? startMs + LATE_MINUTES * 60_000
            : startMs - EARLY_MINUTES * 60_000;
          const attendance = attendanceRow(random, {
            uuid: random.uuid(),
            guardUuid: guard,
            site,
            shift: { checkin: new Date(startedMs), checkout: null },
            selfies,
          });
          attendances.push(attendance);
          openShifts.push({
            guard_uuid: guard,
            attendance_uuid: attendance.uuid,
            started_at: attendance.checkin_at,
          });
          Object.assign(row, {
            state: isLate ? 'late' : 'on_duty',
            attendance_uuid: attendance.uuid,
            started_at: attendance.checkin_at,
            late_minutes: isLate ? LATE_MINUTES : 0,
          });
          if (isLate) late.push(row.uuid);
        }
      }
    }
  }
  await insertInBatches(db, 'shifts', shifts);
  await insertInBatches(db, 'attendances', attendances);
  await insertInBatches(db, 'open_shifts', openShifts);
  await raiseShiftAlerts(db, late, 'late', now);
  await raiseShiftAlerts(db, missed, 'no_show', now);
  await raiseLicenceAlerts(db, now);
}
