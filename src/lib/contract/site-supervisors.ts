/** A site supervisor as GET /sitesupervisors/list answers it (spec part 2 §3). */
export interface SiteSupervisor {
  uuid: string;
  supervisor_name: string;
  supervisor_email: string;
  staff_id: string;
  is_active: number;
  created_at: string;
  security_company_uuid: string;
  kg_security_company: { uuid: string; name: string };
  kg_user_profile_uuid: string;
  kg_user_profiles_by_kg_user_profile_uuid: {
    phone: string;
    address: string;
    ic_passport_number: string;
    photo: string | null;
    photo_url: string | null;
  };
  kg_residence_supervisors: Array<{
    residence_uuid: string;
    residence_name: string;
    residence_kipleguard_enabled: number;
  }>;
}

/** The supervisor write payload (spec part 2 §3); `challenge` on add only. */
export interface SiteSupervisorBody {
  security_company_uuid: string;
  name: string;
  phone: string;
  address: string;
  is_active: number;
  ic_passport_number: string;
  residence_uuid: string[];
  email: string;
  identifier: string;
  challenge?: string;
  type: 'userpass';
  photo?: string | null;
  photo_url?: string | null;
}
