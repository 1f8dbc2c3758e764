import * as visitorsApi from '../../api/visitors';
import type { ListQuery } from '../../app/list-slice';
import type { ExportChoice } from '../../components/export-modal';
import { appConfig } from '../../config';
import type { VisitorRow } from '@contract/visitors';
import { toCsv, type CsvValue } from '../../lib/csv';
import { formatTimestamp } from '../../lib/dates';
import { fetchEntireList } from '../../lib/export';
import { hdfStatus, healthCode } from '../../lib/visitor-health';
import {
  creatorName,
  expectedArrival,
  expectedExit,
  hostName,
  latestScanWithOverdue,
  temperatureText,
  unitName,
  visitorName,
} from './visitor-text';

export const VISITORS_FILE_NAME = 'Visitors_list.csv';

/**
 * The entire list's 14 columns (spec part 2 §9; which 14 is recorded in docs/decisions.md): the
 * screen's columns without the health ones, each time in its own column, and the phone number.
 */
const LIST_HEADERS = [
  'Site',
  'Unit',
  'Category',
  'Host',
  'Name',
  'Car Plate Number',
  'Phone Number',
  'Est. Arrival',
  'Est. Exit',
  'Act. Arrival',
  'Act. Exit',
  'Created By',
  'Validity',
  'Status',
] as const;

/** The current page adds these three, for 17 (spec part 2 §9). */
const HEALTH_HEADERS = ['HDF Form', 'Temperature', 'Health Code'] as const;

export function visitorHeaders(choice: ExportChoice): string[] {
  return choice === 'page' ? [...LIST_HEADERS, ...HEALTH_HEADERS] : [...LIST_HEADERS];
}

function listCells(row: VisitorRow, now: Date): CsvValue[] {
  return [
    row.residence_name,
    unitName(row),
    row.category,
    hostName(row),
    visitorName(row),
    row.car_plate_number,
    row.phone_number,
    expectedArrival(row),
    expectedExit(row),
    formatTimestamp(row.check_in_time),
    formatTimestamp(row.check_out_time),
    creatorName(row),
    row.status,
    latestScanWithOverdue(row, now),
  ];
}

function healthCells(row: VisitorRow, now: Date): CsvValue[] {
  return [hdfStatus(row, now), temperatureText(row), healthCode(row, now)];
}

/** The file's text, every value as the screen words it, at the moment of the export. */
export function visitorsCsv(rows: readonly VisitorRow[], choice: ExportChoice): Promise<string> {
  const now = new Date();
  return toCsv(
    visitorHeaders(choice),
    rows.map((row) =>
      choice === 'page' ? [...listCells(row, now), ...healthCells(row, now)] : listCells(row, now),
    ),
  );
}

/** Every pass of the screen's list, with its search, quick filter, site and sort, page by page. */
export function fetchAllVisitors(
  query: Pick<ListQuery, 'sort' | 'search' | 'scope'>,
  signal: AbortSignal,
  onProgress: (percent: number) => void,
): Promise<VisitorRow[]> {
  return fetchEntireList(visitorsApi.list, query, {
    signal,
    onProgress,
    pageSize: appConfig.exportPageSize,
  });
}
