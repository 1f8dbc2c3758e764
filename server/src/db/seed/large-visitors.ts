import { randomUUID } from 'node:crypto';
import { addMinutes, localTime, minutesBetween } from './calendar';
import { VISITOR_CATEGORIES } from './demo-catalogue';
import { insertInBatches } from './insert';
import {
  type LargeContext,
  type LargeSite,
  pickStaff,
  ROWS_PER_TRANSACTION,
  type StaffByCompany,
} from './large-context';
import { unitName, randomPerson } from './malaysia';
import { passCreatedAt, type Visit, type VisitorSite, visitorRows } from './rows';

/** Passes a day across all sites: the history goes back as far as the count requires. */
const DAILY_PASSES = 1_000;
const MIN_HISTORY_DAYS = 30;
const MAX_HISTORY_DAYS = 730;
/** Passes are booked up to two weeks ahead, fewer a day than are used on a day. */
const UPCOMING_DAYS = 14;
const UPCOMING_DAY_WEIGHT = 0.3;
/** Units made for a visitor site that has none (a site the large seed created). */
const UNITS_PER_NEW_SITE = [20, 60] as const;
/** Codes 'KGL' + 8 digits + 4 letters: the digits count on across runs, so codes never repeat. */
const QR_PREFIX = 'KGL';
const QR_DIGITS = 8;

interface PassSite extends VisitorSite {
  companyUuid: string;
}

interface VisitorPlan {
  sites: readonly PassSite[];
  staff: StaffByCompany;
  walkInPhotos: readonly string[];
}

/** Units of each site, making some for a site that has none. */
async function withUnits(ctx: LargeContext, sites: readonly LargeSite[]): Promise<PassSite[]> {
  const { db, random, now } = ctx;
  const rows = await db
    .selectFrom('units')
    .select(['uuid', 'residence_uuid'])
    .where(
      'residence_uuid',
      'in',
      sites.map((site) => site.uuid),
    )
    .orderBy('uuid')
    .execute();
  const bySite = new Map<string, string[]>();
  for (const row of rows) {
    const units = bySite.get(row.residence_uuid) ?? [];
    units.push(row.uuid);
    bySite.set(row.residence_uuid, units);
  }
  const newUnits = sites
    .filter((site) => !bySite.has(site.uuid))
    .flatMap((site) => {
      const names = new Set(
        Array.from({ length: random.int(...UNITS_PER_NEW_SITE) }, () => unitName(random)),
      );
      return [...names].map((name) => ({
        uuid: randomUUID(),
        residence_uuid: site.uuid,
        name,
        owner_name: randomPerson(random, now).name,
      }));
    });
  for (const unit of newUnits) {
    bySite.set(unit.residence_uuid, [...(bySite.get(unit.residence_uuid) ?? []), unit.uuid]);
  }
  await insertInBatches(db, 'units', newUnits);
  return sites.map((site) => ({
    uuid: site.uuid,
    companyUuid: site.companyUuid,
    hdf: site.hdf,
    unitUuids: bySite.get(site.uuid) ?? [],
  }));
}

/** The next number for a large-seed QR code, after the highest one already written. */
async function nextQrNumber(ctx: LargeContext): Promise<number> {
  const row = await ctx.db
    .selectFrom('visitors')
    .select((eb) => eb.fn.max('qr_code').as('code'))
    .where('qr_code', '>=', QR_PREFIX)
    .where('qr_code', '<', `${QR_PREFIX}~`)
    .executeTakeFirst();
  const digits = row?.code?.slice(QR_PREFIX.length, QR_PREFIX.length + QR_DIGITS) ?? '';
  return /^\d+$/.test(digits) ? Number(digits) + 1 : 1;
}

/**
 * Days before today of a pass: each past day of the history and today equally likely, the next
 * two weeks less so; negative for a day ahead.
 */
function pickDay(ctx: LargeContext, historyDays: number): number {
  const roll = ctx.random.next() * (historyDays + 1 + UPCOMING_DAYS * UPCOMING_DAY_WEIGHT);
  if (roll < historyDays) return 1 + Math.floor(roll);
  if (roll < historyDays + 1) return 0;
  return -Math.min(UPCOMING_DAYS, 1 + Math.floor((roll - historyDays - 1) / UPCOMING_DAY_WEIGHT));
}

/** A window of one to four hours on the pass's day, starting on the hour or half hour. */
function passWindow(ctx: LargeContext, daysAgo: number, startHour: number) {
  const start = localTime(ctx.now, daysAgo, startHour, ctx.random.pick([0, 30]));
  const end = addMinutes(start, ctx.random.int(1, 4) * 60);
  return {
    start,
    end: end.getDate() === start.getDate() ? end : localTime(ctx.now, daysAgo, 23, 59),
  };
}

