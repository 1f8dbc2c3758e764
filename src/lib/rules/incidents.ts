import { LAT_MAX, LAT_MIN, LNG_MAX, LNG_MIN } from './coordinates';

/** Incident statuses (spec part 2 §4): PENDING by default, RESOLVED when dealt with. */
export const INCIDENT_STATUSES = ['PENDING', 'RESOLVED'] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];

/** Files one incident may hold; more would not fit a report. */
export const MAX_INCIDENT_FILES = 20;
/** Photos a guard may send with one report (the guard app's 0 to 5, and the kiosk's). */
export const MAX_REPORT_PHOTOS = 5;
/** Clock difference tolerated between a browser and the server when judging "not in the future". */
export const FUTURE_TOLERANCE_MS = 60_000;

/** The Add Incident form's words (spec part 2 §5), quoted to the letter where the spec quotes them. */
export const INCIDENT_MESSAGES = {
  dateRequired: 'Date is required.',
  timeRequired: 'Time is required.',
  siteRequired: 'Site is required.',
  categoryRequired: 'Category is required.',
  descriptionRequired: 'Description is required.',
  outOfRange: (min: number, max: number) => `Enter value a between ${min} and ${max}`,
  cannotBeBlank: (field: string) => `${field} cannot be blank.`,
  dateInvalid: 'Enter the date as DD/MM/YYYY.',
  dateInFuture: 'The date cannot be later than today.',
  timeInFuture: 'The time cannot be later than now.',
  /** The server's word for both: it sees one UTC instant, not the reader's day. */
  momentInFuture: 'The incident date and time cannot be later than now.',
  statusInvalid: 'Status must be PENDING or RESOLVED.',
  tooManyFiles: `An incident can hold at most ${MAX_INCIDENT_FILES} files.`,
} as const;

/** The coordinates' labels in the form, as '{field} cannot be blank.' names them. */
export const COORDINATE_LABELS = { lat: 'Lat', lng: 'Long' } as const;

export const LAT_RANGE = { min: LAT_MIN, max: LAT_MAX } as const;
export const LNG_RANGE = { min: LNG_MIN, max: LNG_MAX } as const;

export function isIncidentStatus(value: unknown): value is IncidentStatus {
  return (INCIDENT_STATUSES as readonly unknown[]).includes(value);
}

/**
 * The problem with an incident's coordinates, or null: each within its range, and both or
 * neither. `null` means left blank.
 */
export function coordinatesProblem(lat: number | null, lng: number | null): string | null {
  if (lat !== null && !(lat >= LAT_RANGE.min && lat <= LAT_RANGE.max)) {
    return INCIDENT_MESSAGES.outOfRange(LAT_RANGE.min, LAT_RANGE.max);
  }
  if (lng !== null && !(lng >= LNG_RANGE.min && lng <= LNG_RANGE.max)) {
    return INCIDENT_MESSAGES.outOfRange(LNG_RANGE.min, LNG_RANGE.max);
  }
  if (lat !== null && lng === null) return INCIDENT_MESSAGES.cannotBeBlank(COORDINATE_LABELS.lng);
  if (lng !== null && lat === null) return INCIDENT_MESSAGES.cannotBeBlank(COORDINATE_LABELS.lat);
  return null;
}

/** True when an instant lies in the future beyond the tolerated clock difference. */
export function isInFuture(instantMs: number, nowMs: number): boolean {
  return instantMs > nowMs + FUTURE_TOLERANCE_MS;
}
