/** Which way a pass scan went: the visitor came in, or went out. */
export type ScanType = 'IN' | 'OUT';

/** One scan of a visitor pass at a site's desk. */
export interface VisitorPassScan {
  uuid: string;
  scan_type: ScanType;
  /** UTC 'YYYY-MM-DD HH:MM:SS', the server's clock. */
  created_at: string;
  /** Who scanned it; null for scans made before scanners were recorded. */
  scanned_by_name: string | null;
}

/** A health declaration application of a pass (sites with the HDF form). */
export interface HealthApplication {
  status: string;
  created_at: string;
  qrcode_expired_at: string | null;
  creator_temp: number | null;
  creator_temp_updated_at: string | null;
}

/**
 * A visitor pass as GET /visitors/list answers it (spec part 2 §3). `date` is the pass's local
 * day ('YYYY-MM-DD') and `start_time`/`end_time` its local times ('HH:MM:SS') at the site;
 * every other timestamp is UTC 'YYYY-MM-DD HH:MM:SS'.
 */
export interface VisitorRow {
  /** The integer the guard app reads as the pass's id. */
  id: number;
  uuid: string;
  name: string;
  car_plate_number: string;
  phone_number: string;
  residence_uuid: string;
  residence_name: string;
  residence: { name: string; hdf_enabled: number; visitor_pass_checkpoint_times: number };
  unit_uuid: string | null;
  residence_unit: { name: string; owner_name: string } | null;
  category: string;
  type: string;
  /** ONE_TIME, or REPEAT for a pass valid on some weekdays for 30 days. */
  repeat_type: string;
  /** The weekdays of a repeating pass, comma-separated and upper case ('MONDAY,FRIDAY'). */
  repeatType: string;
  date: string;
  start_time: string;
  end_time: string;
  checkpoint_times: number;
  /** The pass's validity: VALID, or another status (EXPIRED, INVALID, CANCELLED …). */
  status: string;
  latest_scan_type: ScanType | null;
  /** When the visitor last came in and last went out (UTC), from the pass's scans. */
  check_in_time: string | null;
  check_out_time: string | null;
  hdf: string | null;
  visitor_temp: number | null;
  health_code: string | null;
  qrcode_expired_at: string | null;
  /** Who issued the pass: a login, or the guard that registered a walk-in at the gate. */
  user_profiles_by_created_by: { name: string } | null;
  /**
   * The visitor's IC or passport number, taken at the gate: whole for the company and the
   * superadmin, masked to its last four characters for everyone else; '' when none was taken.
   */
  ic_passport_number: string;
  /**
   * When the retention job removed the visitor's name, phone, document number, plate and photos
   * (VISITOR_DATA_RETENTION_DAYS after the pass's window ended); null while they are kept.
   */
  personal_data_removed_at: string | null;
  /** The latest health application only, newest first (enough for the HDF and health columns). */
  applications: HealthApplication[];
  /** Whom the visitor comes to see, named on a pass issued in the console ('' otherwise). */
  host_name: string;
  created_at: string;
}

/** One pass as GET /data/visitors/{uuid} answers it: the row, its code, scans and photos. */
export interface Visitor extends VisitorRow {
  qr_code: string;
  remarks: string;
  /** Where the e-pass was mailed ('' when none). */
  email: string;
  /** When the pass was cancelled (status CANCELLED), or null. */
  cancelled_at: string | null;
  /** The access card handed to the visitor at the gate ('' when none, or none numbered). */
  access_card_number: string;
  /** When it was handed out (UTC), or null when no card was. */
  access_card_issued_at: string | null;
  /** The console path of the pass's public e-pass page ('/pass/{token}'), or null once revoked. */
  epass_path: string | null;
  /** Every scan, oldest first. */
  visitor_pass_scans: VisitorPassScan[];
  /** File ids of the walk-in photos. */
  walkin_photo: string[];
  /** Their URLs (unguessable, like every file URL), in the same order. */
  walkin_photo_urls: string[];
  /**
   * The reasons of the watchlist entries the visitor matches at the pass's site (issue 23), on
   * the desk's look-up (GET /visitors/qr/{code}) and the pass's details; empty when none.
   */
  watchlist?: string[];
  /**
   * Who let the pass through those entries and when (UTC 'YYYY-MM-DD HH:mm:ss'), from the
   * pass's audit entries; null when nobody overrode every one of them (issue 34).
   */
  watchlist_override?: WatchlistOverride | null;
}

export interface WatchlistOverride {
  by: string;
  at: string;
}

/** What POST /visitors/qr/{code} answers: the scan it recorded and the pass after it. */
export interface VisitorScanAnswer {
  success: true;
  scan: VisitorPassScan;
  resource: Visitor;
}

/** What the public e-pass page shows (GET /epass/{token}), with no sign-in. */
export interface EPass {
  name: string;
  residence_name: string;
  unit_name: string | null;
  host_name: string;
  repeat_type: string;
  repeatType: string;
  date: string;
  start_time: string;
  end_time: string;
  /** The code the desk scans. */
  qr_code: string;
}

/** A unit of a site's directory, as the pass form offers it (GET /visitors/sites/{uuid}/units). */
export interface PassUnit {
  uuid: string;
  name: string;
  /** The unit's owner: the host a new pass starts with ('' when none is recorded). */
  owner_name: string;
}

/** What a pass's Add and Edit send (POST /visitors/add, PATCH /visitors/{uuid}). */
export interface PassBody {
  residence_uuid: string;
  unit_uuid: string;
  host_name: string;
  name: string;
  phone_number: string;
  email: string;
  car_plate_number: string;
  category: string;
  repeat_type: string;
  /** The weekdays of a repeating pass, comma-separated ('MONDAY,FRIDAY'); '' for one-time. */
  repeatType: string;
  /** YYYY-MM-DD, the site's local day. */
  date: string;
  /** HH:MM. */
  start_time: string;
  end_time: string;
  remarks: string;
  /** A company user's or the superadmin's explicit override of the watchlist (recorded). */
  override_watchlist?: boolean;
}
