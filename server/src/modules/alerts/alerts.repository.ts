import { randomUUID } from 'node:crypto';
import {
  sql,
  type Expression,
  type Insertable,
  type Kysely,
  type SqlBool,
  type Transaction,
} from 'kysely';
import type { Alert, AlertKind, AlertPreference, AlertPreferenceBody } from '@contract/alerts';
import type { Principal } from '../../auth/principal';
import { atLiveSite, siteScope } from '../../auth/scope';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import { addDays, localClock, localDate, toDbTime } from '../../db/time';
import {
  checkpointNames,
  completionBySite,
  scannedOn,
  type PatrolAlertRow,
} from '../patrols/patrols.repository';

type Db = Kysely<Database> | Transaction<Database>;

/** Rows per statement: few statements for a minute's thousands, within both engines' limits. */
const CHUNK = 2_000;

export const SHIFT_ALERT_KINDS = ['late', 'no_show'] as const;
export const LICENCE_ALERT_KINDS = ['licence_expiring', 'licence_expired'] as const;
/** How many days before a company's licence expires its users are warned. */
export const LICENCE_WARNING_DAYS = 30;

/** The alerts' words: one line each, as the bell, the digest and a WhatsApp share show them. */
export const ALERT_MESSAGES = {
  late: (guard: string, minutes: number, shift: string, site: string) =>
    `${guard} is late (${minutes} min) for ${shift} at ${site}`,
  noShow: (guard: string, shift: string, site: string) =>
    `${guard} is a no-show for ${shift} at ${site}`,
  unstaffed: (shift: string, site: string) =>
    `Nobody started ${shift} at ${site}: no guard is rostered for it`,
  licenceExpiring: (company: string, date: string) =>
    `The licence of ${company} expires on ${date}: renew it and update its License Expiry Date`,
  licenceExpired: (company: string, date: string) =>
    `The licence of ${company} expired on ${date}: renew it and update its License Expiry Date`,
  roundMissed: (round: string, due: string, site: string) =>
    `${round} due at ${due} at ${site} was missed: nobody started it`,
  checkpointsMissed: (
    round: string,
    due: string,
    site: string,
    missed: readonly string[],
    total: number,
    guard: string | null,
  ) =>
    `${round} due at ${due} at ${site}${guard ? ` (${guard})` : ''}: ${missed.length} of ${total} checkpoints missed: ${missed.join(', ')}`,
  completionLow: (site: string, percent: number, threshold: number) =>
    `Patrols at ${site} last night: ${percent}% of checkpoints scanned, under ${threshold}%`,
  sos: (guard: string, site: string, time: string, position: string | null) =>
    `SOS from ${guard} at ${site}, ${time}${position ? `: ${position}` : ''}`,
} as const;

/** A map link of a phone's position, as an SOS carries it. */
export const mapLink = (lat: number, lng: number) =>
  `https://maps.google.com/?q=${lat.toFixed(6)},${lng.toFixed(6)}`;

/** 'DD/MM/YYYY' of 'YYYY-MM-DD', as the console writes dates. */
const shownDate = (date: string) => date.split('-').reverse().join('/');

/** What a shift's alert is written from. */
export interface ShiftAlertRow {
  uuid: string;
  name: string;
  starts_at: string;
  ends_at: string;
  residence_uuid: string;
  guard_uuid: string | null;
  late_minutes: number | null;
  residence_name: string;
  security_company_uuid: string | null;
  guard_name: string | null;
}

/** Shifts with what their alerts say: their site's and guard's names. */
export function shiftAlertRows(db: Db) {
  return db
    .selectFrom('shifts')
    .innerJoin('residences', 'residences.uuid', 'shifts.residence_uuid')
    .leftJoin('guards', 'guards.uuid', 'shifts.guard_uuid')
    .select([
      'shifts.uuid',
      'shifts.name',
      'shifts.starts_at',
      'shifts.ends_at',
      'shifts.residence_uuid',
      'shifts.guard_uuid',
      'shifts.late_minutes',
      'residences.name as residence_name',
      'residences.security_company_uuid',
      'guards.name as guard_name',
    ]);
}

/**
 * Raises the alert of each of these shifts for `kind`, once: the dedupe key
 * `shift:<uuid>:<kind>` is unique, so a second raise (another process, a restart) adds nothing.
 * Within the caller's transaction. Answers how many were new.
 */
