import type { SiteFlag, SiteStatus } from '@rules/sites';

/** A site (the API's residence) as the API answers it (spec part 1 §3). */
export interface Site {
  uuid: string;
  name: string;
  address: string;
  type: string;
  status: string;
  lat: number | null;
  lng: number | null;
  security_company_uuid: string | null;
  /** The company's uuid again, under the name the original API used. */
  kg_security_company: string | null;
  security_company_name: string | null;
  file: { url: string } | null;
  kipleguard_enabled: number;
  kipleguard_visitors: number;
  kipleguard_reporting: number;
  kipleguard_attendance: number;
  hdf_enabled: number;
  visitor_pass_checkpoint_times: number;
  /** 1 when guards may start and end shifts here with their PIN alone, without a selfie. */
  pin_only_shifts: number;
  created_at: string;
  updated_at: string;
}

/** What POST and PATCH /data/residences take; lat and lng are both set or both null. */
export interface SiteInput extends Record<SiteFlag, 0 | 1> {
  name: string;
  address: string;
  type: string;
  status: SiteStatus;
  lat: number | null;
  lng: number | null;
  security_company_uuid: string | null;
  /** The cover photo's uuid from the upload call; left out keeps the cover, null removes it. */
  file_uuid?: string | null;
}

/**
 * What moving a site to another company (or to none) would do, for the superadmin to confirm
 * first (GET /data/residences/{uuid}/move): the ties to its company that end, and the records
 * that go with the site to the new company.
 */
export interface SiteMove {
  from_company_name: string | null;
  to_company_name: string | null;
  /** False when the company stays the same: nothing ends. */
  moves: boolean;
  ends: { guard_links: number; supervisor_links: number; kiosks: number; open_shifts: number };
  records: { attendances: number; visitors: number; incidents: number };
}
