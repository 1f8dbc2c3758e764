import type { Patrol, PatrolState } from '@contract/patrols';
import { PATROL_STATE_LABELS } from '@rules/patrols';
import { timestampMs } from '../../lib/dates';

/** Bootstrap's colour of each state's badge; the badge always carries the word too. */
export const PATROL_STATE_COLORS: Record<PatrolState, string> = {
  due: 'secondary',
  in_progress: 'info',
  done: 'success',
  partly_done: 'warning',
  missed: 'danger',
};

export const patrolStateLabel = (state: PatrolState): string => PATROL_STATE_LABELS[state];

const pad2 = (value: number) => String(value).padStart(2, '0');

/** A UTC timestamp of the API as the reader's local 'HH:mm'; '' when absent. */
export function clockOf(utc: string | null | undefined): string {
  const ms = timestampMs(utc);
  if (ms === null) return '';
  const date = new Date(ms);
  return `${pad2(date.getHours())}:${pad2(date.getMinutes())}`;
}

/** 'Perimeter 22:00', as the screen and its details name a patrol. */
export const patrolTitle = (patrol: Pick<Patrol, 'round_name' | 'due_at'>) =>
  `${patrol.round_name} ${clockOf(patrol.due_at)}`;

/** '2 of 3' checkpoints scanned. */
export const scannedText = (patrol: Pick<Patrol, 'checkpoints_scanned' | 'checkpoints_total'>) =>
  `${patrol.checkpoints_scanned} of ${patrol.checkpoints_total}`;

/** The reader's local date 'YYYY-MM-DD' of a day. */
export function localDay(day: Date): string {
  return `${day.getFullYear()}-${pad2(day.getMonth() + 1)}-${pad2(day.getDate())}`;
}

/** 'YYYY-MM-DD' `days` after (before, when negative) a local day. */
export function dayAfter(day: string, days: number): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return localDay(new Date(year, month - 1, date + days));
}