export async function raiseShiftAlerts(
  db: Db,
  shiftUuids: readonly string[],
  kind: 'late' | 'no_show',
  now: Date,
): Promise<number> {
  const rows: ShiftAlertRow[] = [];
  for (let i = 0; i < shiftUuids.length; i += CHUNK) {
    rows.push(
      ...(await shiftAlertRows(db)
        .where('shifts.uuid', 'in', shiftUuids.slice(i, i + CHUNK))
        .execute()),
    );
  }
  return insertShiftAlerts(db, rows, kind, now);
}

/**
 * An alert as the digest reads it. The watch takes the alerts it raises for its own digest as it
 * writes them (`digested` 1 at once, answered by the insert): a minute of thousands of alerts is
 * then not written twice. Alerts raised elsewhere (a late start at the kiosk) wait with `digested`
 * 0 for the next run's claim.
 */
export interface TakenAlert {
  uuid: string;
  kind: string;
  security_company_uuid: string | null;
  residence_uuid: string | null;
  message: string;
  created_at: string;
}
const TAKEN_COLUMNS = [
  'uuid',
  'kind',
  'security_company_uuid',
  'residence_uuid',
  'message',
  'created_at',
] as const;

/** Inserts alerts, each once (their unique dedupe key), taken into `taken` when it is given. */
async function insertAlerts(
  db: Db,
  values: ReadonlyArray<Insertable<Database['alerts']>>,
  taken: TakenAlert[] | undefined,
): Promise<number> {
  let raised = 0;
  for (let i = 0; i < values.length; i += CHUNK) {
    const chunk = values.slice(i, i + CHUNK);
    if (taken) {
      const inserted = await db
        .insertInto('alerts')
        .values(chunk.map((value) => ({ ...value, digested: 1 })))
        .onConflict((oc) => oc.column('dedupe_key').doNothing())
        .returning(TAKEN_COLUMNS)
        .execute();
      taken.push(...inserted);
      raised += inserted.length;
    } else {
      const inserted = await db
        .insertInto('alerts')
        .values(chunk)
        .onConflict((oc) => oc.column('dedupe_key').doNothing())
        .executeTakeFirst();
      raised += Number(inserted.numInsertedOrUpdatedRows ?? 0);
    }
  }
  return raised;
}

/**
 * Inserts the alerts of these shifts for `kind`, each once (see raiseShiftAlerts); with `taken`,
 * taken for the caller's digest (TakenAlert).
 */
export async function insertShiftAlerts(
  db: Db,
  rows: readonly ShiftAlertRow[],
  kind: 'late' | 'no_show',
  now: Date,
  taken?: TakenAlert[],
): Promise<number> {
  // A minute's shifts share a few times: each is turned into local time once.
  const clocks = new Map<string, string>();
  const clock = (stored: string) => {
    let text = clocks.get(stored);
    if (text === undefined) {
      text = localClock(stored);
      clocks.set(stored, text);
    }
    return text;
  };
  const createdAt = toDbTime(now);
  const values = rows.map((row) => {
    const shift = `${row.name} ${clock(row.starts_at)}–${clock(row.ends_at)}`;
    const message =
      row.guard_name === null
        ? ALERT_MESSAGES.unstaffed(shift, row.residence_name)
        : kind === 'late'
          ? ALERT_MESSAGES.late(
              row.guard_name,
              Number(row.late_minutes ?? 0),
              shift,
              row.residence_name,
            )
          : ALERT_MESSAGES.noShow(row.guard_name, shift, row.residence_name);
    return {
      uuid: randomUUID(),
      kind,
      dedupe_key: `shift:${row.uuid}:${kind}`,
      security_company_uuid: row.security_company_uuid,
      residence_uuid: row.residence_uuid,
      shift_uuid: row.uuid,
      guard_uuid: row.guard_uuid,
      message,
      created_at: createdAt,
    };
  });
  return insertAlerts(db, values, taken);
}

/**
 * Raises the licence alerts due at `now`: a live company's License Expiry Date within
 * LICENCE_WARNING_DAYS (expiring), or passed (expired), once per company, kind and date.
 */
