/** A watchlist entry as GET /watchlist/list answers it (issue 23). */
export interface WatchlistEntry {
  uuid: string;
  security_company_uuid: string;
  security_company_name: string;
  /** The one site the entry is for; null for every site of the company. */
  residence_uuid: string | null;
  residence_name: string | null;
  name: string;
  ic_passport_number: string;
  car_plate_number: string;
  phone_number: string;
  reason: string;
  created_by_name: string | null;
  created_at: string;
  updated_at: string;
}

/** The add and edit payload; on PATCH a field left out stays as it is. */
export interface WatchlistBody {
  security_company_uuid?: string;
  residence_uuid?: string | null;
  name?: string;
  ic_passport_number?: string;
  car_plate_number?: string;
  phone_number?: string;
  reason?: string;
}

/** What a pass's look-up carries about the watchlist: the matching entries' reasons. */
export interface WatchlistHit {
  uuid: string;
  reason: string;
}
