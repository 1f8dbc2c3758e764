import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { Patrol, PatrolCheckpoint, PatrolCompletion, PatrolState } from '@contract/patrols';
import { PATROL_EARLY_MINUTES } from '@rules/patrols';
import { shiftMinutes } from '@rules/shifts';
import type { Caller, Principal } from '../../auth/principal';
import { atLiveSite, siteScope } from '../../auth/scope';
import { valueOnly } from '../../db/engine/plan-hints';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import { addDays, localDate, timestampOf, toDbTime } from '../../db/time';
import {
  applyListQuery,
  countMatches,
  type ParsedListQuery,
  type ResourceQuerySpec,
} from '../../query';
import { fileUrl } from '../files/files.repository';
import { localMoment } from '../shifts/shifts.service';

type Db = Kysely<Database> | Transaction<Database>;

/** Patrols are planned this far ahead, and planned again once less than PLAN_AGAIN is left. */
const PLAN_AHEAD_MS = 48 * 3_600_000;
const PLAN_AGAIN_MS = 24 * 3_600_000;
/** Rows per insert: within both engines' limits on bound values. */
const CHUNK = 500;

/** What GET /patrols/list lets clients filter and sort by. */
export const PATROLS_QUERY: ResourceQuerySpec = {
  fields: {
    uuid: 'patrols.uuid',
    residence_uuid: 'patrols.residence_uuid',
    round_uuid: 'patrols.round_uuid',
    due_at: 'patrols.due_at',
    closes_at: 'patrols.closes_at',
    state: 'patrols.state',
    guard_uuid: 'patrols.guard_uuid',
    started_at: 'patrols.started_at',
  },
  related: [],
  defaultOrder: { field: 'due_at', direction: 'desc' },
};

const always = sql<SqlBool>`1 = 1`;

/** ISO weekday (Monday 1) of a 'YYYY-MM-DD' date. */
function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** A round as planning reads it. */
interface PlannedRound {
  uuid: string;
  residence_uuid: string;
  allowed_minutes: number;
  schedule_kind: string;
  times: string;
  every_hours: number | null;
  planned_until: string | null;
  start_time: string | null;
  end_time: string | null;
  weekdays: string | null;
}

/**
 * The times a round is due after `from` (exclusive) up to `to` (inclusive), in the server's local
 * time: each of its times of day, or every few hours from the start of its pattern's shift on the
 * pattern's weekdays, through the shift.
 */
export function dueTimes(round: PlannedRound, from: Date, to: Date): Date[] {
  const due: Date[] = [];
  // From the day before `from`: a night shift that began then may still have rounds due.
  for (let day = addDays(localDate(from), -1); day <= localDate(to); day = addDays(day, 1)) {
    if (round.schedule_kind === 'times') {
      for (const time of round.times ? round.times.split(',') : [])
        due.push(localMoment(day, time));
    } else if (round.start_time && round.end_time && round.every_hours) {
      if (!(round.weekdays ?? '').includes(String(isoWeekday(day)))) continue;
      const start = localMoment(day, round.start_time).getTime();
      const end = start + shiftMinutes(round.start_time, round.end_time) * 60_000;
      for (let at = start; at < end; at += round.every_hours * 3_600_000) due.push(new Date(at));
    }
  }
  return due.filter((at) => at > from && at <= to).sort((a, b) => a.getTime() - b.getTime());
}

/**
 * Plans the patrols of live rounds at live sites (those given, or those planned less than a day
 * ahead): one per due time up to two days ahead, each with the round's checkpoints in use then.
 * A round never planned is planned from now, with a patrol still open now. Each patrol once (its
 * round and due time are unique), whoever plans at the same time. Answers how many were new.
 */
