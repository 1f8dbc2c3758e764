/** An attendance row as the API answers it (spec part 1 §3). */
export interface Attendance {
  uuid: string;
  guard_id: string;
  guard_name: string;
  kg_guard_uuid: string;
  residence_uuid: string;
  residence_name: string;
  residence: { name: string; security_company_name: string | null };
  security_company_name: string | null;
  /** UTC 'YYYY-MM-DD HH:MM:SS', or null when not checked in. */
  checkin_at: string | null;
  /** UTC 'YYYY-MM-DD HH:MM:SS', or null when not checked out. */
  checkout_at: string | null;
  checkin_lat: number | null;
  checkin_lng: number | null;
  checkout_lat: number | null;
  checkout_lng: number | null;
  checkin_photo_url: string | null;
  checkout_photo_url: string | null;
  /** When the retention job deleted the selfies (SELFIE_RETENTION_DAYS); null while kept. */
  selfies_removed_at: string | null;
  /** Metres from the site's position at check-in and check-out, when both were known. */
  checkin_distance_m: number | null;
  checkout_distance_m: number | null;
  /** Each distance beyond the server's geofence radius (GEOFENCE_RADIUS_METRES). */
  checkin_away_from_site: boolean;
  checkout_away_from_site: boolean;
  /** Either end of the shift was away from the site. */
  away_from_site: boolean;
  created_at: string;
}
