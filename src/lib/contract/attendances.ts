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
  created_at: string;
}
