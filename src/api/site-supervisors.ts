import type { ListResponse, ResourceResponse } from '@contract/list';
import type { SiteSupervisor, SiteSupervisorBody } from '@contract/site-supervisors';
import { apiDelete, apiGet, apiPatch, apiPost } from './client';
import { keywordFilter } from './filters';
import type { SortState } from './types';

const SEARCH_FIELDS = ['supervisor_name', 'supervisor_email', 'staff_id'] as const;

export async function list(params: {
  offset: number;
  limit: number;
  sort: SortState;
  search: string;
}): Promise<ListResponse<SiteSupervisor>> {
  return apiGet<ListResponse<SiteSupervisor>>('/sitesupervisors/list', {
    params: {
      related:
        'kg_security_company,kg_user_profiles_by_kg_user_profile_uuid,kg_residence_supervisors',
      limit: params.limit,
      offset: params.offset,
      order: `${params.sort.field} ${params.sort.direction}`,
      ...(params.search ? { filter: keywordFilter(SEARCH_FIELDS, params.search) } : {}),
    },
  });
}

function only(answer: ResourceResponse<SiteSupervisor[]>): SiteSupervisor {
  const supervisor = answer.resource[0];
  if (!supervisor) throw new Error('The server answered no supervisor.');
  return supervisor;
}

export async function create(body: SiteSupervisorBody): Promise<SiteSupervisor> {
  return only(await apiPost<ResourceResponse<SiteSupervisor[]>>('/sitesupervisors/add', body));
}

export async function update(uuid: string, body: SiteSupervisorBody): Promise<SiteSupervisor> {
  return only(
    await apiPatch<ResourceResponse<SiteSupervisor[]>>(
      `/sitesupervisors/${encodeURIComponent(uuid)}`,
      body,
    ),
  );
}

export async function remove(uuid: string): Promise<void> {
  await apiDelete(`/sitesupervisors/${encodeURIComponent(uuid)}`);
}
