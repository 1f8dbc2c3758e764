/** Latitude and longitude ranges shared by site, company and incident forms and the server. */
export const LAT_MIN = -90;
export const LAT_MAX = 90;
export const LNG_MIN = -180;
export const LNG_MAX = 180;

/** The spec's words for a coordinate out of range (part 2, security company form). */
export const COORDINATE_MESSAGES = {
  latitudeOutOfRange: 'Please enter values in decimal degree e.g +/-89.111111',
  longitudeOutOfRange: 'Please enter values in decimal degree e.g +/-179.111111',
} as const;

export function isValidLatitude(value: number): boolean {
  return Number.isFinite(value) && value >= LAT_MIN && value <= LAT_MAX;
}

export function isValidLongitude(value: number): boolean {
  return Number.isFinite(value) && value >= LNG_MIN && value <= LNG_MAX;
}
