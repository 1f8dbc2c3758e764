import { registerOpenShifts } from '../../modules/attendances/attendances.repository';
import { addMinutes, localTime, minutesBetween } from './calendar';
import type { DemoContext, SeededGuard, SeededSite } from './demo-context';
import { insertInBatches } from './insert';
import { attendanceRow, regularShift, type Shift } from './rows';

const ATTENDANCE_DAYS = 60;
const WORKS_ON_A_DAY = 0.85;
const ON_DUTY_NOW = 0.35;
const SHIFT_START_HOURS = { day: 7, night: 19 } as const;

/** Checked in earlier today, not yet out: these make the dashboard's 'on duty' figure. */
function onDutyShift(ctx: DemoContext): Shift {
  const sinceMidnight = minutesBetween(localTime(ctx.now, 0, 0), ctx.now);
  const minutesAgo = Math.min(ctx.random.int(20, 360), sinceMidnight);
  return { checkin: addMinutes(ctx.now, -minutesAgo), checkout: null };
}

/** One guard's shifts, oldest first; today ends either on duty, with a finished shift, or off. */
function guardShifts(ctx: DemoContext): Shift[] {
  const startHour = ctx.random.chance(0.6) ? SHIFT_START_HOURS.day : SHIFT_START_HOURS.night;
  const shifts: Shift[] = [];
  for (let daysAgo = ATTENDANCE_DAYS - 1; daysAgo >= 1; daysAgo--) {
    if (ctx.random.chance(WORKS_ON_A_DAY)) {
      shifts.push(regularShift(ctx.random, ctx.now, daysAgo, startHour));
    }
  }
  const stillOpen = shifts.at(-1)?.checkout === null;
  if (stillOpen) return shifts;
  if (ctx.random.chance(ON_DUTY_NOW)) return [...shifts, onDutyShift(ctx)];
  // Today's usual shift is recorded only once it is over (a shift not over has no check-out).
  const today = regularShift(ctx.random, ctx.now, 0, startHour);
  return today.checkout ? [...shifts, today] : shifts;
}

/** Two months of check-ins and check-outs for live guards at their sites that take attendance. */
export async function seedAttendance(
  ctx: DemoContext,
  guards: readonly SeededGuard[],
  sites: readonly SeededSite[],
  selfies: readonly string[],
): Promise<void> {
  const attendanceSites = new Map(
    sites.filter((site) => site.attendance).map((site) => [site.uuid, site]),
  );
  const rows = guards.flatMap((guard) => {
    const postings = guard.siteUuids.flatMap((uuid) => attendanceSites.get(uuid) ?? []);
    const [main, other] = postings;
    if (guard.deleted || !main) return [];
    return guardShifts(ctx).map((shift) => {
      // Guards posted to two sites mostly work at the first.
      const site = other && ctx.random.chance(0.2) ? other : main;
      return attendanceRow(ctx.random, {
        uuid: ctx.random.uuid(),
        guardUuid: guard.uuid,
        site,
        shift,
        selfies,
      });
    });
  });
  await insertInBatches(ctx.db, 'attendances', rows);
  await registerOpenShifts(ctx.db, ctx.now);
}
