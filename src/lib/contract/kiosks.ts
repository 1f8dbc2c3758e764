/** A guardhouse device enrolled as a kiosk for one site (GET /kgapi/kiosks/list). */
export interface Kiosk {
  uuid: string;
  residence_uuid: string;
  residence_name: string;
  label: string;
  /** Who enrolled it; null once that login is gone. */
  enrolled_by_name: string | null;
  /** UTC 'YYYY-MM-DD HH:MM:SS'. */
  created_at: string;
  /** The last call the kiosk made (UTC), or null before its first. */
  last_seen_at: string | null;
}

/** POST /kgapi/kiosks/add: enrols the device the call comes from. */
export interface KioskEnrolBody {
  residence_uuid: string;
  label: string;
}

/** The device credential is answered once, here; only its hash is stored. */
export interface KioskEnrolAnswer {
  resource: Kiosk;
  token: string;
}
