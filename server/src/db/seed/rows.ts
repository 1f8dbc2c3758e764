import { distanceFromSite } from '../../modules/attendances/geofence';
import { dueOutAtText } from '../../modules/visitors/visitors.repository';
import type { DB } from '../database';
import { localDate, toDbTime } from '../time';
import { addMinutes, localTime, minutesBetween } from './calendar';
import { insertInBatches } from './insert';
import { carPlate, phoneNumber, randomPerson, streetAddress, unitName } from './malaysia';
import { nearby, type Random } from './random';

/** Row builders shared by the demo and the large seed. Ids come from the caller. */

const FORGETS_TO_CHECK_OUT = 0.03;
/** Share of guards who are Nepalese or Bangladeshi, as is common in Malaysian security work. */
const FOREIGN_GUARDS = 0.35;

export interface Shift {
  checkin: Date;
  checkout: Date | null;
}

export interface Place {
  uuid: string;
  lat: number;
  lng: number;
}

/** A live guard with a generated identity; PIN and photo are the caller's choice. */
export function guardRow(
  random: Random,
  now: Date,
  guard: {
    uuid: string;
    number: number;
    companyUuid: string;
    pin: string | null;
    photo: string | null;
  },
) {
  const person = randomPerson(random, now, FOREIGN_GUARDS);
  const number = String(guard.number).padStart(4, '0');
  const createdAt = toDbTime(
    localTime(now, random.int(20, 600), random.int(8, 18), random.int(0, 59)),
  );
  return {
    uuid: guard.uuid,
    guard_id: `G-${number}`,
    name: person.name,
    email: random.chance(0.85) ? `${person.handle}${number}@mail.example.com` : null,
    address: streetAddress(random),
    contact_number: phoneNumber(random),
    ic_passport_number: person.icPassportNumber,
    nationality: person.nationality,
    birthdate: person.birthdate,
    is_active: random.chance(0.95) ? 1 : 0,
    security_company_uuid: guard.companyUuid,
    pin: guard.pin,
    photo_file_uuid: guard.photo,
    created_at: createdAt,
    updated_at: createdAt,
    deleted_at: null as string | null,
  };
}

/**
 * A shift starting around the guard's usual hour and lasting 8 to 12 hours. A few guards forget
 * to check out; a shift not over by `now` has no check-out yet.
 */
export function regularShift(random: Random, now: Date, daysAgo: number, startHour: number): Shift {
  const checkin = localTime(now, daysAgo, startHour - 1, random.int(30, 89));
  const checkout = addMinutes(checkin, random.int(8 * 60, 12 * 60));
  const forgot = random.chance(FORGETS_TO_CHECK_OUT);
  return { checkin, checkout: forgot || checkout > now ? null : checkout };
}

/**
 * Check-in and check-out with a selfie each and GPS near the site, with the distance from it as
 * the guard door records it; created when checked in.
 */
export function attendanceRow(
  random: Random,
  attendance: {
    uuid: string;
    guardUuid: string;
    site: Place;
    shift: Shift;
    selfies: readonly string[];
  },
) {
  const { site, shift, selfies } = attendance;
  const out = shift.checkout;
  const checkin = { lat: nearby(random, site.lat), lng: nearby(random, site.lng) };
  const checkout = out ? { lat: nearby(random, site.lat), lng: nearby(random, site.lng) } : null;
  return {
    uuid: attendance.uuid,
    guard_uuid: attendance.guardUuid,
    residence_uuid: site.uuid,
    checkin_at: toDbTime(shift.checkin),
    checkout_at: out ? toDbTime(out) : null,
    checkin_lat: checkin.lat,
    checkin_lng: checkin.lng,
    checkout_lat: checkout?.lat ?? null,
    checkout_lng: checkout?.lng ?? null,
    checkin_photo_file_uuid: random.pick(selfies),
    checkout_photo_file_uuid: out ? random.pick(selfies) : null,
    checkin_distance_m: distanceFromSite(site, checkin),
    checkout_distance_m: distanceFromSite(site, checkout),
    created_at: toDbTime(shift.checkin),
  };
}

/** Logins that create visitor passes and report incidents, by company. */
export type StaffByCompany = ReadonlyMap<string, readonly string[]>;

/** One of the company's logins, or none (made by the system) when it has none. */
export function pickStaff(
  random: Random,
  staff: StaffByCompany,
  companyUuid: string,
): string | null {
  const logins = staff.get(companyUuid);
  return logins && logins.length > 0 ? random.pick(logins) : null;
}

/** A repeating pass is valid for 30 days from its date; a one-time pass for its day. */
const REPEAT_WINDOW_DAYS = 30;
/** Index is Date.getDay(): Sunday first. */
const WEEKDAYS = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'];

