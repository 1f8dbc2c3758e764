import { localDate, toDbTime } from '../time';
import { addMinutes, localTime, minutesBetween } from './calendar';
import { VISITOR_CATEGORIES } from './demo-catalogue';
import type { DemoContext, SeededSite, StaffByCompany } from './demo-context';
import { insertInBatches } from './insert';
import { carPlate, phoneNumber, randomPerson } from './malaysia';

const VISITOR_COUNT = 300;
/** A repeating pass is valid for 30 days from its date; a one-time pass for its day. */
const REPEAT_WINDOW_DAYS = 30;
/** Index is Date.getDay(): Sunday first. */
const WEEKDAYS = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'];

type ScanType = 'IN' | 'OUT';

interface Visit {
  status: string;
  scans: { type: ScanType; at: Date }[];
  start: Date;
  end: Date;
}

const hhmmss = (date: Date) => date.toTimeString().slice(0, 8);

/** Half the passes are past visits, a fifth are for today and the rest are upcoming. */
function pickDay(ctx: DemoContext): number {
  const roll = ctx.random.next();
  if (roll < 0.5) return ctx.random.int(1, 30);
  if (roll < 0.72) return 0;
  return -ctx.random.int(1, 14);
}

/** A window of one to four hours on the pass's day, starting on the hour or half hour. */
function passWindow(ctx: DemoContext, daysAgo: number, startHour: number) {
  const start = localTime(ctx.now, daysAgo, startHour, ctx.random.pick([0, 30]));
  const end = addMinutes(start, ctx.random.int(1, 4) * 60);
  return {
    start,
    end: end.getDate() === start.getDate() ? end : localTime(ctx.now, daysAgo, 23, 59),
  };
}

function pastVisit(ctx: DemoContext, daysAgo: number): Visit {
  const { random } = ctx;
  const window = passWindow(ctx, daysAgo, random.int(8, 20));
  const arrived = addMinutes(window.start, random.int(-15, 45));
  const roll = random.next();
  // Most came and went; some left without the guard scanning them out; the rest never came.
  if (roll < 0.7) {
    const scans: Visit['scans'] = [{ type: 'IN', at: arrived }];
    if (roll < 0.6) scans.push({ type: 'OUT', at: addMinutes(arrived, random.int(15, 180)) });
    return { status: 'VALID', scans, ...window };
  }
  const status = roll < 0.85 ? 'EXPIRED' : roll < 0.93 ? 'INVALID' : 'CANCELLED';
  return { status, scans: [], ...window };
}

/** Today's passes: some still expected, some inside now, some come and gone. */
function todaysVisit(ctx: DemoContext): Visit {
  const { random, now } = ctx;
  const roll = random.next();
  if (roll < 0.45) {
    const { start, end } = passWindow(ctx, 0, random.int(8, 21));
    const status = roll < 0.05 ? 'CANCELLED' : roll < 0.08 ? 'INVALID' : 'VALID';
    return { status, scans: [], start, end };
  }
  const sinceMidnight = minutesBetween(localTime(now, 0, 0), now);
  const arrived = addMinutes(now, -Math.min(random.int(30, 300), sinceMidnight));
  const { start, end } = passWindow(ctx, 0, Math.max(0, arrived.getHours() - random.int(0, 1)));
  const scans: Visit['scans'] = [{ type: 'IN', at: arrived }];
  if (roll > 0.75) {
    scans.push({
      type: 'OUT',
      at: addMinutes(arrived, Math.floor(minutesBetween(arrived, now) * random.next())),
    });
  }
  return { status: 'VALID', scans, start, end };
}

function upcomingVisit(ctx: DemoContext, daysAgo: number): Visit {
  const { start, end } = passWindow(ctx, daysAgo, ctx.random.int(8, 21));
  return { status: ctx.random.chance(0.9) ? 'VALID' : 'CANCELLED', scans: [], start, end };
}

function planVisit(ctx: DemoContext): Visit {
  const daysAgo = pickDay(ctx);
  if (daysAgo > 0) return pastVisit(ctx, daysAgo);
  return daysAgo === 0 ? todaysVisit(ctx) : upcomingVisit(ctx, daysAgo);
}

/** The pass was made a little before the visit, but never after now. */
function passCreatedAt(ctx: DemoContext, visit: Visit): Date {
  const first = visit.scans[0]?.at ?? visit.start;
  const before = first < ctx.now ? first : ctx.now;
  return addMinutes(before, -ctx.random.int(30, 3 * 24 * 60));
}

/** Weekdays of a repeating pass, always including the day of its date, in week order. */
function repeatDays(ctx: DemoContext, date: Date): string {
  const days = new Set([
    date.getDay(),
    ...ctx.random.sample([0, 1, 2, 3, 4, 5, 6], ctx.random.int(1, 3)),
  ]);
  const mondayFirst = (day: number) => (day + 6) % 7;
  return [...days]
    .sort((a, b) => mondayFirst(a) - mondayFirst(b))
    .map((day) => WEEKDAYS[day])
    .join(',');
}

