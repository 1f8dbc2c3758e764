import { randomUUID } from 'node:crypto';
import { VISITOR_CATEGORIES } from './demo-catalogue';
import { insertInBatches } from './insert';
import {
  daysOfHistory,
  type LargeContext,
  type LargeSite,
  type LargeSites,
  sitesWith,
  writeInTransactions,
} from './large-context';
import { unitName, randomPerson } from './malaysia';
import {
  insertVisitorRows,
  passCreatedAt,
  type PastOutcomes,
  planVisit,
  type StaffByCompany,
  type Visit,
  type VisitorSite,
  visitorRows,
} from './rows';

/** About 1,000 passes a day across all sites, going back as far as the count requires. */
const HISTORY = { daily: 1_000, min: 30, max: 730 };
/**
 * Most were used (scanned in and out), some never came and expired or were cancelled; a very few
 * were scanned in and never out, and still count as inside.
 */
const PAST_OUTCOMES: PastOutcomes = {
  scannedOut: 0.72,
  inside: 0.725,
  expired: 0.87,
  invalid: 0.94,
};
/** Passes are booked up to two weeks ahead, fewer a day than are used on a day. */
const UPCOMING_DAYS = 14;
const UPCOMING_DAY_WEIGHT = 0.3;
/** Units made for a visitor site that has none (a site the large seed created). */
const UNITS_PER_NEW_SITE = [20, 60] as const;
/** Codes 'KGL' + 8 digits + 4 letters: the digits count on across runs, so codes never repeat. */
const QR_PREFIX = 'KGL';
const QR_DIGITS = 8;

interface VisitorPlan {
  sites: readonly VisitorSite[];
  staff: StaffByCompany;
  walkInPhotos: readonly string[];
}

/** Units of each site, making some for a site that has none. */
async function withUnits(ctx: LargeContext, sites: readonly LargeSite[]): Promise<VisitorSite[]> {
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

interface PlannedPass {
  visit: Visit;
  createdAt: Date;
}

/** Every pass's visit, in the order the passes were made, as a live database holds them. */
function planPasses(ctx: LargeContext, count: number, historyDays: number): PlannedPass[] {
  const passes = Array.from({ length: count }, () => {
    const visit = planVisit(ctx.random, ctx.now, pickDay(ctx, historyDays), PAST_OUTCOMES);
    return { visit, createdAt: passCreatedAt(ctx.random, ctx.now, visit) };
  });
  return passes.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

function passRecords(ctx: LargeContext, plan: VisitorPlan, pass: PlannedPass, qrNumber: number) {
  const { random } = ctx;
  return visitorRows(random, ctx.now, {
    site: random.pick(plan.sites),
    visit: pass.visit,
    category: random.pick(VISITOR_CATEGORIES),
    createdAt: pass.createdAt,
    qrCode: () => `${QR_PREFIX}${String(qrNumber).padStart(QR_DIGITS, '0')}${random.letters(4)}`,
    staff: plan.staff,
    walkInPhotos: plan.walkInPhotos,
    newUuid: randomUUID,
  });
}

/**
 * `count` visitor passes spread over the sites that take visitors, with their scans and health
 * declarations: a history of about HISTORY.daily a day, today's, and the next two weeks'.
 */
export async function seedVisitors(
  ctx: LargeContext,
  count: number,
  options: LargeSites & { walkInPhotos: readonly string[] },
): Promise<void> {
  if (count === 0) return;
  const plan: VisitorPlan = {
    sites: await withUnits(ctx, sitesWith(options.sites, 'visitors', 'visitor passes')),
    staff: options.staff,
    walkInPhotos: options.walkInPhotos,
  };
  const passes = planPasses(ctx, count, daysOfHistory(count, HISTORY));
  const firstQr = await nextQrNumber(ctx);
  if (firstQr + count > 10 ** QR_DIGITS) {
    throw new Error(`The large seed's QR codes run out at ${10 ** QR_DIGITS - 1} passes.`);
  }
  await writeInTransactions(ctx, count, 'Visitor passes', async (trx, start, size) => {
    const records = passes
      .slice(start, start + size)
      .map((pass, i) => passRecords(ctx, plan, pass, firstQr + start + i));
    await insertVisitorRows(trx, records);
  });
}
