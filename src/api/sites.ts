import { apiGet } from './client';
import { allOf, equals } from './filters';
import type { ListResponse } from './types';

/** A site (the API's residence), with the spec's fields. */
export interface Site {
  uuid: string;
  name: string;
  address: string;
  type: string;
  status: string;
  lat: number | null;
  lng: number | null;
  security_company_uuid: string | null;
  security_company_name: string | null;
  /** The company's uuid, as the original API also names it. */
  kg_security_company: string | null;
  file: { url: string } | null;
  kipleguard_enabled: number;
  kipleguard_visitors: number;
  kipleguard_reporting: number;
  kipleguard_attendance: number;
}

export interface SiteOption {
  uuid: string;
  name: string;
}

/** Sites with the guard service on, optionally of one company: the options of site pickers. */
export async function listOptions(companyUuid?: string | null): Promise<SiteOption[]> {
  const filter = allOf(
    equals('kipleguard_enabled', 1),
    companyUuid ? equals('security_company_uuid', companyUuid) : null,
  );
  const answer = await apiGet<ListResponse<SiteOption>>('/data/residences', {
    params: { filter, order: 'name asc', limit: 500 },
  });
  return answer.resource.map(({ uuid, name }) => ({ uuid, name }));
}
