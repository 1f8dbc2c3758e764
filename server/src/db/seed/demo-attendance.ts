import { toDbTime } from '../time';
import { addMinutes, localTime, minutesBetween } from './calendar';
import type { DemoContext, SeededGuard, SeededSite } from './demo-context';
import { insertInBatches } from './insert';
import { nearby } from './random';

const ATTENDANCE_DAYS = 60;
const WORKS_ON_A_DAY = 0.85;
const FORGETS_TO_CHECK_OUT = 0.03;
const ON_DUTY_NOW = 0.35;
const SHIFT_START_HOURS = { day: 7, night: 19 } as const;

interface Shift {
  checkin: Date;
  checkout: Date | null;
}

function attendanceRow(
  ctx: DemoContext,
  guard: SeededGuard,
  site: SeededSite,
  shift: Shift,
  selfies: readonly string[],
) {
  const { random } = ctx;
  const out = shift.checkout;
  return {
    uuid: random.uuid(),
    guard_uuid: guard.uuid,
    residence_uuid: site.uuid,
    checkin_at: toDbTime(shift.checkin),
    checkout_at: out ? toDbTime(out) : null,
    checkin_lat: nearby(random, site.lat),
    checkin_lng: nearby(random, site.lng),
    checkout_lat: out ? nearby(random, site.lat) : null,
    checkout_lng: out ? nearby(random, site.lng) : null,
    checkin_photo_file_uuid: random.pick(selfies),
    checkout_photo_file_uuid: out ? random.pick(selfies) : null,
    created_at: toDbTime(shift.checkin),
  };
}

/** A shift starting around the guard's usual hour and lasting 8 to 12 hours; not over before `now`, it is still open. */
function regularShift(ctx: DemoContext, daysAgo: number, startHour: number): Shift {
  const { random, now } = ctx;
  const checkin = localTime(now, daysAgo, startHour - 1, random.int(30, 89));
  const checkout = addMinutes(checkin, random.int(8 * 60, 12 * 60));
  const forgot = random.chance(FORGETS_TO_CHECK_OUT);
  return { checkin, checkout: forgot || checkout > now ? null : checkout };
}

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
    if (ctx.random.chance(WORKS_ON_A_DAY)) shifts.push(regularShift(ctx, daysAgo, startHour));
  }
  const stillOpen = shifts.at(-1)?.checkout === null;
  if (stillOpen) return shifts;
  if (ctx.random.chance(ON_DUTY_NOW)) return [...shifts, onDutyShift(ctx)];
  const today = regularShift(ctx, 0, startHour);
  return today.checkout && today.checkin < ctx.now ? [...shifts, today] : shifts;
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
      return attendanceRow(ctx, guard, site, shift, selfies);
    });
  });
  await insertInBatches(ctx.db, 'attendances', rows);
}
