import type { AdminEmailMatch } from '@contract/admins';
import type { ListResponse } from '@contract/list';
import type { VerifyAnswer } from '@contract/logins';
import { apiPost } from './client';

/** True when a login already uses this email: guards and logins must not share one. */
export async function isEmailInUse(email: string): Promise<boolean> {
  const answer = await apiPost<ListResponse<AdminEmailMatch>>('/admin/searchadmin', { email });
  return answer.meta.count > 0;
}

/**
 * True when a login other than `ownUuid` uses this email. An edit form passes the uuid of the
 * record's own login, which the server names when the caller may see it.
 */
export async function isEmailTakenByAnother(email: string, ownUuid: string): Promise<boolean> {
  const answer = await apiPost<ListResponse<AdminEmailMatch>>('/admin/searchadmin', { email });
  const own = answer.resource.filter((match) => match.uuid === ownUuid).length;
  return answer.meta.count - own > 0;
}

/**
 * Re-verifies the signed-in administrator with their own email and password; answers the
 * single-use proof a login write must carry.
 */
export async function verify(identifier: string, challenge: string): Promise<string> {
  const answer = await apiPost<VerifyAnswer>('/admin/verify', { identifier, challenge });
  return answer.verification_token;
}
