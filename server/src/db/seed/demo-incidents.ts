import { toDbTime } from '../time';
import { addMinutes, localTime, minutesBetween } from './calendar';
import { INCIDENT_CATEGORIES, type IncidentCategoryEntry } from './demo-catalogue';
import type { DemoContext, SeededGuard, SeededSite, StaffByCompany } from './demo-context';
import { insertInBatches } from './insert';
import { nearby } from './random';

const INCIDENT_COUNT = 150;
/** The first few incidents happen today, so that the dashboard's 'New Today' is never empty. */
const INCIDENTS_TODAY = 5;
const INCIDENT_DAYS = 60;
const PENDING_REMARK = 'Under observation; management office informed.';

interface Category extends IncidentCategoryEntry {
  uuid: string;
}

interface IncidentContext extends DemoContext {
  categories: readonly Category[];
  guardsBySite: ReadonlyMap<string, readonly string[]>;
  staff: StaffByCompany;
  photos: readonly string[];
}

/** The categories every install starts with (a migration makes them), with the demo's texts. */
async function loadCategories(ctx: DemoContext): Promise<Category[]> {
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

/** Mostly reported by a guard posted at the site, otherwise by a login of the site's company. */
function reporter(ctx: IncidentContext, site: SeededSite) {
  const guards = ctx.guardsBySite.get(site.uuid) ?? [];
  if (guards.length > 0 && ctx.random.chance(0.75)) {
    return { reported_by_guard_uuid: ctx.random.pick(guards), reported_by_user_uuid: null };
  }
  return {
    reported_by_guard_uuid: null,
    reported_by_user_uuid: ctx.random.pick(ctx.staff.get(site.companyUuid) ?? [null]),
  };
}

function incidentRecords(ctx: IncidentContext, site: SeededSite, index: number) {
  const { random, now } = ctx;
  const category = random.pick(ctx.categories);
  const happened = happenedAt(ctx, index);
  const reportedAt = addMinutes(happened, random.int(5, 90));
  const createdAt = reportedAt < now ? reportedAt : now;
  // Older incidents have mostly been dealt with; recent ones are mostly still open.
  const ageDays = minutesBetween(happened, now) / (24 * 60);
  const resolved = random.chance(ageDays > 7 ? 0.85 : 0.3);
  const located = random.chance(0.9);
  const incident = {
    uuid: random.uuid(),
    kg_incident_id: '',
    category_uuid: category.uuid,
    residence_uuid: site.uuid,
    incident_date: toDbTime(happened),
    lat: located ? nearby(random, site.lat) : null,
    lng: located ? nearby(random, site.lng) : null,
    description: random.pick(category.descriptions),
    actions_taken: resolved ? category.action : random.chance(0.6) ? PENDING_REMARK : '',
    status: resolved ? ('RESOLVED' as const) : ('PENDING' as const),
    ...reporter(ctx, site),
    created_at: toDbTime(createdAt),
    updated_at: toDbTime(createdAt),
    deleted_at: null,
  };
  const files = random.sample(ctx.photos, random.int(1, 4)).map((file_uuid, position) => ({
    incident_uuid: incident.uuid,
    file_uuid,
    position,
  }));
  return { incident, files };
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
  const incidentCtx: IncidentContext = {
    ...ctx,
    categories: await loadCategories(ctx),
    guardsBySite: guardsBySite(options.guards),
    staff: options.staff,
    photos: options.photos,
  };
  const reportingSites = options.sites.filter((site) => site.reporting);
  const records = Array.from({ length: INCIDENT_COUNT }, (_, i) =>
    incidentRecords(incidentCtx, ctx.random.pick(reportingSites), i),
  ).sort((a, b) => a.incident.created_at.localeCompare(b.incident.created_at));
  records.forEach(({ incident }, i) => {
    incident.kg_incident_id = `INC-${String(i + 1).padStart(6, '0')}`;
  });
  await insertInBatches(
    ctx.db,
    'incidents',
    records.map((record) => record.incident),
  );
  await insertInBatches(
    ctx.db,
    'incident_files',
    records.flatMap((record) => record.files),
  );
}
