import type { ListResponse, ResourceResponse } from '@contract/list';
import type { Login, LoginBody } from '@contract/logins';
import { VERIFICATION_HEADER } from '@rules/logins';
import { apiDelete, apiGet, apiPatch, apiPost } from './client';
import { allOf, equals, keywordFilter } from './filters';
import type { SortState } from './types';

const SEARCH_FIELDS = ['user_email', 'security_company_name'] as const;

export async function list(params: {
  offset: number;
  limit: number;
  sort: SortState;
  search: string;
}): Promise<ListResponse<Login>> {
  return apiGet<ListResponse<Login>>('/logins/list', {
    params: {
      related: 'residences',
      limit: params.limit,
      offset: params.offset,
      order: `${params.sort.field} ${params.sort.direction}`,
      filter: allOf(
        equals('access_type', 'securitycompany'),
        params.search ? keywordFilter(SEARCH_FIELDS, params.search) : null,
      ),
    },
  });
}

/** Every login write carries the proof of re-verification that POST /admin/verify answered. */
const withProof = (verificationToken: string) => ({
  headers: { [VERIFICATION_HEADER]: verificationToken },
});

function only(answer: ResourceResponse<Login[]>): Login {
  const login = answer.resource[0];
  if (!login) throw new Error('The server answered no login.');
  return login;
}

export async function create(body: LoginBody, verificationToken: string): Promise<Login> {
  return only(
    await apiPost<ResourceResponse<Login[]>>('/logins/add', body, withProof(verificationToken)),
  );
}

export async function update(
  uuid: string,
  body: LoginBody,
  verificationToken: string,
): Promise<Login> {
  return only(
    await apiPatch<ResourceResponse<Login[]>>(
      `/logins/${encodeURIComponent(uuid)}`,
      body,
      withProof(verificationToken),
    ),
  );
}

export async function remove(uuid: string, verificationToken: string): Promise<void> {
  await apiDelete(`/logins/${encodeURIComponent(uuid)}`, withProof(verificationToken));
}