export type ScanType = 'IN' | 'OUT';

/** What a pass is for and what happened at the gate: its window on its day, and its scans. */
export interface Visit {
  status: string;
  scans: { type: ScanType; at: Date }[];
  start: Date;
  end: Date;
}

/**
 * How past passes turned out, as cumulative shares of one roll: below `scannedOut` the visitor
 * was scanned in and out, below `inside` only in (and still counts as inside), below `expired`
 * the pass expired unused, below `invalid` it was made invalid; the rest were cancelled.
 */
export interface PastOutcomes {
  scannedOut: number;
  inside: number;
  expired: number;
  invalid: number;
}

/** A window of one to four hours on the pass's day, starting on the hour or half hour. */
function passWindow(random: Random, now: Date, daysAgo: number, startHour: number) {
  const start = localTime(now, daysAgo, startHour, random.pick([0, 30]));
  const end = addMinutes(start, random.int(1, 4) * 60);
  return {
    start,
    end: end.getDate() === start.getDate() ? end : localTime(now, daysAgo, 23, 59),
  };
}

function pastVisit(random: Random, now: Date, daysAgo: number, outcomes: PastOutcomes): Visit {
  const window = passWindow(random, now, daysAgo, random.int(8, 20));
  const arrived = addMinutes(window.start, random.int(-15, 45));
  const roll = random.next();
  if (roll < outcomes.inside) {
    const scans: Visit['scans'] = [{ type: 'IN', at: arrived }];
    if (roll < outcomes.scannedOut) {
      scans.push({ type: 'OUT', at: addMinutes(arrived, random.int(15, 180)) });
    }
    return { status: 'VALID', scans, ...window };
  }
  const status =
    roll < outcomes.expired ? 'EXPIRED' : roll < outcomes.invalid ? 'INVALID' : 'CANCELLED';
  return { status, scans: [], ...window };
}

/** Today's passes: some still expected, some inside now, some come and gone. */
function todaysVisit(random: Random, now: Date): Visit {
  const roll = random.next();
  if (roll < 0.45) {
    const { start, end } = passWindow(random, now, 0, random.int(8, 21));
    const status = roll < 0.05 ? 'CANCELLED' : roll < 0.08 ? 'INVALID' : 'VALID';
    return { status, scans: [], start, end };
  }
  const sinceMidnight = minutesBetween(localTime(now, 0, 0), now);
  const arrived = addMinutes(now, -Math.min(random.int(30, 300), sinceMidnight));
  const { start, end } = passWindow(
    random,
    now,
    0,
    Math.max(0, arrived.getHours() - random.int(0, 1)),
  );
  const scans: Visit['scans'] = [{ type: 'IN', at: arrived }];
  if (roll > 0.75) {
    scans.push({
      type: 'OUT',
      at: addMinutes(arrived, Math.floor(minutesBetween(arrived, now) * random.next())),
    });
  }
  return { status: 'VALID', scans, start, end };
}

function upcomingVisit(random: Random, now: Date, daysAgo: number): Visit {
  const { start, end } = passWindow(random, now, daysAgo, random.int(8, 21));
  return { status: random.chance(0.9) ? 'VALID' : 'CANCELLED', scans: [], start, end };
}

/** A pass for the day `daysAgo` days before today (negative: ahead); past ones per `outcomes`. */
export function planVisit(
  random: Random,
  now: Date,
  daysAgo: number,
  outcomes: PastOutcomes,
): Visit {
  if (daysAgo > 0) return pastVisit(random, now, daysAgo, outcomes);
  return daysAgo === 0 ? todaysVisit(random, now) : upcomingVisit(random, now, daysAgo);
}

/** A site that takes visitors, as the pass rows need it. */
export interface VisitorSite {
  uuid: string;
  companyUuid: string;
  hdf: boolean;
  unitUuids: readonly string[];
}

const hhmmss = (date: Date) => date.toTimeString().slice(0, 8);

/** Weekdays of a repeating pass, always including the day of its date, in week order. */
function repeatDays(random: Random, date: Date): string {
  const days = new Set([date.getDay(), ...random.sample([0, 1, 2, 3, 4, 5, 6], random.int(1, 3))]);
  const mondayFirst = (day: number) => (day + 6) % 7;
  return [...days]
    .sort((a, b) => mondayFirst(a) - mondayFirst(b))
    .map((day) => WEEKDAYS[day])
    .join(',');
}

/** Sites without the health declaration form record a temperature at the gate, mostly normal. */
function gateTemperature(random: Random): number {
  return random.chance(0.9) ? random.float(36.0, 37.4, 1) : random.float(37.6, 38.4, 1);
}