export async function planPatrols(db: Db, now: Date, roundUuids?: readonly string[]) {
  const until = new Date(now.getTime() + PLAN_AHEAD_MS);
  const rounds = await db
    .selectFrom('rounds')
    .leftJoin('shift_patterns', (join) =>
      join
        .onRef('shift_patterns.uuid', '=', 'rounds.pattern_uuid')
        .on('shift_patterns.deleted_at', 'is', null),
    )
    .select([
      'rounds.uuid',
      'rounds.residence_uuid',
      'rounds.allowed_minutes',
      'rounds.schedule_kind',
      'rounds.times',
      'rounds.every_hours',
      'rounds.planned_until',
      'shift_patterns.start_time',
      'shift_patterns.end_time',
      'shift_patterns.weekdays',
    ])
    .where('rounds.retired_at', 'is', null)
    .where(atLiveSite('rounds.residence_uuid'))
    .$if(roundUuids !== undefined, (qb) => qb.where('rounds.uuid', 'in', [...(roundUuids ?? [])]))
    .$if(roundUuids === undefined, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb('rounds.planned_until', 'is', null),
          eb('rounds.planned_until', '<', toDbTime(new Date(now.getTime() + PLAN_AGAIN_MS))),
        ]),
      ),
    )
    .execute();
  if (rounds.length === 0) return 0;
  const points = new Map<string, string[]>();
  for (let i = 0; i < rounds.length; i += CHUNK) {
    const rows = await db
      .selectFrom('round_checkpoints')
      .innerJoin('checkpoints', 'checkpoints.uuid', 'round_checkpoints.checkpoint_uuid')
      .select(['round_checkpoints.round_uuid', 'round_checkpoints.checkpoint_uuid'])
      .where('checkpoints.retired_at', 'is', null)
      .where(
        'round_checkpoints.round_uuid',
        'in',
        rounds.slice(i, i + CHUNK).map((round) => round.uuid),
      )
      .orderBy('round_checkpoints.round_uuid')
      .orderBy('round_checkpoints.position')
      .execute();
    for (const row of rows) {
      const list = points.get(row.round_uuid) ?? [];
      list.push(row.checkpoint_uuid);
      points.set(row.round_uuid, list);
    }
  }
  const values = rounds.flatMap((round) => {
    const checkpoints = points.get(round.uuid) ?? [];
    if (checkpoints.length === 0) return [];
    const allowedMs = round.allowed_minutes * 60_000;
    const from =
      timestampOf(round.planned_until) ?? now.getTime() - allowedMs - PATROL_EARLY_MINUTES * 60_000;
    return dueTimes(round, new Date(from), until).map((due) => ({
      uuid: randomUUID(),
      round_uuid: round.uuid,
      residence_uuid: round.residence_uuid,
      due_at: toDbTime(due),
      closes_at: toDbTime(new Date(due.getTime() + allowedMs)),
      checkpoints: checkpoints.join(','),
      checkpoints_total: checkpoints.length,
    }));
  });
  let planned = 0;
  for (let i = 0; i < values.length; i += CHUNK) {
    const inserted = await db
      .insertInto('patrols')
      .values(values.slice(i, i + CHUNK))
      .onConflict((oc) => oc.columns(['round_uuid', 'due_at']).doNothing())
      .executeTakeFirst();
    planned += Number(inserted.numInsertedOrUpdatedRows ?? 0);
  }
  for (let i = 0; i < rounds.length; i += CHUNK) {
    await db
      .updateTable('rounds')
      .set({ planned_until: toDbTime(until) })
      .where(
        'uuid',
        'in',
        rounds.slice(i, i + CHUNK).map((round) => round.uuid),
      )
      .execute();
  }
  return planned;
}

/**
 * After a round was added or changed (or retired, or one of its checkpoints): its patrols not yet
 * due and not started go, and it is planned again with what it is now, from the patrols still
 * open now. Patrols walked, open or passed keep their record.
 */
export async function replanRounds(db: Db, roundUuids: readonly string[], now: Date) {
  if (roundUuids.length === 0) return;
  await db
    .deleteFrom('patrols')
    .where('round_uuid', 'in', [...roundUuids])
    .where('state', '=', 'due')
    .where('due_at', '>', toDbTime(now))
    .execute();
  // Planned again as a new round is: from the patrols still open now (those kept are kept).
  await db
    .updateTable('rounds')
    .set({ planned_until: null })
    .where('uuid', 'in', [...roundUuids])
    .execute();
  await planPatrols(db, now, roundUuids);
}

/** The rounds that pass this checkpoint, in use. */
export async function roundsThrough(db: Db, checkpointUuid: string): Promise<string[]> {
  const rows = await db
    .selectFrom('round_checkpoints')
    .innerJoin('rounds', 'rounds.uuid', 'round_checkpoints.round_uuid')
    .select('rounds.uuid')
    .where('round_checkpoints.checkpoint_uuid', '=', checkpointUuid)
    .where('rounds.retired_at', 'is', null)
    .execute();
  return rows.map((row) => row.uuid);
}

/**
 * Closes the patrols whose time is up at `now`: one not started is missed, one started is done
 * when every checkpoint was scanned and else partly done. Answers how many it closed.
 */
