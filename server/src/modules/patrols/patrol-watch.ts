import type { Transaction } from 'kysely';
import { PATROL_NIGHT } from '@rules/patrols';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import { addDays, localDate, toDbTime } from '../../db/time';
import { claimJob } from '../../jobs/job-leases';
import {
  insertPatrolAlerts,
  raiseCompletionAlerts,
  type TakenAlert,
} from '../alerts/alerts.repository';
import { localMoment } from '../shifts/shifts.service';
import { closePatrols, patrolsWithoutAlert, planPatrols } from './patrols.repository';

/** How far back the watch looks for closed patrols still without their alert. */
const ALERT_LOOKBACK_MS = 2 * 86_400_000;

/**
 * The patrols' part of the minute watch, in its transaction: plans rounds that need it, closes
 * patrols whose time is up, and raises the alerts of those missed or partly done.
 */
export async function watchPatrols(trx: Transaction<Database>, now: Date, taken?: TakenAlert[]) {
  await planPatrols(trx, now);
  const closed = await closePatrols(trx, now);
  const since = toDbTime(new Date(now.getTime() - ALERT_LOOKBACK_MS));
  const rows = await patrolsWithoutAlert(trx, since, toDbTime(now));
  const alerts = await insertPatrolAlerts(trx, rows, now, taken);
  return { closed, alerts };
}

/** The last night (PATROL_NIGHT) that has ended by `now`, and when the next one ends. */
export function lastNight(now: Date) {
  let date = localDate(now);
  if (localMoment(date, PATROL_NIGHT.end) > now) date = addDays(date, -1);
  const end = localMoment(date, PATROL_NIGHT.end);
  const start = localMoment(addDays(date, -1), PATROL_NIGHT.start);
  const next = localMoment(addDays(date, 1), PATROL_NIGHT.end);
  return { date, start: toDbTime(start), end: toDbTime(end), nextEnd: next };
}

/**
 * Once per night across processes (a lease to the next night's end): each site whose last night's
 * patrols scanned less than its company's share alerts. A restart raises none twice (each site's
 * alert of a night has one key).
 */
export async function watchNightCompletion(db: DB, now: Date, taken?: TakenAlert[]) {
  const night = lastNight(now);
  if (!(await claimJob(db, 'patrol-night', now, night.nextEnd.getTime() - now.getTime()))) return 0;
  return raiseCompletionAlerts(db, night, now, taken);
}