/** The pass was made a little before the visit, but never after now. */
export function passCreatedAt(random: Random, now: Date, visit: Visit): Date {
  const first = visit.scans[0]?.at ?? visit.start;
  const before = first < now ? first : now;
  return addMinutes(before, -random.int(30, 3 * 24 * 60));
}

/** One or two health declarations for a pass at a site with the form; some stale temperatures. */
function healthApplicationRows(
  random: Random,
  now: Date,
  application: { visitorUuid: string; createdAt: Date; newUuid: () => string },
) {
  return Array.from({ length: random.int(1, 2) }, (_, i) => {
    const applied = addMinutes(application.createdAt, i * random.int(60, 600));
    const roll = random.next();
    return {
      uuid: application.newUuid(),
      visitor_uuid: application.visitorUuid,
      status: roll < 0.6 ? 'APPROVED' : roll < 0.75 ? 'REJECTED' : 'PENDING',
      qrcode_expired_at: toDbTime(addMinutes(applied, 24 * 60)),
      creator_temp: gateTemperature(random),
      // Older than 15 days, a temperature turns the health code orange.
      creator_temp_updated_at: toDbTime(
        random.chance(0.3) ? localTime(now, random.int(15, 40), random.int(8, 20)) : applied,
      ),
      created_at: toDbTime(applied),
    };
  });
}

/**
 * A visitor pass with its scans and, at sites with the health declaration form, its
 * applications: `checkpoint_times` and `latest_scan_type` follow the scans, and a login of the
 * site's company made it. `category` is one of VISITOR_CATEGORIES. `createdAt` defaults to
 * passCreatedAt; `qrCode` must give an unused code. The order of the random draws, `qrCode`'s
 * among them, is fixed: the demo's passes depend on it.
 */
export function visitorRows(
  random: Random,
  now: Date,
  pass: {
    site: VisitorSite;
    visit: Visit;
    category: string;
    createdAt?: Date;
    qrCode: () => string;
    staff: StaffByCompany;
    walkInPhotos: readonly string[];
    newUuid: () => string;
  },
) {
  const { site, visit, category } = pass;
  const repeating = category !== 'Taxi/E-hailing' && random.chance(0.2);
  const walkIn = visit.scans.length > 0 && random.chance(0.4);
  const createdAt = pass.createdAt ?? passCreatedAt(random, now, visit);
  const lastScan = visit.scans.at(-1);
  const visitor = {
    uuid: pass.newUuid(),
    residence_uuid: site.uuid,
    unit_uuid: site.unitUuids.length > 0 ? random.pick(site.unitUuids) : null,
    name: randomPerson(random, now, 0.1).name,
    car_plate_number:
      category === 'Visitor' && random.chance(0.2)
        ? ''
        : carPlate(random, category === 'Taxi/E-hailing'),
    phone_number: phoneNumber(random),
    category,
    type: walkIn ? 'WALKIN' : 'VISITOR',
    repeat_type: repeating ? 'REPEAT' : 'ONE_TIME',
    repeat_days: repeating ? repeatDays(random, visit.start) : '',
    date: localDate(visit.start),
    start_time: hhmmss(visit.start),
    end_time: hhmmss(visit.end),
    checkpoint_times: visit.scans.length,
    status: visit.status,
    latest_scan_type: (lastScan?.type ?? null) as ScanType | null,
    due_out_at:
      lastScan?.type === 'IN'
        ? dueOutAtText(
            {
              date: localDate(visit.start),
              start_time: hhmmss(visit.start),
              end_time: hhmmss(visit.end),
            },
            lastScan.at,
          )
        : null,
    qr_code: pass.qrCode(),
    walkin_photo: JSON.stringify(walkIn ? random.sample(pass.walkInPhotos, random.int(1, 2)) : []),
    hdf: site.hdf && random.chance(0.15) ? random.pick(['APPROVED', 'PENDING']) : null,
    visitor_temp:
      !site.hdf && visit.scans.length > 0 && random.chance(0.7) ? gateTemperature(random) : null,
    health_code:
      site.hdf && random.chance(0.5) ? `HC${random.letters(2)}${random.digits(6)}` : null,
    qrcode_expired_at: toDbTime(
      repeating ? addMinutes(visit.end, REPEAT_WINDOW_DAYS * 24 * 60) : visit.end,
    ),
    created_by: pickStaff(random, pass.staff, site.companyUuid),
    created_at: toDbTime(createdAt),
    updated_at: toDbTime(lastScan?.at ?? createdAt),
    deleted_at: null as string | null,
  };
  const scans = visit.scans.map((scan) => ({
    uuid: pass.newUuid(),
    visitor_uuid: visitor.uuid,
    scan_type: scan.type,
    created_at: toDbTime(scan.at),
  }));
  const applications =
    site.hdf && random.chance(0.85)
      ? healthApplicationRows(random, now, {
          visitorUuid: visitor.uuid,
          createdAt,
          newUuid: pass.newUuid,
        })
      : [];
  return { visitor, scans, applications };
}