export async function closePatrols(db: Db, now: Date): Promise<number> {
  const at = toDbTime(now);
  const result = await db
    .updateTable('patrols')
    .set({
      state: sql<string>`case when state = 'due' then 'missed' when checkpoints_scanned >= checkpoints_total then 'done' else 'partly_done' end`,
      updated_at: at,
    })
    .where('state', 'in', ['due', 'in_progress'])
    .where('closes_at', '<=', at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A patrol closed missed or partly done, with what its alert says. */
export interface PatrolAlertRow {
  uuid: string;
  state: string;
  due_at: string;
  checkpoints: string;
  checkpoints_total: number;
  checkpoints_scanned: number;
  residence_uuid: string;
  guard_uuid: string | null;
  round_name: string;
  residence_name: string;
  security_company_uuid: string | null;
  guard_name: string | null;
}

/**
 * The patrols closed missed or partly done between `since` and `now` whose alert is not raised
 * yet (its key `patrol:<uuid>`), at live sites.
 */
export function patrolsWithoutAlert(db: Db, since: string, now: string): Promise<PatrolAlertRow[]> {
  return db
    .selectFrom('patrols')
    .innerJoin('rounds', 'rounds.uuid', 'patrols.round_uuid')
    .innerJoin('residences', 'residences.uuid', 'patrols.residence_uuid')
    .leftJoin('guards', 'guards.uuid', 'patrols.guard_uuid')
    .select([
      'patrols.uuid',
      'patrols.state',
      'patrols.due_at',
      'patrols.checkpoints',
      'patrols.checkpoints_total',
      'patrols.checkpoints_scanned',
      'patrols.residence_uuid',
      'patrols.guard_uuid',
      'rounds.name as round_name',
      'residences.name as residence_name',
      'residences.security_company_uuid',
      'guards.name as guard_name',
    ])
    .where('patrols.state', 'in', ['missed', 'partly_done'])
    .where('patrols.closes_at', '>', since)
    .where('patrols.closes_at', '<=', now)
    .where('residences.deleted_at', 'is', null)
    .where(
      sql<SqlBool>`not exists (select 1 from alerts as raised where raised.dedupe_key = 'patrol:' || patrols.uuid)`,
    )
    .execute();
}

/** Names of these checkpoints, by uuid. */
export async function checkpointNames(
  db: Db,
  uuids: readonly string[],
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (let i = 0; i < uuids.length; i += CHUNK) {
    const rows = await db
      .selectFrom('checkpoints')
      .select(['uuid', 'name'])
      .where('uuid', 'in', uuids.slice(i, i + CHUNK))
      .execute();
    for (const row of rows) names.set(row.uuid, row.name);
  }
  return names;
}

/** The checkpoints scanned on these patrols, by patrol. */
export async function scannedOn(
  db: Db,
  patrolUuids: readonly string[],
): Promise<Map<string, Set<string>>> {
  const scanned = new Map<string, Set<string>>();
  for (let i = 0; i < patrolUuids.length; i += CHUNK) {
    const rows = await db
      .selectFrom('patrol_scans')
      .select(['patrol_uuid', 'checkpoint_uuid'])
      .where('patrol_uuid', 'in', patrolUuids.slice(i, i + CHUNK))
      .execute();
    for (const row of rows) {
      const set = scanned.get(row.patrol_uuid) ?? new Set<string>();
      set.add(row.checkpoint_uuid);
      scanned.set(row.patrol_uuid, set);
    }
  }
  return scanned;
}

/** Each site's checkpoints due and scanned over patrols due in [from, to) and closed by `now`. */
export async function completionBySite(db: Db, from: string, to: string, now: string) {
  const rows = await db
    .selectFrom('patrols')
    .innerJoin('residences', 'residences.uuid', 'patrols.residence_uuid')
    .innerJoin('security_companies', 'security_companies.uuid', 'residences.security_company_uuid')
    .select((eb) => [
      'patrols.residence_uuid',
      'residences.name as residence_name',
      'residences.security_company_uuid',
      'security_companies.patrol_completion_percent',
      eb.fn.sum<number>('patrols.checkpoints_total').as('due'),
      eb.fn.sum<number>('patrols.checkpoints_scanned').as('scanned'),
    ])
    .where('patrols.state', 'in', ['done', 'partly_done', 'missed'])
    // A patrol closes after it is due: the lower bound keeps the state index's range to the night.
    .where('patrols.closes_at', '>=', from)
    .where('patrols.closes_at', '<=', now)
    .where('patrols.due_at', '>=', from)
    .where('patrols.due_at', '<', to)
    .where('residences.deleted_at', 'is', null)
    .groupBy([
      'patrols.residence_uuid',
      'residences.name',
      'residences.security_company_uuid',
      'security_companies.patrol_completion_percent',
    ])
    .execute();
  return rows.map((row) => ({
    ...row,
    due: Number(row.due),
    scanned: Number(row.scanned),
    threshold: Number(row.patrol_completion_percent),
  }));
}

/** A stored patrol as a scan reads it. */
export interface PatrolRow {
  uuid: string;
  round_uuid: string;
  residence_uuid: string;
  due_at: string;
  closes_at: string;
  checkpoints: string;
  checkpoints_total: number;
  checkpoints_scanned: number;
  state: string;
  guard_uuid: string | null;
  started_at: string | null;
  finished_at: string | null;
  in_order: number;
}

/** A scan to record. */
export interface NewScan {
  patrol: PatrolRow;
  checkpointUuid: string;
  position: number;
  guardUuid: string;
  scannedAt: string;
  receivedAt: string;
  sentLate: boolean;
  note: string;
  photoFileUuid: string | null;
}

/** Patrols: planned from rounds, walked by guards, read by the console within its sites. */
export function createPatrolsRepository(db: DB) {
  function selectPatrols(principal: Caller) {
    return db
      .selectFrom('patrols')
      .innerJoin('rounds', 'rounds.uuid', 'patrols.round_uuid')
      .innerJoin('residences', 'residences.uuid', 'patrols.residence_uuid')
      .leftJoin('guards', 'guards.uuid', 'patrols.guard_uuid')
      .select([
        'patrols.uuid',
        'patrols.round_uuid',
        'rounds.name as round_name',
        'rounds.in_order',
        'patrols.residence_uuid',
        'residences.name as residence_name',
        'patrols.due_at',
        'patrols.closes_at',
        'patrols.state',
        'patrols.guard_uuid',
        'guards.name as guard_name',
        'patrols.started_at',
        'patrols.finished_at',
        'patrols.checkpoints',
        'patrols.checkpoints_total',
        'patrols.checkpoints_scanned',
      ])
      .where(siteScope(principal, 'patrols.residence_uuid'))
      .where(atLiveSite('patrols.residence_uuid'));
  }

  type Row = Awaited<ReturnType<ReturnType<typeof selectPatrols>['execute']>>[number];

  /** The rows with each checkpoint's name and scan: two reads for the whole page. */
  async function withCheckpoints(rows: Row[]): Promise<Patrol[]> {
    if (rows.length === 0) return [];
    const uuids = [...new Set(rows.flatMap((row) => row.checkpoints.split(',')))];
    const [names, scans] = await Promise.all([
      checkpointNames(db, uuids),
      db
        .selectFrom('patrol_scans')
        .leftJoin('files', 'files.uuid', 'patrol_scans.photo_file_uuid')
        .select([
          'patrol_scans.patrol_uuid',
          'patrol_scans.checkpoint_uuid',
          'patrol_scans.scanned_at',
          'patrol_scans.sent_late',
          'patrol_scans.note',
          'files.access_key',
        ])
        .where(
          'patrol_scans.patrol_uuid',
          'in',
          rows.map((row) => row.uuid),
        )
        .execute(),
    ]);
    const byPatrol = new Map<string, typeof scans>();
    for (const scan of scans) {
      const list = byPatrol.get(scan.patrol_uuid) ?? [];
      list.push(scan);
      byPatrol.set(scan.patrol_uuid, list);
    }
    return rows.map((row) => {
      const own = byPatrol.get(row.uuid) ?? [];
      const checkpoints: PatrolCheckpoint[] = row.checkpoints.split(',').map((uuid) => {
        const scan = own.find((candidate) => candidate.checkpoint_uuid === uuid);
        return {
          uuid,
          name: names.get(uuid) ?? '',
          scanned_at: scan?.scanned_at ?? null,
          sent_late: Number(scan?.sent_late ?? 0) === 1,
          note: scan?.note ?? '',
          photo_url: scan?.access_key ? fileUrl(scan.access_key) : null,
        };
      });
      const lastScan = own.reduce<string | null>(
        (last, scan) => (last === null || scan.scanned_at > last ? scan.scanned_at : last),
        null,
      );
      const started = timestampOf(row.started_at);
      const ended = timestampOf(row.finished_at ?? lastScan);
      return {
        uuid: row.uuid,
        round_uuid: row.round_uuid,
        round_name: row.round_name,
        residence_uuid: row.residence_uuid,
        residence_name: row.residence_name,
        due_at: row.due_at,
        closes_at: row.closes_at,
        guard_uuid: row.guard_uuid,
        guard_name: row.guard_name,
        started_at: row.started_at,
        finished_at: row.finished_at,
        in_order: Number(row.in_order) === 1,
        state: row.state as PatrolState,
        checkpoints_total: Number(row.checkpoints_total),
        checkpoints_scanned: Number(row.checkpoints_scanned),
        minutes_taken:
          started !== null && ended !== null
            ? Math.max(0, Math.round((ended - started) / 60_000))
            : null,
        checkpoints,
      };
    });
  }

  return {
    async list(
      principal: Principal,
      list: ParsedListQuery,
    ): Promise<{ resource: Patrol[]; count: number | null }> {
      const rowsQuery = applyListQuery(selectPatrols(principal), list).orderBy('patrols.uuid');
      const countQuery = db
        .selectFrom('patrols')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(siteScope(principal, 'patrols.residence_uuid'))
        .where(atLiveSite('patrols.residence_uuid'))
        .where(list.where ?? always);
      const [rows, count] = await Promise.all([
        rowsQuery.execute(),
        countMatches(list, countQuery),
      ]);
      return { resource: await withCheckpoints(rows), count };
    },

    async find(principal: Caller, uuid: string): Promise<Patrol | undefined> {
      const row = await selectPatrols(principal)
        .where('patrols.uuid', '=', uuid)
        .executeTakeFirst();
      return row ? (await withCheckpoints([row]))[0] : undefined;
    },

    /** A site's patrols due between `from` and `to`, earliest first (the guard's phone). */
    async ofSite(principal: Caller, residenceUuid: string, from: string, to: string) {
      const rows = await selectPatrols(principal)
        .where('patrols.residence_uuid', '=', residenceUuid)
        .where('patrols.due_at', '>=', from)
        .where('patrols.due_at', '<=', to)
        .orderBy('patrols.due_at')
        .orderBy('rounds.name')
        .execute();
      return withCheckpoints(rows);
    },

    /** Patrols due in [from, to) and closed by `now`, within the caller's sites (or one site). */
    async completion(
      principal: Principal,
      range: { from: string; to: string; now: string; residenceUuid?: string },
    ): Promise<PatrolCompletion> {
      const rows = await db
        .selectFrom('patrols')
        .select((eb) => [
          'patrols.state',
          eb.fn.countAll<number>().as('rounds'),
          eb.fn.sum<number>('patrols.checkpoints_total').as('due'),
          eb.fn.sum<number>('patrols.checkpoints_scanned').as('scanned'),
        ])
        .where(siteScope(principal, 'patrols.residence_uuid'))
        .where(atLiveSite('patrols.residence_uuid'))
        .$if(range.residenceUuid !== undefined, (qb) =>
          qb.where('patrols.residence_uuid', '=', range.residenceUuid ?? ''),
        )
        // One site's period is read by its site and due time; every site's by state and close.
        .where(
          range.residenceUuid !== undefined
            ? valueOnly(sql.ref('patrols.state'))
            : sql.ref('patrols.state'),
          'in',
          ['done', 'partly_done', 'missed'],
        )
        .where('patrols.due_at', '>=', range.from)
        .where('patrols.due_at', '<', range.to)
        // Closed after due: bounds the state index's range to the period, whichever is read.
        .where('patrols.closes_at', '>=', range.from)
        .where('patrols.closes_at', '<=', range.now)
        .groupBy('patrols.state')
        .execute();
      const of = (state: string) => rows.find((row) => row.state === state);
      const rounds = (state: string) => Number(of(state)?.rounds ?? 0);
      const due = rows.reduce((sum, row) => sum + Number(row.due ?? 0), 0);
      const scanned = rows.reduce((sum, row) => sum + Number(row.scanned ?? 0), 0);
      return {
        rounds_closed: rounds('done') + rounds('partly_done') + rounds('missed'),
        rounds_done: rounds('done'),
        rounds_partly_done: rounds('partly_done'),
        rounds_missed: rounds('missed'),
        checkpoints_due: due,
        checkpoints_scanned: scanned,
        percent: due === 0 ? null : Math.floor((scanned * 100) / due),
      };
    },

    /** One of the site's patrols, as a scan reads it. */
    patrolAt(residenceUuid: string, uuid: string): Promise<PatrolRow | undefined> {
      return db
        .selectFrom('patrols')
        .innerJoin('rounds', 'rounds.uuid', 'patrols.round_uuid')
        .select([
          'patrols.uuid',
          'patrols.round_uuid',
          'patrols.residence_uuid',
          'patrols.due_at',
          'patrols.closes_at',
          'patrols.checkpoints',
          'patrols.checkpoints_total',
          'patrols.checkpoints_scanned',
          'patrols.state',
          'patrols.guard_uuid',
          'patrols.started_at',
          'patrols.finished_at',
          'rounds.in_order',
        ])
        .where('patrols.uuid', '=', uuid)
        .where('patrols.residence_uuid', '=', residenceUuid)
        .executeTakeFirst();
    },

    checkpointByCode(code: string) {
      return db
        .selectFrom('checkpoints')
        .select(['uuid', 'residence_uuid', 'name', 'retired_at'])
        .where('code', '=', code)
        .executeTakeFirst();
    },

    /** The patrol's scans: which checkpoint, at which position, when. */
    scansOf(patrolUuid: string) {
      return db
        .selectFrom('patrol_scans')
        .select(['checkpoint_uuid', 'position', 'scanned_at'])
        .where('patrol_uuid', '=', patrolUuid)
        .execute();
    },

    checkpointNames(uuids: readonly string[]) {
      return checkpointNames(db, uuids);
    },

    /**
     * Records a scan and moves its patrol on (started, its count, done when all are scanned; a
     * patrol closed by its time stays closed, partly done at least). False when this checkpoint
     * was already scanned on the patrol (a replay): nothing changes.
     */
    async recordScan(scan: NewScan): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('patrol_scans')
          .values({
            uuid: randomUUID(),
            patrol_uuid: scan.patrol.uuid,
            checkpoint_uuid: scan.checkpointUuid,
            position: scan.position,
            guard_uuid: scan.guardUuid,
            scanned_at: scan.scannedAt,
            received_at: scan.receivedAt,
            sent_late: scan.sentLate ? 1 : 0,
            note: scan.note,
            photo_file_uuid: scan.photoFileUuid,
          })
          .onConflict((oc) => oc.columns(['patrol_uuid', 'checkpoint_uuid']).doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
        const at = scan.scannedAt;
        const complete = sql<SqlBool>`checkpoints_scanned + 1 >= checkpoints_total`;
        await trx
          .updateTable('patrols')
          .set({
            checkpoints_scanned: sql<number>`checkpoints_scanned + 1`,
            state: sql<string>`case when ${complete} then 'done' when state in ('due', 'in_progress') then 'in_progress' else 'partly_done' end`,
            guard_uuid: sql<string>`coalesce(guard_uuid, ${scan.guardUuid})`,
            started_at: sql<string>`case when started_at is null or started_at > ${at} then ${at} else started_at end`,
            finished_at: sql<
              string | null
            >`case when ${complete} and (finished_at is null or finished_at < ${at}) then ${at} else finished_at end`,
            updated_at: scan.receivedAt,
          })
          .where('uuid', '=', scan.patrol.uuid)
          .execute();
        return true;
      });
    },

    /** The guard starts the patrol (if it is still due). */
    async start(uuid: string, guardUuid: string, at: string, now: string) {
      await db
        .updateTable('patrols')
        .set({ state: 'in_progress', guard_uuid: guardUuid, started_at: at, updated_at: now })
        .where('uuid', '=', uuid)
        .where('state', '=', 'due')
        .execute();
    },

    /** The guard finishes the patrol: done when every checkpoint was scanned, else partly done. */
    async finish(uuid: string, guardUuid: string, at: string, now: string) {
      await db
        .updateTable('patrols')
        .set({
          state: sql<string>`case when checkpoints_scanned >= checkpoints_total then 'done' else 'partly_done' end`,
          guard_uuid: sql<string>`coalesce(guard_uuid, ${guardUuid})`,
          started_at: sql<string>`coalesce(started_at, ${at})`,
          finished_at: at,
          updated_at: now,
        })
        .where('uuid', '=', uuid)
        .where('state', 'in', ['due', 'in_progress'])
        .execute();
    },
  };
}

export type PatrolsRepository = ReturnType<typeof createPatrolsRepository>;

/** The local day 'YYYY-MM-DD' as a stored UTC range [start, next day's start). */
export function dayRange(from: string, to: string): { start: string; end: string } {
  return {
    start: toDbTime(localMoment(from, '00:00')),
    end: toDbTime(localMoment(addDays(to, 1), '00:00')),
  };
}
