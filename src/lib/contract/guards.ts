/** A site a guard is posted to, as the guard record carries it. */
export interface GuardSiteLink {
  residence_uuid: string;
  residence_name: string;
  /** 1 when the site has the guard service on. */
  residence_kipleguard_enabled: number;
}

/** A guard as the API answers it (spec part 1 §3). */
export interface Guard {
  uuid: string;
  guard_id: string;
  name: string;
  email: string | null;
  address: string;
  contact_number: string;
  ic_passport_number: string;
  nationality: string;
  /** 'YYYY-MM-DD'; null for a guard stored without one. */
  birthdate: string | null;
  is_active: number;
  security_company_uuid: string;
  security_company_name: string;
  /**
   * The PIN, only in the answer of POST /guards/add (its creator sees it once); null elsewhere:
   * a PIN is shown on an explicit reveal, POST /guards/{uuid}/pin/reveal, audited.
   */
  pin: string | null;
  /** Whether the guard has a PIN (the profile's PIN status). */
  pin_enabled: boolean;
  /** The photo's file uuid. */
  photo: string | null;
  photo_url: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  kg_residence_guards: GuardSiteLink[];
  /** Only when the client asks for related=kg_security_company. */
  kg_security_company?: { uuid: string; name: string };
}

/** What POST /guards/add and PATCH /guards/{uuid} take: the guard's own fields and its sites. */
export interface GuardPayload {
  security_company_uuid: string;
  guard_id: string;
  name: string;
  email: string | null;
  address: string;
  contact_number: string;
  ic_passport_number: string;
  nationality: string;
  /** 'YYYY-MM-DD'. */
  birthdate: string;
  residence_uuids: string[];
  /** 1 or 0; a new guard is active unless told otherwise. */
  is_active?: number;
  /** Add only; a missing or invalid PIN is replaced by a generated one. */
  pin?: string;
  /** The uuid the upload call answered; null removes the photo. */
  photo?: string | null;
}

/** The answer of PATCH /guards/updatepin/{uuid}. */
export interface GuardPin {
  uuid: string;
  pin: string;
}

/** GET /kgapi/guards/{uuid}/app-access: whether the guard can sign in to the guard app. */
export interface GuardAppAccess {
  /** The guard has a password for the guard app. */
  has_password: boolean;
  /** When it was last set (UTC 'YYYY-MM-DD HH:MM:SS'), or null. */
  password_set_at: string | null;
  /** The device the guard is signed in on in the app ("brand model"), or null. */
  signed_in_device: string | null;
  /** While wrong PINs lock the guard out: until when (UTC), else null. */
  pin_locked_until: string | null;
  /** Wrong PINs in the current window. */
  pin_failures: number;
}

/** PUT /kgapi/guards/{uuid}/app-access: set a password, or mail the guard a link to set one. */
export type GuardAppAccessBody = { password: string } | { send_link: true };
