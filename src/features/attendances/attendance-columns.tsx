import type { Attendance } from '@contract/attendances';
import { dataColumns } from '../../components/data-table';
import {
  AWAY_FROM_SITE,
  formatDistance,
  formatLocation,
  NO_SELFIE,
  totalHours,
} from '../../lib/attendance';
import { formatTimestamp } from '../../lib/dates';
import { Selfie } from './selfie';

/** The company of the guard, or of the site when the row does not carry it. */
export function attendanceCompany(row: Attendance): string {
  return row.security_company_name ?? row.residence.security_company_name ?? '';
}

function CheckTime({
  at,
  photoUrl,
  selfieLabel,
  missing,
}: {
  at: string | null;
  photoUrl: string | null;
  selfieLabel: string;
  missing: string;
}) {
  if (!at) return <span className="text-muted">{missing}</span>;
  return (
    <div className="d-flex align-items-center gap-2">
      {photoUrl ? <Selfie url={photoUrl} label={selfieLabel} /> : null}
      <span>
        {formatTimestamp(at)}
        {photoUrl ? null : <span className="d-block small text-muted">{NO_SELFIE}</span>}
      </span>
    </div>
  );
}

/** Where the guard was, and how far from the site, flagged when beyond the geofence. */
function CheckLocation({
  lat,
  lng,
  distance,
  away,
}: {
  lat: number | null;
  lng: number | null;
  distance: number | null;
  away: boolean;
}) {
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

const col = dataColumns<Attendance>();

export const attendanceColumns = col.columns([
  col.accessor('guard_id', { header: 'Guard ID', meta: { sortField: 'guard_id' } }),
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
    cell: ({ row }) => (
      <CheckTime
        at={row.original.checkin_at}
        photoUrl={row.original.checkin_photo_url}
        selfieLabel={`Check-in selfie of ${row.original.guard_name}`}
        missing="Not checked in."
      />
    ),
  }),
  col.display({
    id: 'checkin-location',
    header: 'Check In Location',
    cell: ({ row }) => (
      <CheckLocation
        lat={row.original.checkin_lat}
        lng={row.original.checkin_lng}
        distance={row.original.checkin_distance_m}
        away={row.original.checkin_away_from_site}
      />
    ),
  }),
  col.display({
    id: 'checkout',
    header: 'Check Out',
    cell: ({ row }) => (
      <CheckTime
        at={row.original.checkout_at}
        photoUrl={row.original.checkout_photo_url}
        selfieLabel={`Check-out selfie of ${row.original.guard_name}`}
        missing="Not checked out."
      />
    ),
  }),
  col.display({
    id: 'checkout-location',
    header: 'Check Out Location',
    cell: ({ row }) => (
      <CheckLocation
        lat={row.original.checkout_lat}
        lng={row.original.checkout_lng}
        distance={row.original.checkout_distance_m}
        away={row.original.checkout_away_from_site}
      />
    ),
  }),
  col.display({
    id: 'total-hours',
    header: 'Total Hours',
    cell: ({ row }) => totalHours(row.original.checkin_at, row.original.checkout_at),
  }),
]);
