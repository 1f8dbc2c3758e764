import { incidentNumber } from '../../modules/incidents/incidents.repository';
import { addMinutes, localTime, minutesBetween } from './calendar';
import { INCIDENT_CATEGORIES } from './demo-catalogue';
import type { DemoContext, SeededGuard, SeededSite } from './demo-context';
import {
  type IncidentCategory,
  incidentRows,
  insertIncidentRows,
  type StaffByCompany,
} from './rows';

const INCIDENT_COUNT = 150;
/** The first few incidents happen today, so that the dashboard's 'New Today' is never empty. */
const INCIDENTS_TODAY = 5;
const INCIDENT_DAYS = 60;

interface IncidentPlan {
  categories: readonly IncidentCategory[];
  guardsBySite: ReadonlyMap<string, readonly string[]>;
  staff: StaffByCompany;
  photos: readonly string[];
}

/** The categories every install starts with (a migration makes them), with the demo's texts. */
async function loadCategories(ctx: DemoContext): Promise<IncidentCategory[]> {
  const rows = await ctx.db.selectFrom('incident_categories').select(['uuid', 'name']).execute();
  const uuidByName = new Map(rows.map((row) => [row.name, row.uuid]));
  return INCIDENT_CATEGORIES.map((entry) => {
    const uuid = uuidByName.get(entry.name);
    if (!uuid) throw new Error(`The incident category ${entry.name} is missing.`);
    return { ...entry, uuid };
  });
}

function guardsBySite(guards: readonly SeededGuard[]): Map<string, string[]> {
  const bySite = new Map<string, string[]>();
  for (const guard of guards.filter((candidate) => !candidate.deleted)) {
    for (const site of guard.siteUuids) bySite.set(site, [...(bySite.get(site) ?? []), guard.uuid]);
  }
  return bySite;
}

function happenedAt(ctx: DemoContext, index: number): Date {
  const { random, now } = ctx;
  if (index >= INCIDENTS_TODAY) {
    return localTime(now, random.int(1, INCIDENT_DAYS - 1), random.int(0, 23), random.int(0, 59));
  }
  const sinceMidnight = minutesBetween(localTime(now, 0, 0), now);
  return addMinutes(now, -random.int(0, Math.min(600, sinceMidnight)));
}

function incidentRecords(ctx: DemoContext, plan: IncidentPlan, site: SeededSite, index: number) {
  const { random, now } = ctx;
  const category = random.pick(plan.categories);
  const happened = happenedAt(ctx, index);
  const reportedAt = addMinutes(happened, random.int(5, 90));
  return incidentRows(random, now, {
    // Numbered once all are made, in the order they were reported.
    number: '',
    category,
    site,
    happened,
    createdAt: reportedAt < now ? reportedAt : now,
    guards: plan.guardsBySite.get(site.uuid) ?? [],
    staff: plan.staff,
    photos: plan.photos,
    newUuid: () => random.uuid(),
    // The demo's descriptions are the catalogue's sentences as they stand.
    placeInDescription: false,
  });
}

/** Incidents at the sites that take reports, numbered INC-000001 onwards in the order they were made. */
export async function seedIncidents(
  ctx: DemoContext,
  options: {
    sites: readonly SeededSite[];
    guards: readonly SeededGuard[];
    staff: StaffByCompany;
    photos: readonly string[];
  },
): Promise<void> {
  const plan: IncidentPlan = {
    categories: await loadCategories(ctx),
    guardsBySite: guardsBySite(options.guards),
    staff: options.staff,
    photos: options.photos,
  };
  const reportingSites = options.sites.filter((site) => site.reporting);
  const records = Array.from({ length: INCIDENT_COUNT }, (_, i) =>
    incidentRecords(ctx, plan, ctx.random.pick(reportingSites), i),
  ).sort((a, b) => a.incident.created_at.localeCompare(b.incident.created_at));
  // Numbered per company, in the order they were reported, as the server numbers them.
  const lastNumber = new Map<string, number>();
  for (const { incident } of records) {
    const number = (lastNumber.get(incident.number_sequence) ?? 0) + 1;
    lastNumber.set(incident.number_sequence, number);
    incident.kg_incident_id = incidentNumber(number);
  }
  await insertIncidentRows(ctx.db, records);
}
