/** A site of a company, as the company list embeds it. */
export interface CompanySite {
  uuid: string;
  name: string;
  kipleguard_enabled: number;
}

/** A security company as the list answers it (spec part 2 §3). */
export interface SecurityCompany {
  uuid: string;
  name: string;
  brn: string;
  license_number: string;
  /** 'YYYY-MM-DD', or null. */
  license_expiry_date: string | null;
  address: string;
  lat: number | null;
  lng: number | null;
  is_active: number;
  kg_user_profile_uuid: string | null;
  /** The email of the company's login, or null when it has none. */
  email: string | null;
  kg_user_profile: { email: string } | null;
  /** Its live sites; No. of Sites counts those with kipleguard_enabled. */
  residences: CompanySite[];
  /** Live sites with the guard service on. */
  site_count: number;
  /** Live guards. */
  guard_count: number;
  created_at: string;
  updated_at: string;
}

/** POST /securitycompanies/add and PATCH /securitycompanies/{uuid} (login fields on add only). */
export interface SecurityCompanyBody {
  name: string;
  brn: string;
  license_number: string;
  license_expiry_date: string | null;
  address: string;
  lat: number | string | null;
  lng: number | string | null;
  is_active: number;
  residence_uuid: string[];
  email?: string;
  identifier?: string;
  challenge?: string;
  type?: 'userpass';
}
