import type { HealthApplication, VisitorRow } from './contract/visitors';
import { timestampMs } from './dates';

/**
 * A pass's health declaration (HDF) status and health code, derived as spec part 2 §4 says.
 * Pure functions of the pass and a clock, so the list, the details page, the desk and the exports
 * all show the same words.
 */

/** A temperature above this is a fever. */
export const FEVER_ABOVE = 37.5;
/** A fever reading this many days old or more turns the code orange rather than red. */
export const STALE_TEMPERATURE_DAYS = 15;

export type HealthCode = 'Grey' | 'Green' | 'Orange' | 'Red';

type HealthInput = Pick<VisitorRow, 'hdf' | 'visitor_temp' | 'applications'> & {
  residence: Pick<VisitorRow['residence'], 'hdf_enabled'>;
};

const DAY_MS = 24 * 3_600_000;

/** The newest application, by its creation time. */
export function latestApplication(
  applications: readonly HealthApplication[],
): HealthApplication | null {
  let latest: HealthApplication | null = null;
  for (const application of applications) {
    if (!latest || application.created_at > latest.created_at) latest = application;
  }
  return latest;
}

function hasExpired(application: HealthApplication, now: Date): boolean {
  const expires = timestampMs(application.qrcode_expired_at);
  return expires !== null && expires < now.getTime();
}

/** Disabled; Expired; else the visitor's status, the latest application's, or Pending. */
export function hdfStatus(visitor: HealthInput, now: Date): string {
  if (visitor.residence.hdf_enabled !== 1) return 'Disabled';
  const latest = latestApplication(visitor.applications);
  if (latest && hasExpired(latest, now)) return 'Expired';
  return visitor.hdf || latest?.status || 'Pending';
}

/** The temperature a pass is judged by: the latest application's at HDF sites, else the gate's. */
export function visitorTemperature(visitor: HealthInput): number | null {
  // At a site with health forms the form's reading counts; a walk-in's reading at the gate (no
  // form) is shown when there is none.
  if (visitor.residence.hdf_enabled === 1) {
    return latestApplication(visitor.applications)?.creator_temp ?? visitor.visitor_temp;
  }
  return visitor.visitor_temp;
}

export function healthCode(visitor: HealthInput, now: Date): HealthCode {
  if (visitor.residence.hdf_enabled !== 1) {
    // No reading at the gate leaves the default: nothing is known either way.
    if (visitor.visitor_temp === null) return 'Grey';
    return visitor.visitor_temp > FEVER_ABOVE ? 'Red' : 'Green';
  }
  const latest = latestApplication(visitor.applications);
  if (!latest) return 'Grey';
  if (latest.creator_temp !== null && latest.creator_temp > FEVER_ABOVE) {
    const updated = timestampMs(latest.creator_temp_updated_at);
    const stale = updated !== null && now.getTime() - updated >= STALE_TEMPERATURE_DAYS * DAY_MS;
    return stale ? 'Orange' : 'Red';
  }
  if (latest.status === 'APPROVED' && !hasExpired(latest, now)) return 'Green';
  if (latest.status === 'REJECTED') return 'Red';
  return 'Grey';
}
