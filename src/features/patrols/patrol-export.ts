import * as patrolsApi from '../../api/patrols';
import type { Patrol } from '@contract/patrols';
import type { ListQuery } from '../../app/list-slice';
import { appConfig } from '../../config';
import { toCsv } from '../../lib/csv';
import { formatTimestamp } from '../../lib/dates';
import { fetchEntireList } from '../../lib/export';
import { patrolStateLabel } from './patrol-words';

export const patrolsFileName = (day: string) => `Patrols_${day}.csv`;

const HEADERS = [
  'Site',
  'Round',
  'Due',
  'Closes',
  'State',
  'Walked By',
  'Started',
  'Finished',
  'Minutes Taken',
  'Checkpoints Scanned',
  'Checkpoints Due',
  'Checkpoints Missed',
  'Scans',
];

/**
 * One line per round walked or due; its checkpoints missed by name, and each scan as
 * 'Name HH:MM (sent late): note' in one cell, so a spreadsheet keeps a round to one row.
 */
export function patrolsCsv(rows: readonly Patrol[]): Promise<string> {
  return toCsv(
    HEADERS,
    rows.map((row) => [
      row.residence_name,
      row.round_name,
      formatTimestamp(row.due_at),
      formatTimestamp(row.closes_at),
      patrolStateLabel(row.state),
      row.guard_name ?? '',
      formatTimestamp(row.started_at),
      formatTimestamp(row.finished_at),
      row.minutes_taken,
      row.checkpoints_scanned,
      row.checkpoints_total,
      row.checkpoints
        .filter((point) => point.scanned_at === null)
        .map((point) => point.name)
        .join(', '),
      row.checkpoints
        .filter((point) => point.scanned_at !== null)
        .map(
          (point) =>
            `${point.name} ${formatTimestamp(point.scanned_at)}${point.sent_late ? ' (sent late)' : ''}${point.note ? `: ${point.note}` : ''}`,
        )
        .join('; '),
    ]),
  );
}

/** Every patrol of the screen's list, with its scope and sort, page by page. */
export function fetchAllPatrols(
  query: Pick<ListQuery, 'sort' | 'search' | 'scope'>,
  signal: AbortSignal,
  onProgress: (percent: number) => void,
): Promise<Patrol[]> {
  return fetchEntireList(patrolsApi.list, query, {
    signal,
    onProgress,
    pageSize: appConfig.exportPageSize,
  });
}