/** Sites without the health declaration form record a temperature at the gate, mostly normal. */
function gateTemperature(ctx: DemoContext): number {
  return ctx.random.chance(0.9) ? ctx.random.float(36.0, 37.4, 1) : ctx.random.float(37.6, 38.4, 1);
}

function healthApplicationRows(ctx: DemoContext, visitorUuid: string, createdAt: Date) {
  const { random, now } = ctx;
  return Array.from({ length: random.int(1, 2) }, (_, i) => {
    const applied = addMinutes(createdAt, i * random.int(60, 600));
    const roll = random.next();
    return {
      uuid: random.uuid(),
      visitor_uuid: visitorUuid,
      status: roll < 0.6 ? 'APPROVED' : roll < 0.75 ? 'REJECTED' : 'PENDING',
      qrcode_expired_at: toDbTime(addMinutes(applied, 24 * 60)),
      creator_temp: gateTemperature(ctx),
      // Some temperatures are stale, older than the 15 days after which a health code turns orange.
      creator_temp_updated_at: toDbTime(
        random.chance(0.3) ? localTime(now, random.int(15, 40), random.int(8, 20)) : applied,
      ),
      created_at: toDbTime(applied),
    };
  });
}

interface VisitorContext extends DemoContext {
  staff: StaffByCompany;
  walkInPhotos: readonly string[];
}

/** One pass with its scans and, at sites with the health declaration form, its applications. */
function visitorRecords(ctx: VisitorContext, site: SeededSite, index: number) {
  const { random, now } = ctx;
  const visit = planVisit(ctx);
  const category = random.pick(VISITOR_CATEGORIES);
  const repeating = category !== 'Taxi/E-hailing' && random.chance(0.2);
  const walkIn = visit.scans.length > 0 && random.chance(0.4);
  const createdAt = passCreatedAt(ctx, visit);
  const lastScan = visit.scans.at(-1);
  const visitor = {
    uuid: random.uuid(),
    residence_uuid: site.uuid,
    unit_uuid: random.pick(site.unitUuids),
    name: randomPerson(random, now, 0.1).name,
    car_plate_number:
      category === 'Visitor' && random.chance(0.2)
        ? ''
        : carPlate(random, category === 'Taxi/E-hailing'),
    phone_number: phoneNumber(random),
    category,
    type: walkIn ? 'WALKIN' : 'VISITOR',
    repeat_type: repeating ? 'REPEAT' : 'ONE_TIME',
    repeat_days: repeating ? repeatDays(ctx, visit.start) : '',
    date: localDate(visit.start),
    start_time: hhmmss(visit.start),
    end_time: hhmmss(visit.end),
    checkpoint_times: visit.scans.length,
    status: visit.status,
    latest_scan_type: lastScan?.type ?? null,
    qr_code: `KGV${String(index + 1).padStart(5, '0')}${random.letters(6)}`,
    walkin_photo: JSON.stringify(walkIn ? random.sample(ctx.walkInPhotos, random.int(1, 2)) : []),
    hdf: site.hdf && random.chance(0.15) ? random.pick(['APPROVED', 'PENDING']) : null,
    visitor_temp:
      !site.hdf && visit.scans.length > 0 && random.chance(0.7) ? gateTemperature(ctx) : null,
    health_code:
      site.hdf && random.chance(0.5) ? `HC${random.letters(2)}${random.digits(6)}` : null,
    qrcode_expired_at: toDbTime(
      repeating ? addMinutes(visit.end, REPEAT_WINDOW_DAYS * 24 * 60) : visit.end,
    ),
    created_by: random.pick(ctx.staff.get(site.companyUuid) ?? [null]),
    created_at: toDbTime(createdAt),
    updated_at: toDbTime(lastScan?.at ?? createdAt),
    deleted_at: null,
  };
  const scans = visit.scans.map((scan) => ({
    uuid: random.uuid(),
    visitor_uuid: visitor.uuid,
    scan_type: scan.type,
    created_at: toDbTime(scan.at),
  }));
  const applications =
    site.hdf && random.chance(0.85) ? healthApplicationRows(ctx, visitor.uuid, createdAt) : [];
  return { visitor, scans, applications };
}

/** Visitor passes of every kind and state at the sites that take visitors. */
export async function seedVisitors(
  ctx: DemoContext,
  sites: readonly SeededSite[],
  staff: StaffByCompany,
  walkInPhotos: readonly string[],
): Promise<void> {
  const visitorSites = sites.filter((site) => site.visitors);
  const visitorCtx = { ...ctx, staff, walkInPhotos };
  const records = Array.from({ length: VISITOR_COUNT }, (_, i) =>
    visitorRecords(visitorCtx, ctx.random.pick(visitorSites), i),
  );
  await insertInBatches(
    ctx.db,
    'visitors',
    records.map((record) => record.visitor),
  );
  await insertInBatches(
    ctx.db,
    'visitor_pass_scans',
    records.flatMap((record) => record.scans),
  );
  await insertInBatches(
    ctx.db,
    'health_applications',
    records.flatMap((record) => record.applications),
  );
}
