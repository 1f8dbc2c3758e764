/** Mean radius of the Earth (IUGG), in metres. */
const EARTH_RADIUS_M = 6_371_008.8;

export interface Position {
  lat: number;
  lng: number;
}

/** Great-circle distance between two positions, in metres (haversine: within 0.5 % anywhere). */
export function distanceMetres(from: Position, to: Position): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(to.lat - from.lat);
  const dLng = radians(to.lng - from.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(from.lat)) * Math.cos(radians(to.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The distance from the site, rounded to the metre, when both positions are known. */
export function distanceFromSite(
  site: { lat: number | null; lng: number | null },
  at: Position | null,
): number | null {
  if (!at || site.lat === null || site.lng === null) return null;
  return Math.round(distanceMetres({ lat: site.lat, lng: site.lng }, at));
}

/** One end of a shift is away from its site when it was further than the radius. */
export function isAwayFromSite(distance: number | null, radiusMetres: number): boolean {
  return distance !== null && distance > radiusMetres;
}
