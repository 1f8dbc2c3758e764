import { timestampMs } from './dates';

/** GPS coordinates are shown to this many decimals (spec part 1 §9). */
const COORDINATE_DECIMALS = 7;

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * Check-out minus check-in as hours:mm:ss, hours unbounded (a 30-hour shift reads 30:00:00);
 * '0' when either time is missing, as the spec asks, or when check-out precedes check-in.
 */
export function totalHours(checkinAt: string | null, checkoutAt: string | null): string {
  const checkin = timestampMs(checkinAt);
  const checkout = timestampMs(checkoutAt);
  if (checkin === null || checkout === null || checkout < checkin) return '0';
  const seconds = Math.floor((checkout - checkin) / 1000);
  const hours = Math.floor(seconds / 3600);
  return `${hours}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}

/** 'lat, lng' to 7 decimals; '' when either coordinate is missing. */
export function formatLocation(lat: number | null, lng: number | null): string {
  if (lat === null || lng === null) return '';
  return `${lat.toFixed(COORDINATE_DECIMALS)}, ${lng.toFixed(COORDINATE_DECIMALS)}`;
}

/** The flag of an attendance row taken too far from its site (issue 18's geofence). */
export const AWAY_FROM_SITE = 'Away from site';
/** A check-in or check-out made with the PIN alone, at a site that allows it. */
export const NO_SELFIE = 'No selfie';

/** Under 'Not checked out.' while the shift still runs (not yet abandoned). */
export const ON_DUTY = 'On duty';
/** A selfie deleted after SELFIE_RETENTION_DAYS (issue 21's wording). */
export const SELFIE_REMOVED = 'selfie removed (retention)';

/** A distance from the site as shown: '412 m', '1.3 km'; '' when unknown. */
export function formatDistance(metres: number | null): string {
  if (metres === null) return '';
  return metres < 1000 ? `${Math.round(metres)} m` : `${(metres / 1000).toFixed(1)} km`;
}
