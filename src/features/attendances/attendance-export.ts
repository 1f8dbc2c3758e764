import * as attendancesApi from '../../api/attendances';
import type { Attendance } from '@contract/attendances';
import type { ListQuery } from '../../app/list-slice';
import type { ExportChoice } from '../../components/export-modal';
import { appConfig } from '../../config';
import { formatDistance, formatLocation, totalHours } from '../../lib/attendance';
import { toCsv } from '../../lib/csv';
import { formatTimestamp } from '../../lib/dates';
import { fetchEntireList } from '../../lib/export';
import { attendanceCompany } from './attendance-columns';

export const ATTENDANCE_FILE_NAME = 'Guard_Attendance.csv';

/**
 * The spec's columns (it heads the company column 'Security Co.' in the entire-list export
 * only), then the geofence's: each distance from the site and the flag.
 */
export function attendanceHeaders(choice: ExportChoice): string[] {
  return [
    'Guard ID',
    choice === 'entire' ? 'Security Co.' : 'Company',
    'Name',
    'Site',
    'Check In Date/Time',
    'Check In Location',
    'Check Out Date/Time',
    'Check Out Location',
    'Total Hours',
    'Check In Distance From Site',
    'Check Out Distance From Site',
    'Away From Site',
  ];
}

/** One CSV line per row, with the values the table shows (missing times and places left empty). */
export function attendanceCsv(rows: readonly Attendance[], choice: ExportChoice): Promise<string> {
  return toCsv(
    attendanceHeaders(choice),
    rows.map((row) => [
      row.guard_id,
      attendanceCompany(row),
      row.guard_name,
      row.residence_name,
      formatTimestamp(row.checkin_at),
      formatLocation(row.checkin_lat, row.checkin_lng),
      formatTimestamp(row.checkout_at),
      formatLocation(row.checkout_lat, row.checkout_lng),
      totalHours(row.checkin_at, row.checkout_at),
      formatDistance(row.checkin_distance_m),
      formatDistance(row.checkout_distance_m),
      row.away_from_site ? 'Yes' : 'No',
    ]),
  );
}

/** Every attendance row of the screen's list, with its search, scope and sort, page by page. */
export function fetchAllAttendances(
  query: Pick<ListQuery, 'sort' | 'search' | 'scope'>,
  signal: AbortSignal,
  onProgress: (percent: number) => void,
): Promise<Attendance[]> {
  return fetchEntireList(attendancesApi.list, query, {
    signal,
    onProgress,
    pageSize: appConfig.exportPageSize,
  });
}
