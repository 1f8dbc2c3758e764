import type { ListResponse, ResourceResponse } from '@contract/list';
import type { SecurityCompany, SecurityCompanyBody } from '@contract/security-companies';
import { apiDelete, apiGet, apiPatch, apiPost } from './client';
import { keywordFilter } from './filters';
import type { SortState } from './types';

/** A company as the console's pickers offer it; an inactive one only to a record already in it. */
export type SecurityCompanyOption = Pick<SecurityCompany, 'uuid' | 'name' | 'is_active'>;

const LIST_URL = '/securitycompanies/list';
const SEARCH_FIELDS = ['name', 'brn', 'license_number', 'user_email'] as const;

/** Companies the caller may pick from (the server limits them to the caller's scope). */
export async function listOptions(): Promise<SecurityCompanyOption[]> {
  const answer = await apiGet<ListResponse<SecurityCompany>>(LIST_URL, {
    params: { order: 'name asc', limit: 500 },
  });
  return answer.resource.map(({ uuid, name, is_active }) => ({ uuid, name, is_active }));
}

export async function list(params: {
  offset: number;
  limit: number;
  sort: SortState;
  search: string;
}): Promise<ListResponse<SecurityCompany>> {
  return apiGet<ListResponse<SecurityCompany>>(LIST_URL, {
    params: {
      related: 'kg_user_profile,residences,kg_guards',
      limit: params.limit,
      offset: params.offset,
      order: `${params.sort.field} ${params.sort.direction}`,
      ...(params.search ? { filter: keywordFilter(SEARCH_FIELDS, params.search) } : {}),
    },
  });
}

function only(answer: ResourceResponse<SecurityCompany[]>): SecurityCompany {
  const company = answer.resource[0];
  if (!company) throw new Error('The server answered no company.');
  return company;
}

export async function create(body: SecurityCompanyBody): Promise<SecurityCompany> {
  return only(await apiPost<ResourceResponse<SecurityCompany[]>>('/securitycompanies/add', body));
}

export async function update(uuid: string, body: SecurityCompanyBody): Promise<SecurityCompany> {
  return only(
    await apiPatch<ResourceResponse<SecurityCompany[]>>(
      `/securitycompanies/${encodeURIComponent(uuid)}`,
      body,
    ),
  );
}

export async function remove(uuid: string): Promise<void> {
  await apiDelete(`/securitycompanies/${encodeURIComponent(uuid)}`);
}
