import type { Attendance } from '@contract/attendances';
import { dataColumns } from '../../components/data-table';
import {
  AWAY_FROM_SITE,
  formatDistance,
  formatLocation,
  NO_SELFIE,
  ON_DUTY,
  SELFIE_REMOVED,
  totalHours,
} from '../../lib/attendance';
import { formatTimestamp, timestampMs } from '../../lib/dates';
import { shiftState } from '@rules/attendances';
import { Selfie } from './selfie';

/** The company of the guard, or of the site when the row does not carry it. */
export function attendanceCompany(row: Attendance): string {
  return row.security_company_name ?? row.residence.security_company_name ?? '';
}

type Check = 'checkin' | 'checkout';

/** One end of a shift as the row records it: when, the selfie, and where. */
function checkOf(row: Attendance, check: Check) {
  return check === 'checkin'
    ? {
        at: row.checkin_at,
        photoUrl: row.checkin_photo_url,
        lat: row.checkin_lat,
        lng: row.checkin_lng,
        distance: row.checkin_distance_m,
        away: row.checkin_away_from_site,
      }
    : {
        at: row.checkout_at,
        photoUrl: row.checkout_photo_url,
        lat: row.checkout_lat,
        lng: row.checkout_lng,
        distance: row.checkout_distance_m,
        away: row.checkout_away_from_site,
      };
}

const CHECK_WORDS = {
  checkin: { selfie: 'Check-in selfie of', time: 'Check In', missing: 'Not checked in.' },
  checkout: { selfie: 'Check-out selfie of', time: 'Check Out', missing: 'Not checked out.' },
} as const;

/** Where the guard was, and how far from the site, flagged when beyond the geofence. */
function CheckLocation({ row, check }: { row: Attendance; check: Check }) {
  const { lat, lng, distance, away } = checkOf(row, check);
  const shown = formatDistance(distance);
  return (
    <>
      {formatLocation(lat, lng)}
      {shown ? (
        <span className="d-block small text-muted">
          {shown} from site
          {away ? (
            <span className="badge text-bg-warning ms-1 text-wrap">{AWAY_FROM_SITE}</span>
          ) : null}
        </span>
      ) : null}
    </>
  );
}

/** The time, with the selfie's thumbnail; the selfie opens large with the time and place beside. */
function CheckTime({ row, check }: { row: Attendance; check: Check }) {
  const { at, photoUrl } = checkOf(row, check);
  const words = CHECK_WORDS[check];
  if (!at) {
    // A shift still running reads as such; one left open too long was abandoned: it stays
    // 'Not checked out.' alone (@rules/attendances).
    const running =
      check === 'checkout' && shiftState(timestampMs(row.checkin_at), null, Date.now()) === 'open';
    return (
      <span className="text-muted text-nowrap">
        {words.missing}
        {running ? <span className="d-block small">{ON_DUTY}</span> : null}
      </span>
    );
  }
  return (
    // Wraps the time under the selfie when the table is squeezed: a guard's long name on the
    // page then still leaves every column on screen at 1280 px.
    <div className="d-flex flex-wrap align-items-center gap-2">
      {photoUrl ? (
        <Selfie url={photoUrl} label={`${words.selfie} ${row.guard_name}`}>
          <dl className="mb-0">
            <dt>{words.time}</dt>
            <dd>{formatTimestamp(at)}</dd>
            <dt>Site</dt>
            <dd>{row.residence_name}</dd>
            <dt>Location</dt>
            <dd className="mb-0">
              <CheckLocation row={row} check={check} />
            </dd>
          </dl>
        </Selfie>
      ) : null}
      <span>
        {formatTimestamp(at)}
        {photoUrl ? null : (
          <span className="d-block small text-muted">
            {row.selfies_removed_at ? SELFIE_REMOVED : NO_SELFIE}
          </span>
        )}
      </span>
    </div>
  );
}

const col = dataColumns<Attendance>();

/** A guard's own Attendance tab hides the columns that name the guard on every row. */
const GUARD_TAB_HIDDEN: readonly string[] = ['guard_id', 'company', 'guard_name'];
/** A site's own Attendance tab hides the column that names the site. */
const SITE_TAB_HIDDEN: readonly string[] = ['residence_name'];

/**
 * The columns an attendance list hides until a user shows them (the spec's columns are "also
 * shown per guard and per site"): none on the Guards page's own tab.
 */
export function attendanceHidden(guardUuid?: string, residenceUuid?: string) {
  if (guardUuid) return GUARD_TAB_HIDDEN;
  return residenceUuid ? SITE_TAB_HIDDEN : undefined;
}

/** The screen its column choices are remembered for. */
export function attendanceScreen(guardUuid?: string, residenceUuid?: string): string {
  if (guardUuid) return 'guard-attendance';
  return residenceUuid ? 'site-attendance' : 'attendance';
}

export const attendanceColumns = col.columns([
  col.accessor('guard_id', {
    header: 'Guard ID',
    meta: { sortField: 'guard_id', kind: 'code' },
  }),
  col.display({
    id: 'company',
    header: 'Company',
    cell: ({ row }) => attendanceCompany(row.original),
  }),
  col.accessor('guard_name', { header: 'Name', meta: { sortField: 'guard_name' } }),
  col.accessor('residence_name', { header: 'Site' }),
  col.display({
    id: 'checkin',
    header: 'Check In',
    meta: { kind: 'when' },
    cell: ({ row }) => <CheckTime row={row.original} check="checkin" />,
  }),
  col.display({
    id: 'checkin-location',
    header: 'Check In Location',
    cell: ({ row }) => <CheckLocation row={row.original} check="checkin" />,
  }),
  col.display({
    id: 'checkout',
    header: 'Check Out',
    meta: { kind: 'when' },
    cell: ({ row }) => <CheckTime row={row.original} check="checkout" />,
  }),
  col.display({
    id: 'checkout-location',
    header: 'Check Out Location',
    cell: ({ row }) => <CheckLocation row={row.original} check="checkout" />,
  }),
  col.display({
    id: 'total-hours',
    header: 'Total Hours',
    meta: { kind: 'code' },
    cell: ({ row }) => totalHours(row.original.checkin_at, row.original.checkout_at),
  }),
]);