type VisitorRows = ReturnType<typeof visitorRows>;

/** Writes passes made by visitorRows. */
export async function insertVisitorRows(db: DB, records: readonly VisitorRows[]): Promise<void> {
  const visitors = records.map((record) => record.visitor);
  const scans = records.flatMap((record) => record.scans);
  const applications = records.flatMap((record) => record.applications);
  await insertInBatches(db, 'visitors', visitors);
  await insertInBatches(db, 'visitor_pass_scans', scans);
  await insertInBatches(db, 'health_applications', applications);
}

const PENDING_REMARK = 'Under observation; management office informed.';
/** Share of incidents a guard posted at the site reports, when it has one; staff report the rest. */
const GUARD_REPORTED = 0.75;

/** Where on a site something happened, so that descriptions differ beyond their category. */
const INCIDENT_PLACES: readonly ((random: Random) => string)[] = [
  (random) => `Near unit ${unitName(random)}.`,
  (random) => `Block ${random.pick(['A', 'B', 'C'])}, level ${random.int(1, 38)}.`,
  (random) => `Car park level P${random.int(1, 4)}, bay ${random.int(1, 400)}.`,
  (random) => `Seen on CCTV camera ${random.int(1, 64)}.`,
  (random) => random.pick(['Main gate.', 'Side gate.', 'Guardhouse.', 'Lobby.', 'Pool deck.']),
];

export interface IncidentCategory {
  uuid: string;
  descriptions: readonly string[];
  action: string;
}

/**
 * An incident with one to four of `photos`: mostly resolved once older than a week, mostly open
 * before; located near the site nine times in ten; mostly reported by one of `guards` (posted at
 * the site), otherwise by a login of the site's company. The description says where on the site
 * unless `placeInDescription` is false. The order of the random draws is fixed: the demo's
 * incidents depend on it.
 */
export function incidentRows(
  random: Random,
  now: Date,
  incident: {
    number: string;
    category: IncidentCategory;
    site: Place & { companyUuid: string };
    happened: Date;
    createdAt: Date;
    guards: readonly string[];
    staff: StaffByCompany;
    photos: readonly string[];
    newUuid: () => string;
    placeInDescription?: boolean;
  },
) {
  const { category, site, guards } = incident;
  const ageDays = minutesBetween(incident.happened, now) / (24 * 60);
  const resolved = random.chance(ageDays > 7 ? 0.85 : 0.3);
  const located = random.chance(0.9);
  const uuid = incident.newUuid();
  const lat = located ? nearby(random, site.lat) : null;
  const lng = located ? nearby(random, site.lng) : null;
  const what = random.pick(category.descriptions);
  const description =
    incident.placeInDescription === false
      ? what
      : `${what} ${random.pick(INCIDENT_PLACES)(random)}`;
  const actionsTaken = resolved ? category.action : random.chance(0.6) ? PENDING_REMARK : '';
  const byGuard = guards.length > 0 && random.chance(GUARD_REPORTED);
  const row = {
    uuid,
    kg_incident_id: incident.number,
    number_sequence: site.companyUuid,
    category_uuid: category.uuid,
    residence_uuid: site.uuid,
    incident_date: toDbTime(incident.happened),
    lat,
    lng,
    description,
    actions_taken: actionsTaken,
    status: resolved ? ('RESOLVED' as const) : ('PENDING' as const),
    reported_by_guard_uuid: byGuard ? random.pick(guards) : null,
    reported_by_user_uuid: byGuard ? null : pickStaff(random, incident.staff, site.companyUuid),
    created_at: toDbTime(incident.createdAt),
    updated_at: toDbTime(incident.createdAt),
    deleted_at: null as string | null,
  };
  const files = random
    .sample(incident.photos, random.int(1, 4))
    .map((file_uuid, position) => ({ incident_uuid: row.uuid, file_uuid, position }));
  return { incident: row, files };
}

type IncidentRows = ReturnType<typeof incidentRows>;

/** Writes incidents made by incidentRows. */
export async function insertIncidentRows(db: DB, records: readonly IncidentRows[]): Promise<void> {
  const incidents = records.map((record) => record.incident);
  const files = records.flatMap((record) => record.files);
  await insertInBatches(db, 'incidents', incidents);
  await insertInBatches(db, 'incident_files', files);
}
