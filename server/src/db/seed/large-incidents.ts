import { randomUUID } from 'node:crypto';
import {
  highestIncidentNumber,
  incidentCounter,
  incidentNumber,
} from '../../modules/incidents/incidents.repository';
import type { DB } from '../database';
import { addMinutes, localTime, minutesBetween } from './calendar';
import { INCIDENT_CATEGORIES } from './demo-catalogue';
import {
  daysOfHistory,
  type LargeContext,
  type LargeSite,
  type LargeSites,
  sitesWith,
  writeInTransactions,
} from './large-context';
import {
  type IncidentCategory,
  incidentRows,
  insertIncidentRows,
  type StaffByCompany,
} from './rows';

/** About 100 incidents a day across all sites, going back as far as the count requires. */
const HISTORY = { daily: 100, min: 60, max: 730 };

interface IncidentPlan {
  sites: readonly LargeSite[];
  categories: readonly IncidentCategory[];
  guardsBySite: ReadonlyMap<string, readonly string[]>;
  staff: StaffByCompany;
  photos: readonly string[];
}

/** The categories every install starts with that the demo has wording for. */
async function loadCategories(db: DB): Promise<IncidentCategory[]> {
  const rows = await db.selectFrom('incident_categories').select(['uuid', 'name']).execute();
  const uuidByName = new Map(rows.map((row) => [row.name, row.uuid]));
  const categories = INCIDENT_CATEGORIES.flatMap((entry) => {
    const uuid = uuidByName.get(entry.name);
    return uuid ? [{ uuid, descriptions: entry.descriptions, action: entry.action }] : [];
  });
  if (categories.length === 0) throw new Error('There are no incident categories to report in.');
  return categories;
}

/** Live guards posted at each of the sites. */
async function guardsBySite(db: DB, sites: readonly LargeSite[]): Promise<Map<string, string[]>> {
  const wanted = new Set(sites.map((site) => site.uuid));
  const rows = await db
    .selectFrom('guard_residences')
    .innerJoin('guards', 'guards.uuid', 'guard_residences.guard_uuid')
    .select(['guard_residences.residence_uuid', 'guards.uuid'])
    .where('guards.deleted_at', 'is', null)
    .orderBy('guards.uuid')
    .execute();
  const bySite = new Map<string, string[]>();
  for (const row of rows) {
    if (!wanted.has(row.residence_uuid)) continue;
    const guards = bySite.get(row.residence_uuid) ?? [];
    guards.push(row.uuid);
    bySite.set(row.residence_uuid, guards);
  }
  return bySite;
}

/**
 * Takes `count` numbers of a company's sequence at once: past both the highest number written
 * there and the server's counter, which is moved on past them, so that incidents the console adds
 * meanwhile or later never take one of them. Answers the first.
 */
async function reserveNumbers(db: DB, sequence: string, count: number): Promise<number> {
  const name = incidentCounter(sequence);
  return db.transaction().execute(async (trx) => {
    const counter = await trx
      .selectFrom('counters')
      .select('value')
      .where('name', '=', name)
      .executeTakeFirst();
    const last = Math.max(Number(counter?.value ?? 0), await highestIncidentNumber(trx, sequence));
    await trx
      .insertInto('counters')
      .values({ name, value: last + count })
      .onConflict((oc) => oc.column('name').doUpdateSet({ value: last + count }))
      .execute();
    return last + 1;
  });
}

/** Each incident's number, in report order, from its site's company's sequence. */
async function numbersFor(db: DB, sites: readonly LargeSite[]): Promise<number[]> {
  const counts = new Map<string, number>();
  for (const site of sites) counts.set(site.companyUuid, (counts.get(site.companyUuid) ?? 0) + 1);
  const next = new Map<string, number>();
  for (const [sequence, count] of counts) {
    next.set(sequence, await reserveNumbers(db, sequence, count));
  }
  return sites.map((site) => {
    const number = next.get(site.companyUuid) ?? 1;
    next.set(site.companyUuid, number + 1);
    return number;
  });
}

/**
 * When each incident was reported, oldest first, so that numbers follow the order they were made
 * as the server's do: spread over the history, today's before now.
 */
function reportTimes(ctx: LargeContext, count: number, historyDays: number): Float64Array {
  const { random, now } = ctx;
  const sinceMidnight = minutesBetween(localTime(now, 0, 0), now);
  const times = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const daysAgo = random.int(0, historyDays - 1);
    times[i] = (
      daysAgo === 0
        ? addMinutes(now, -random.int(0, sinceMidnight))
        : localTime(now, daysAgo, random.int(0, 23), random.int(0, 59))
    ).getTime();
  }
  return times.sort();
}

function incidentRecords(
  ctx: LargeContext,
  plan: IncidentPlan,
  incident: { site: LargeSite; number: number; reported: Date },
) {
  const { random } = ctx;
  const { site, number, reported } = incident;
  return incidentRows(random, ctx.now, {
    number: incidentNumber(number),
    category: random.pick(plan.categories),
    site,
    happened: addMinutes(reported, -random.int(5, 90)),
    createdAt: reported,
    guards: plan.guardsBySite.get(site.uuid) ?? [],
    staff: plan.staff,
    photos: plan.photos,
    newUuid: randomUUID,
  });
}

/**
 * `count` incidents spread over the sites that take reports, with their photos, numbered on from
 * the server's counter in the order they were reported: about HISTORY.daily a day back in time.
 */
export async function seedIncidents(
  ctx: LargeContext,
  count: number,
  options: LargeSites & { photos: readonly string[] },
): Promise<void> {
  if (count === 0) return;
  const sites = sitesWith(options.sites, 'reporting', 'incidents');
  const plan: IncidentPlan = {
    sites,
    categories: await loadCategories(ctx.db),
    guardsBySite: await guardsBySite(ctx.db, sites),
    staff: options.staff,
    photos: options.photos,
  };
  const times = reportTimes(ctx, count, daysOfHistory(count, HISTORY));
  const sitesInOrder = Array.from({ length: count }, () => ctx.random.pick(sites));
  const numbers = await numbersFor(ctx.db, sitesInOrder);
  await writeInTransactions(ctx, count, 'Incidents', async (trx, start, size) => {
    const records = Array.from({ length: size }, (_, i) =>
      incidentRecords(ctx, plan, {
        site: sitesInOrder[start + i] as LargeSite,
        number: numbers[start + i] ?? 0,
        reported: new Date(times[start + i] ?? 0),
      }),
    );
    await insertIncidentRows(trx, records);
  });
}
