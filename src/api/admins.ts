import type { AdminEmailMatch } from '../lib/contract/admins';
import type { ListResponse } from '../lib/contract/list';
import { apiPost } from './client';

/** True when a login already uses this email: guards and logins must not share one. */
export async function isEmailInUse(email: string): Promise<boolean> {
  const answer = await apiPost<ListResponse<AdminEmailMatch>>('/admin/searchadmin', { email });
  return answer.meta.count > 0;
}
