import type { VisitorRow } from '@contract/visitors';
import { formatTimestamp } from '../../lib/dates';
import { hdfStatus, healthCode } from '../../lib/visitor-health';
import { DateAndTime, dataColumns } from '../../components/data-table';
import { HealthCodeBadge, ScanStatus } from './visitor-badges';
import {
  creatorName,
  expectedArrival,
  expectedExit,
  hostName,
  temperatureText,
  unitName,
  visitorName,
} from './visitor-text';

/**
 * Two times in one cell, one a line: arrival over exit. Below lg each puts its time under its date,
 * four lines in all, which the list's taller rows there hold (VISITOR_NARROW_ROW_HEIGHT).
 */
function TwoTimes({ first, second }: { first: string; second: string }) {
  return (
    <>
      <span className="visitor-times">
        <DateAndTime text={first || '-'} />
      </span>
      <span className="visitor-times">
        <DateAndTime text={second || '-'} />
      </span>
    </>
  );
}

const col = dataColumns<VisitorRow>();

/** What a site's own Visitors tab hides until a user shows it: the column naming the site. */
export const SITE_TAB_HIDDEN: readonly string[] = ['residence_name'];

/**
 * The spec's 14 columns in its order (part 2, Visitors page). Cells that depend on the time (HDF,
 * health code, Overdue) read the clock as they render. Category, Created By, Validity and the
 * three health columns sit behind the Columns menu until a user shows them, so the rest fit a
 * 1280 px screen; below lg Host and Car Plate Number join them, so the rest fit a tablet upright.
 */
export const visitorColumns = col.columns([
  col.accessor('residence_name', { header: 'Site', meta: { sortField: 'residence_name' } }),
  col.display({ id: 'unit', header: 'Unit', cell: ({ row }) => unitName(row.original) }),
  col.accessor('category', {
    header: 'Category',
    meta: { sortField: 'category', hiddenByDefault: true },
  }),
  col.display({
    id: 'host',
    header: 'Host',
    meta: { hiddenBelowLg: true },
    cell: ({ row }) => hostName(row.original),
  }),
  col.accessor('name', {
    header: 'Name',
    cell: ({ row }) => visitorName(row.original),
    meta: { sortField: 'name' },
  }),
  col.accessor('car_plate_number', {
    header: 'Car Plate Number',
    meta: { sortField: 'car_plate_number', kind: 'code', hiddenBelowLg: true },
  }),
  col.display({
    id: 'expected',
    header: 'Est. Arrival/Exit',
    meta: { sortField: 'date', kind: 'when' },
    cell: ({ row }) => (
      <TwoTimes first={expectedArrival(row.original)} second={expectedExit(row.original)} />
    ),
  }),
  col.display({
    id: 'actual',
    header: 'Act. Arrival/Exit',
    meta: { kind: 'when' },
    cell: ({ row }) => (
      <TwoTimes
        first={formatTimestamp(row.original.check_in_time)}
        second={formatTimestamp(row.original.check_out_time)}
      />
    ),
  }),
  col.display({
    id: 'created-by',
    header: 'Created By',
    meta: { hiddenByDefault: true },
    cell: ({ row }) => creatorName(row.original),
  }),
  col.accessor('status', {
    header: 'Validity',
    meta: { sortField: 'status', kind: 'code', hiddenByDefault: true },
  }),
  col.display({
    id: 'latest-scan',
    header: 'Status',
    meta: { sortField: 'latest_scan_type' },
    cell: ({ row }) => <ScanStatus pass={row.original} now={new Date()} />,
  }),
  col.display({
    id: 'hdf',
    header: 'HDF Form',
    meta: { kind: 'code', hiddenByDefault: true },
    cell: ({ row }) => hdfStatus(row.original, new Date()),
  }),
  col.display({
    id: 'temperature',
    header: 'Temperature',
    meta: { kind: 'code', hiddenByDefault: true },
    // The details page's placeholder for no reading; the CSV export leaves the cell empty.
    cell: ({ row }) => temperatureText(row.original) || '-',
  }),
  col.display({
    id: 'health-code',
    header: 'Health Code',
    meta: { kind: 'code', hiddenByDefault: true },
    cell: ({ row }) => <HealthCodeBadge code={healthCode(row.original, new Date())} />,
  }),
]);
