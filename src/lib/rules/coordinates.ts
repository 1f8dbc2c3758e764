/** Latitude and longitude ranges shared by site, company and incident forms and the server. */
export const LAT_MIN = -90;
export const LAT_MAX = 90;
export const LNG_MIN = -180;
export const LNG_MAX = 180;

export function isValidLatitude(value: number): boolean {
  return Number.isFinite(value) && value >= LAT_MIN && value <= LAT_MAX;
}

export function isValidLongitude(value: number): boolean {
  return Number.isFinite(value) && value >= LNG_MIN && value <= LNG_MAX;
}
