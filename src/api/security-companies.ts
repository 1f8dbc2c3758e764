import type { ListResponse } from '../lib/contract/list';
import type { SecurityCompany } from '../lib/contract/security-companies';
import { apiGet } from './client';

/** A company as the console's pickers offer it. */
export type SecurityCompanyOption = Pick<SecurityCompany, 'uuid' | 'name'>;

/** Companies the caller may pick from (the server limits them to the caller's scope). */
export async function listOptions(): Promise<SecurityCompanyOption[]> {
  const answer = await apiGet<ListResponse<SecurityCompany>>('/securitycompanies/list', {
    params: { order: 'name asc', limit: 500 },
  });
  return answer.resource.map(({ uuid, name }) => ({ uuid, name }));
}
