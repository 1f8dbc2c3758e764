/** A login of the access type securitycompany, as GET /logins/list answers it (spec part 2 §3). */
export interface Login {
  /** The login's user profile. */
  uuid: string;
  security_company_uuid: string;
  security_company_name: string;
  /** 1 while the company is active; a login of an inactive company cannot sign in. */
  security_company_is_active: number;
  user_email: string;
  is_active: number;
  created_at: string;
  access_type: 'securitycompany';
  /** The company's sites. */
  residences: Array<{ residence_name: string }>;
}

/** The login write payload (spec part 2 §3); a blank `challenge` on update keeps the password. */
export interface LoginBody {
  security_company_uuid: string;
  name: string;
  is_active: number;
  identifier: string;
  challenge?: string;
  email: string;
  type: 'userpass';
  uuid?: string;
}

/** POST /admin/verify's answer: a short-lived, single-use proof for one login write. */
export interface VerifyAnswer {
  success: true;
  verification_token: string;
}
