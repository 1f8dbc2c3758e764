import { apiPost } from './client';
import type { ListResponse } from './types';

/** True when a login already uses this email: guards and logins must not share one. */
export async function isEmailInUse(email: string): Promise<boolean> {
  const answer = await apiPost<ListResponse<{ uuid: string; email: string }>>(
    '/admin/searchadmin',
    { email },
  );
  return answer.meta.count > 0;
}
