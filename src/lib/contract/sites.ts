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