export async function raiseLicenceAlerts(db: Db, now: Date, taken?: TakenAlert[]): Promise<number> {
  const today = localDate(now);
  const companies = await db
    .selectFrom('security_companies')
    .select(['uuid', 'name', 'license_expiry_date'])
    .where('deleted_at', 'is', null)
    .where('license_expiry_date', 'is not', null)
    .where('license_expiry_date', '<=', addDays(today, LICENCE_WARNING_DAYS))
    .execute();
  const values = companies.flatMap((company) => {
    const date = company.license_expiry_date?.slice(0, 10) ?? '';
    if (!date) return [];
    const kind: AlertKind = date < today ? 'licence_expired' : 'licence_expiring';
    return [
      {
        uuid: randomUUID(),
        kind,
        dedupe_key: `licence:${company.uuid}:${kind}:${date}`,
        security_company_uuid: company.uuid,
        residence_uuid: null,
        shift_uuid: null,
        guard_uuid: null,
        message:
          kind === 'licence_expired'
            ? ALERT_MESSAGES.licenceExpired(company.name, shownDate(date))
            : ALERT_MESSAGES.licenceExpiring(company.name, shownDate(date)),
        created_at: toDbTime(now),
      },
    ];
  });
  return insertAlerts(db, values, taken);
}

/**
 * Raises the alert of each patrol closed missed or partly done (issue 38), once: its key
 * `patrol:<uuid>` is unique, so late scans that turn a missed patrol partly done add no second.
 */
