import type { ListResponse, ResourceResponse } from '@contract/list';
import type { Site, SiteInput, SiteMove } from '@contract/sites';
import { apiDelete, apiGet, apiPatch, apiPost } from './client';
import { allOf, equals, keywordFilter } from './filters';
import type { SortState } from './types';

export interface SiteListParams {
  offset: number;
  limit: number;
  sort: SortState;
  /** '' means no keyword filter. */
  search: string;
}

/** A site as the console's pickers offer it. */
export type SiteOption = Pick<Site, 'uuid' | 'name'>;

const SITES_URL = '/data/residences';
/** Asks for the company name and cover photo with each site. */
const SITE_RELATIONS = 'security_company,file';
const SITE_SEARCH_FIELDS = ['uuid', 'name'] as const;

export async function list({
  offset,
  limit,
  sort,
  search,
}: SiteListParams): Promise<ListResponse<Site>> {
  const filter = allOf(
    'deleted_at IS NULL',
    search ? keywordFilter(SITE_SEARCH_FIELDS, search) : null,
  );
  return apiGet<ListResponse<Site>>(SITES_URL, {
    params: {
      related: SITE_RELATIONS,
      limit,
      offset,
      order: `${sort.field} ${sort.direction}`,
      filter,
    },
  });
}

async function findOne(filter: string): Promise<Site | null> {
  const answer = await apiGet<ListResponse<Site>>(SITES_URL, {
    params: { related: SITE_RELATIONS, limit: 1, filter },
  });
  return answer.resource[0] ?? null;
}

/**
 * One site by uuid, or null when it does not exist or is outside the caller's scope. The spec
 * asks only for sites with the guard service on; a site with it off is fetched a second time
 * without the flag, so that it can still be seen and corrected (its kipleguard_enabled says so).
 */
export async function get(uuid: string): Promise<Site | null> {
  const withGuardService = await findOne(
    allOf(equals('kipleguard_enabled', 1), equals('uuid', uuid)),
  );
  return withGuardService ?? findOne(equals('uuid', uuid));
}

function onlySite(answer: ResourceResponse<Site[]>): Site {
  const site = answer.resource[0];
  if (!site) throw new Error('The server answered no site.');
  return site;
}

export async function create(input: SiteInput): Promise<Site> {
  return onlySite(await apiPost<ResourceResponse<Site[]>>(SITES_URL, input));
}

export async function update(uuid: string, input: SiteInput): Promise<Site> {
  return onlySite(
    await apiPatch<ResourceResponse<Site[]>>(`${SITES_URL}/${encodeURIComponent(uuid)}`, input),
  );
}

/**
 * What saving the site with `companyUuid` (null: no company) would end, for the superadmin to
 * confirm before the save; nothing is changed by asking.
 */
export async function siteMove(uuid: string, companyUuid: string | null): Promise<SiteMove> {
  return apiGet<SiteMove>(`${SITES_URL}/${encodeURIComponent(uuid)}/move`, {
    params: { security_company_uuid: companyUuid ?? '' },
  });
}

/** Lets guards start and end shifts at the site with their PIN alone, or not. */
export async function setPinOnlyShifts(uuid: string, on: boolean): Promise<Site> {
  return onlySite(
    await apiPatch<ResourceResponse<Site[]>>(
      `${SITES_URL}/${encodeURIComponent(uuid)}/shift-settings`,
      { pin_only_shifts: on ? 1 : 0 },
    ),
  );
}

export async function remove(uuid: string): Promise<void> {
  await apiDelete(`${SITES_URL}/${encodeURIComponent(uuid)}`);
}

/** Sites with the guard service on, optionally of one company: the options of site pickers. */
export async function listOptions(companyUuid?: string | null): Promise<SiteOption[]> {
  const filter = allOf(
    equals('kipleguard_enabled', 1),
    companyUuid ? equals('security_company_uuid', companyUuid) : null,
  );
  const answer = await apiGet<ListResponse<Site>>(SITES_URL, {
    params: { filter, order: 'name asc', limit: 500 },
  });
  return answer.resource.map(({ uuid, name }) => ({ uuid, name }));
}

/**
 * The sites a company form may give its company: those with the guard service on that have no
 * company, or are already `companyUuid`'s (the server also lets a deleted company's sites go).
 */
export async function listAssignable(companyUuid: string | null): Promise<SiteOption[]> {
  const owner = companyUuid
    ? `(security_company_uuid IS NULL) OR ${equals('security_company_uuid', companyUuid)}`
    : 'security_company_uuid IS NULL';
  const answer = await apiGet<ListResponse<Site>>(SITES_URL, {
    params: {
      filter: allOf(equals('kipleguard_enabled', 1), owner),
      order: 'name asc',
      limit: 500,
    },
  });
  return answer.resource.map(({ uuid, name }) => ({ uuid, name }));
}