/**
 * A past pass: most were used (scanned in and out), some never came and expired or were
 * cancelled; a very few were scanned in and never out, and still count as inside.
 */
function pastVisit(ctx: LargeContext, daysAgo: number): Visit {
  const { random } = ctx;
  const window = passWindow(ctx, daysAgo, random.int(8, 20));
  const arrived = addMinutes(window.start, random.int(-15, 45));
  const roll = random.next();
  if (roll < 0.725) {
    const scans: Visit['scans'] = [{ type: 'IN', at: arrived }];
    if (roll < 0.72) scans.push({ type: 'OUT', at: addMinutes(arrived, random.int(15, 180)) });
    return { status: 'VALID', scans, ...window };
  }
  const status = roll < 0.87 ? 'EXPIRED' : roll < 0.94 ? 'INVALID' : 'CANCELLED';
  return { status, scans: [], ...window };
}

/** Today's passes: some still expected, some inside now, some come and gone. */
function todaysVisit(ctx: LargeContext): Visit {
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

function upcomingVisit(ctx: LargeContext, daysAgo: number): Visit {
  const { start, end } = passWindow(ctx, daysAgo, ctx.random.int(8, 21));
  return { status: ctx.random.chance(0.9) ? 'VALID' : 'CANCELLED', scans: [], start, end };
}

function planVisit(ctx: LargeContext, historyDays: number): Visit {
  const daysAgo = pickDay(ctx, historyDays);
  if (daysAgo > 0) return pastVisit(ctx, daysAgo);
  return daysAgo === 0 ? todaysVisit(ctx) : upcomingVisit(ctx, daysAgo);
}

interface PlannedPass {
  visit: Visit;
  createdAt: Date;
}

/** Every pass's visit, in the order the passes were made, as a live database holds them. */
function planPasses(ctx: LargeContext, count: number, historyDays: number): PlannedPass[] {
  const passes = Array.from({ length: count }, () => {
    const visit = planVisit(ctx, historyDays);
    return { visit, createdAt: passCreatedAt(ctx.random, ctx.now, visit) };
  });
  return passes.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

function passRecords(ctx: LargeContext, plan: VisitorPlan, pass: PlannedPass, qrNumber: number) {
  const { random } = ctx;
  const site = random.pick(plan.sites);
  return visitorRows(random, ctx.now, {
    uuid: randomUUID(),
    site,
    visit: pass.visit,
    createdAt: pass.createdAt,
    category: random.pick(VISITOR_CATEGORIES),
    qrCode: `${QR_PREFIX}${String(qrNumber).padStart(QR_DIGITS, '0')}${random.letters(4)}`,
    createdBy: pickStaff(random, plan.staff, site.companyUuid),
    walkInPhotos: plan.walkInPhotos,
    newUuid: randomUUID,
  });
}

/**
 * `count` visitor passes spread over the sites that take visitors, with their scans and health
 * declarations: a history of about DAILY_PASSES a day, today's, and the next two weeks'.
 */
export async function seedVisitors(
  ctx: LargeContext,
  count: number,
  options: { sites: readonly LargeSite[]; staff: StaffByCompany; walkInPhotos: readonly string[] },
): Promise<void> {
  if (count === 0) return;
  const visitorSites = options.sites.filter((site) => site.visitors);
  if (visitorSites.length === 0) {
    throw new Error('There are no sites with the visitors service on to take visitor passes.');
  }
  const plan: VisitorPlan = {
    sites: await withUnits(ctx, visitorSites),
    staff: options.staff,
    walkInPhotos: options.walkInPhotos,
  };
  const historyDays = Math.min(
    MAX_HISTORY_DAYS,
    Math.max(MIN_HISTORY_DAYS, Math.ceil(count / DAILY_PASSES)),
  );
  const passes = planPasses(ctx, count, historyDays);
  const firstQr = await nextQrNumber(ctx);
  if (firstQr + count > 10 ** QR_DIGITS) {
    throw new Error(`The large seed's QR codes run out at ${10 ** QR_DIGITS - 1} passes.`);
  }
  for (let start = 0; start < count; start += ROWS_PER_TRANSACTION) {
    const size = Math.min(ROWS_PER_TRANSACTION, count - start);
    const records = passes
      .slice(start, start + size)
      .map((pass, i) => passRecords(ctx, plan, pass, firstQr + start + i));
    await ctx.db.transaction().execute(async (trx) => {
      await insertInBatches(
        trx,
        'visitors',
        records.map((record) => record.visitor),
      );
      await insertInBatches(
        trx,
        'visitor_pass_scans',
        records.flatMap((record) => record.scans),
      );
      await insertInBatches(
        trx,
        'health_applications',
        records.flatMap((record) => record.applications),
      );
    });
    ctx.progress(`Visitor passes: ${start + size} of ${count}`);
  }
}