export async function insertPatrolAlerts(
  db: Db,
  rows: readonly PatrolAlertRow[],
  now: Date,
  taken?: TakenAlert[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const partly = rows.filter((row) => row.state === 'partly_done');
  const scanned = await scannedOn(
    db,
    partly.map((row) => row.uuid),
  );
  const names = await checkpointNames(db, [
    ...new Set(partly.flatMap((row) => row.checkpoints.split(','))),
  ]);
  const createdAt = toDbTime(now);
  const values = rows.map((row) => {
    const kind: AlertKind = row.state === 'missed' ? 'round_missed' : 'checkpoints_missed';
    const due = localClock(row.due_at);
    const done = scanned.get(row.uuid) ?? new Set<string>();
    const missed = row.checkpoints
      .split(',')
      .filter((uuid) => !done.has(uuid))
      .map((uuid) => names.get(uuid) ?? '?');
    return {
      uuid: randomUUID(),
      kind,
      dedupe_key: `patrol:${row.uuid}`,
      security_company_uuid: row.security_company_uuid,
      residence_uuid: row.residence_uuid,
      shift_uuid: null,
      guard_uuid: row.guard_uuid,
      patrol_uuid: row.uuid,
      message:
        kind === 'round_missed'
          ? ALERT_MESSAGES.roundMissed(row.round_name, due, row.residence_name)
          : ALERT_MESSAGES.checkpointsMissed(
              row.round_name,
              due,
              row.residence_name,
              missed,
              Number(row.checkpoints_total),
              row.guard_name,
            ),
      created_at: createdAt,
    };
  });
  return insertAlerts(db, values, taken);
}

/**
 * Raises, for each live site whose patrols of the night ending at `nightEnd` scanned less of
 * their checkpoints than its company's threshold, one alert (key `completion:<site>:<date>`).
 */
export async function raiseCompletionAlerts(
  db: Db,
  night: { start: string; end: string; date: string },
  now: Date,
  taken?: TakenAlert[],
): Promise<number> {
  const sites = await completionBySite(db, night.start, night.end, toDbTime(now));
  const values = sites.flatMap((site) => {
    if (site.due === 0) return [];
    const percent = Math.floor((site.scanned * 100) / site.due);
    if (percent >= site.threshold) return [];
    return [
      {
        uuid: randomUUID(),
        kind: 'completion_low',
        dedupe_key: `completion:${site.residence_uuid}:${night.date}`,
        security_company_uuid: site.security_company_uuid,
        residence_uuid: site.residence_uuid,
        shift_uuid: null,
        guard_uuid: null,
        message: ALERT_MESSAGES.completionLow(site.residence_name, percent, site.threshold),
        created_at: toDbTime(now),
      },
    ];
  });
  return insertAlerts(db, values, taken);
}

const UNDIGESTED = sql<SqlBool>`alerts.digested = 0`;
/** Alerts about a site, for the people who run it: shifts' (issue 36) and patrols' (issue 38). */
const isShiftKind = sql<SqlBool>`alerts.kind in ('late', 'no_show', 'round_missed', 'checkpoints_missed', 'completion_low', 'sos')`;
const isLicenceKind = sql<SqlBool>`alerts.kind in ('licence_expiring', 'licence_expired')`;

/** The user has not turned this kind off for the alert's site (no row: every alert). */
function preferenceAllows(profileUuid: string): Expression<SqlBool> {
  return sql<SqlBool>`not exists (select 1 from alert_preferences as alert_pref where alert_pref.profile_uuid = ${profileUuid} and alert_pref.residence_uuid = alerts.residence_uuid and ((alerts.kind = 'late' and alert_pref.late = 0) or (alerts.kind = 'no_show' and alert_pref.no_show = 0)))`;
}

/**
 * The alerts a user gets: a shift's at a site of its scope (live), of a kind it has not turned off
 * there; a company's users also their company's licence alerts; the superadmin every company's
 * licence alerts (the watch's shift alerts go to the people who run the sites).
 */
export function alertScope(principal: Principal): Expression<SqlBool> {
  switch (principal.role) {
    case 'superadmin':
      return isLicenceKind;
    case 'securitycompany':
      return sql<SqlBool>`((${isLicenceKind} and alerts.security_company_uuid = ${principal.companyUuid}) or (${isShiftKind} and ${siteScope(principal, 'alerts.residence_uuid')} and ${atLiveSite('alerts.residence_uuid')} and ${preferenceAllows(principal.profileUuid)}))`;
    case 'sitesupervisor':
      return sql<SqlBool>`(${isShiftKind} and ${siteScope(principal, 'alerts.residence_uuid')} and ${atLiveSite('alerts.residence_uuid')} and ${preferenceAllows(principal.profileUuid)})`;
  }
}

export interface AlertRecipient {
  profileUuid: string;
  name: string;
  email: string;
}

export interface PendingDigest {
  recipient: AlertRecipient;
  alerts: Array<{ uuid: string; message: string; created_at: string }>;
}

/** Alerts of the console: listed, counted and read per user; preferences per user and site. */
export function createAlertsRepository(db: DB) {
  function visible(principal: Principal) {
    return db.selectFrom('alerts').where(alertScope(principal));
  }

  const readBy = (profileUuid: string) =>
    sql<SqlBool>`exists (select 1 from alert_reads where alert_reads.alert_uuid = alerts.uuid and alert_reads.profile_uuid = ${profileUuid})`;

  return {
    /** The user's alerts, newest first; `unread` only those it has not read. */
    async list(
      principal: Principal,
      page: { limit: number; offset: number; unread: boolean },
    ): Promise<{ resource: Alert[]; count: number }> {
      const base = visible(principal).$if(page.unread, (qb) =>
        qb.where(sql<SqlBool>`not ${readBy(principal.profileUuid)}`),
      );
      const [rows, counted] = await Promise.all([
        base
          .leftJoin('residences', 'residences.uuid', 'alerts.residence_uuid')
          .leftJoin('guards', 'guards.uuid', 'alerts.guard_uuid')
          .select([
            'alerts.uuid',
            'alerts.kind',
            'alerts.message',
            'alerts.security_company_uuid',
            'alerts.residence_uuid',
            'residences.name as residence_name',
            'alerts.shift_uuid',
            'alerts.patrol_uuid',
            'alerts.guard_uuid',
            'guards.name as guard_name',
            'alerts.created_at',
            'alerts.acknowledged_at',
            'alerts.acknowledged_by',
            readBy(principal.profileUuid).as('read'),
          ])
          .orderBy('alerts.created_at', 'desc')
          .orderBy('alerts.uuid', 'desc')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        resource: rows.map((row) => ({
          ...row,
          kind: row.kind as AlertKind,
          read: Boolean(row.read),
        })),
        count: Number(counted.n),
      };
    },

    async unreadCount(principal: Principal): Promise<number> {
      const row = await visible(principal)
        .where(sql<SqlBool>`not ${readBy(principal.profileUuid)}`)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * Raises a guard's SOS (issue 38), once per press (`key`, the phone's id of it): a press sent
     * again from the phone's queue is the same alert. Answers its uuid.
     */
    async raiseSos(sos: {
      guardUuid: string;
      guardName: string;
      site: { uuid: string; name: string; companyUuid: string | null };
      position: { lat: number; lng: number } | null;
      pressedAt: Date;
      key: string;
      now: Date;
    }): Promise<string> {
      const dedupe = `sos:${sos.guardUuid}:${sos.key}`;
      await db
        .insertInto('alerts')
        .values({
          uuid: randomUUID(),
          kind: 'sos',
          dedupe_key: dedupe,
          security_company_uuid: sos.site.companyUuid,
          residence_uuid: sos.site.uuid,
          shift_uuid: null,
          guard_uuid: sos.guardUuid,
          message: ALERT_MESSAGES.sos(
            sos.guardName,
            sos.site.name,
            localClock(toDbTime(sos.pressedAt)),
            sos.position ? mapLink(sos.position.lat, sos.position.lng) : null,
          ),
          created_at: toDbTime(sos.now),
        })
        .onConflict((oc) => oc.column('dedupe_key').doNothing())
        .execute();
      const row = await db
        .selectFrom('alerts')
        .select('uuid')
        .where('dedupe_key', '=', dedupe)
        .executeTakeFirstOrThrow();
      return row.uuid;
    },

    /** The SOS alerts the user sees that nobody has acknowledged, newest first. */
    async openSos(principal: Principal): Promise<Alert[]> {
      const rows = await visible(principal)
        .leftJoin('residences', 'residences.uuid', 'alerts.residence_uuid')
        .leftJoin('guards', 'guards.uuid', 'alerts.guard_uuid')
        .select([
          'alerts.uuid',
          'alerts.kind',
          'alerts.message',
          'alerts.security_company_uuid',
          'alerts.residence_uuid',
          'residences.name as residence_name',
          'alerts.shift_uuid',
          'alerts.patrol_uuid',
          'alerts.guard_uuid',
          'guards.name as guard_name',
          'alerts.created_at',
          'alerts.acknowledged_at',
          'alerts.acknowledged_by',
          readBy(principal.profileUuid).as('read'),
        ])
        .where('alerts.kind', '=', 'sos')
        .where('alerts.acknowledged_at', 'is', null)
        .orderBy('alerts.created_at', 'desc')
        .limit(20)
        .execute();
      return rows.map((row) => ({ ...row, kind: 'sos' as const, read: Boolean(row.read) }));
    },

    /** Acknowledges an open SOS the user sees; false when there is none such. */
    async acknowledge(principal: Principal, uuid: string, now: Date): Promise<boolean> {
      const found = await visible(principal)
        .select('alerts.uuid')
        .where('alerts.uuid', '=', uuid)
        .where('alerts.kind', '=', 'sos')
        .executeTakeFirst();
      if (!found) return false;
      await db
        .updateTable('alerts')
        .set({ acknowledged_at: toDbTime(now), acknowledged_by: principal.name })
        .where('uuid', '=', uuid)
        .where('acknowledged_at', 'is', null)
        .execute();
      return true;
    },

    /** Marks these alerts (those the user sees), or all it sees, read by the user. */
    async markRead(principal: Principal, which: { uuids?: string[]; all?: boolean }) {
      const query = visible(principal)
        .select(['alerts.uuid'])
        .where(sql<SqlBool>`not ${readBy(principal.profileUuid)}`)
        .$if(!which.all, (qb) => qb.where('alerts.uuid', 'in', which.uuids ?? []));
      const rows = await query.execute();
      for (let i = 0; i < rows.length; i += 500) {
        await db
          .insertInto('alert_reads')
          .values(
            rows
              .slice(i, i + 500)
              .map((row) => ({ profile_uuid: principal.profileUuid, alert_uuid: row.uuid })),
          )
          .onConflict((oc) => oc.columns(['profile_uuid', 'alert_uuid']).doNothing())
          .execute();
      }
      return rows.length;
    },

    /** One preference per live site of the user's scope that shift alerts come from. */
    async preferences(principal: Principal, residenceUuid?: string): Promise<AlertPreference[]> {
      if (principal.role === 'superadmin') return [];
      const rows = await db
        .selectFrom('residences')
        .leftJoin('alert_preferences', (join) =>
          join
            .onRef('alert_preferences.residence_uuid', '=', 'residences.uuid')
            .on('alert_preferences.profile_uuid', '=', principal.profileUuid),
        )
        .select([
          'residences.uuid as residence_uuid',
          'residences.name as residence_name',
          'alert_preferences.late',
          'alert_preferences.no_show',
          'alert_preferences.email',
        ])
        .where('residences.deleted_at', 'is', null)
        .where(siteScope(principal, 'residences.uuid'))
        .$if(residenceUuid !== undefined, (qb) =>
          qb.where('residences.uuid', '=', residenceUuid ?? ''),
        )
        .orderBy('residences.name')
        .orderBy('residences.uuid')
        .execute();
      return rows.map((row) => ({
        residence_uuid: row.residence_uuid,
        residence_name: row.residence_name,
        late: row.late === null ? true : Number(row.late) === 1,
        no_show: row.no_show === null ? true : Number(row.no_show) === 1,
        email: row.email === null ? true : Number(row.email) === 1,
      }));
    },

    async setPreference(profileUuid: string, residenceUuid: string, body: AlertPreferenceBody) {
      const values = {
        late: body.late ? 1 : 0,
        no_show: body.no_show ? 1 : 0,
        email: body.email ? 1 : 0,
      };
      await db
        .insertInto('alert_preferences')
        .values({ profile_uuid: profileUuid, residence_uuid: residenceUuid, ...values })
        .onConflict((oc) => oc.columns(['profile_uuid', 'residence_uuid']).doUpdateSet(values))
        .execute();
    },
  };
}

export type AlertsRepository = ReturnType<typeof createAlertsRepository>;

/**
 * The digests due at `now`: the alerts this run took as it raised them (`taken`), with the alerts
 * of the last day not yet digested, taken here (the update that turns `digested` to 1 answers the
 * rows it turned, so of two runs at once each alert goes to one), and for each live, active user
 * the taken alerts it gets by email. Taken alerts are mailed at most once: a mail that fails is not
 * sent again (the alert stays in the console).
 */
export async function claimDigests(
  db: DB,
  now: Date,
  taken: readonly TakenAlert[] = [],
): Promise<PendingDigest[]> {
  const since = toDbTime(new Date(now.getTime() - 24 * 3_600_000));
  // A literal 0, so SQLite sees that the partial index alerts_undigested fits.
  const pending = await db
    .selectFrom('alerts')
    .select('uuid')
    .where(UNDIGESTED)
    .where('created_at', '>=', since)
    .where('created_at', '<=', toDbTime(now))
    .execute();
  const alerts: TakenAlert[] = [...taken];
  for (let i = 0; i < pending.length; i += CHUNK) {
    alerts.push(
      ...(await db
        .updateTable('alerts')
        .set({ digested: 1 })
        .where(UNDIGESTED)
        .where(
          'uuid',
          'in',
          pending.slice(i, i + CHUNK).map((alert) => alert.uuid),
        )
        .returning(TAKEN_COLUMNS)
        .execute()),
    );
  }
  if (alerts.length === 0) return [];
  // Plain comparisons of stored times and uuids: localeCompare took 90 ms for a minute's 10,000.
  const before = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  alerts.sort((a, b) => before(a.created_at, b.created_at) || before(a.uuid, b.uuid));
  const siteUuids = [
    ...new Set(alerts.flatMap((alert) => (alert.residence_uuid ? [alert.residence_uuid] : []))),
  ];
  const companyUuids = [
    ...new Set(alerts.flatMap((a) => (a.security_company_uuid ? [a.security_company_uuid] : []))),
  ];
  const live = (qb: Kysely<Database>) =>
    qb
      .selectFrom('user_profiles')
      .innerJoin('user_roles', 'user_roles.user_profile_uuid', 'user_profiles.uuid')
      .where('user_profiles.deleted_at', 'is', null)
      .where('user_profiles.is_active', '=', 1);
  // Each site's company now (a site may have moved since its alert), live sites only.
  const sites = new Map<string, string | null>();
  for (let i = 0; i < siteUuids.length; i += 500) {
    const rows = await db
      .selectFrom('residences')
      .select(['uuid', 'security_company_uuid'])
      .where('uuid', 'in', siteUuids.slice(i, i + 500))
      .where('deleted_at', 'is', null)
      .execute();
    for (const row of rows) sites.set(row.uuid, row.security_company_uuid);
  }
  const siteCompanies = [...new Set([...sites.values()].filter((c): c is string => c !== null))];
  const companyUsers =
    companyUuids.length + siteCompanies.length === 0
      ? []
      : await live(db)
          .select([
            'user_profiles.uuid',
            'user_profiles.name',
            'user_profiles.email',
            'user_roles.security_company_uuid',
          ])
          .where('user_roles.type', '=', 'securitycompany')
          .where('user_roles.security_company_uuid', 'in', [
            ...new Set([...companyUuids, ...siteCompanies]),
          ])
          .execute();
  const superadmins = alerts.some((alert) => alert.kind.startsWith('licence'))
    ? await live(db)
        .select(['user_profiles.uuid', 'user_profiles.name', 'user_profiles.email'])
        .where('user_roles.type', '=', 'superadmin')
        .execute()
    : [];
  const supervisorSites = new Map<string, { recipient: AlertRecipient; sites: Set<string> }>();
  for (let i = 0; i < siteUuids.length; i += 500) {
    const rows = await live(db)
      .innerJoin('site_supervisors', 'site_supervisors.kg_user_profile_uuid', 'user_profiles.uuid')
      .innerJoin(
        'site_supervisor_residences',
        'site_supervisor_residences.supervisor_uuid',
        'site_supervisors.uuid',
      )
      .select([
        'user_profiles.uuid',
        'user_profiles.name',
        'user_profiles.email',
        'site_supervisor_residences.residence_uuid',
      ])
      .where('user_roles.type', '=', 'sitesupervisor')
      .where('site_supervisors.deleted_at', 'is', null)
      .where('site_supervisors.is_active', '=', 1)
      .where('site_supervisor_residences.residence_uuid', 'in', siteUuids.slice(i, i + 500))
      .execute();
    for (const row of rows) {
      const entry = supervisorSites.get(row.uuid) ?? {
        recipient: { profileUuid: row.uuid, name: row.name, email: row.email },
        sites: new Set<string>(),
      };
      entry.sites.add(row.residence_uuid);
      supervisorSites.set(row.uuid, entry);
    }
  }
  const profiles = [
    ...new Set([
      ...companyUsers.map((u) => u.uuid),
      ...supervisorSites.keys(),
      ...superadmins.map((u) => u.uuid),
    ]),
  ];
  const preferences = new Map<string, { late: number; no_show: number; email: number }>();
  for (let i = 0; i < profiles.length; i += 500) {
    const rows = await db
      .selectFrom('alert_preferences')
      .selectAll()
      .where('profile_uuid', 'in', profiles.slice(i, i + 500))
      .execute();
    for (const row of rows) preferences.set(`${row.profile_uuid} ${row.residence_uuid}`, row);
  }
  const wantsByEmail = (profileUuid: string, alert: (typeof alerts)[number]) => {
    if (!alert.residence_uuid) return true;
    const preference = preferences.get(`${profileUuid} ${alert.residence_uuid}`);
    if (!preference) return true;
    const kind =
      alert.kind === 'late' ? preference.late : alert.kind === 'no_show' ? preference.no_show : 1;
    return Number(kind) === 1 && Number(preference.email) === 1;
  };

  const due = new Map<string, { recipient: AlertRecipient; alerts: typeof alerts }>();
  const add = (recipient: AlertRecipient, alert: (typeof alerts)[number]) => {
    if (!wantsByEmail(recipient.profileUuid, alert)) return;
    const entry = due.get(recipient.profileUuid) ?? { recipient, alerts: [] };
    entry.alerts.push(alert);
    due.set(recipient.profileUuid, entry);
  };
  for (const alert of alerts) {
    const licence = alert.kind.startsWith('licence');
    if (licence) {
      for (const user of superadmins) add({ profileUuid: user.uuid, ...user }, alert);
    }
    const company = licence
      ? alert.security_company_uuid
      : alert.residence_uuid && sites.has(alert.residence_uuid)
        ? sites.get(alert.residence_uuid)
        : null;
    for (const user of companyUsers) {
      if (company && user.security_company_uuid === company) {
        add({ profileUuid: user.uuid, name: user.name, email: user.email }, alert);
      }
    }
    if (!licence && alert.residence_uuid && sites.has(alert.residence_uuid)) {
      for (const entry of supervisorSites.values()) {
        if (entry.sites.has(alert.residence_uuid)) add(entry.recipient, alert);
      }
    }
  }

  return [...due.values()].map(({ recipient, alerts: mine }) => ({
    recipient,
    alerts: mine.map(({ uuid, message, created_at }) => ({ uuid, message, created_at })),
  }));
}
