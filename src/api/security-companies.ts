import { apiGet } from './client';
import type { ListResponse } from './types';

export interface SecurityCompanyOption {
  uuid: string;
  name: string;
}

/** Companies the caller may pick from (the server limits them to the caller's scope). */
export async function listOptions(): Promise<SecurityCompanyOption[]> {
  const answer = await apiGet<ListResponse<SecurityCompanyOption>>('/securitycompanies/list', {
    params: { order: 'name asc', limit: 500 },
  });
  return answer.resource.map(({ uuid, name }) => ({ uuid, name }));
}
