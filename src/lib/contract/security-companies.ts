/** A security company as the list answers it (spec part 2 §3). */
export interface SecurityCompany {
  uuid: string;
  name: string;
  brn: string;
  license_number: string;
  license_expiry_date: string | null;
  address: string;
  lat: number | null;
  lng: number | null;
  is_active: number;
  kg_user_profile_uuid: string | null;
  /** The email of the company's login, or null when it has none. */
  email: string | null;
  created_at: string;
  updated_at: string;
}
