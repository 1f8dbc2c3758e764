import type { ChangePasswordBody, ResetRequestBody, ResetWithCodeBody } from '@contract/identity';
import type { ActiveSession } from '@contract/session';
import { apiDelete, apiGet, apiPost } from './client';

/** Forgot password: mails a reset link to the account of this email (spec part 2 §7). */
export async function requestReset(email: string): Promise<void> {
  const body: ResetRequestBody = {
    identifier: email,
    type: 'userpass',
    residence_type: 'Residence',
  };
  await apiPost('/identity/reset', body);
}

/** Sets a new password with the code of a mailed link; the code works once. */
export async function resetWithCode(code: string, password: string): Promise<void> {
  const body: ResetWithCodeBody = { challenge: password };
  await apiPost('/identity/reset', body, { params: { code } });
}

/** The signed-in user's own password change, which needs the current password. */
export async function changePassword(
  identityUuid: string,
  currentPassword: string,
  newPassword: string,
): Promise<void> {
  const body: ChangePasswordBody = { old_challenge: currentPassword, challenge: newPassword };
  await apiPost(`/identity/${encodeURIComponent(identityUuid)}/challenge`, body);
}

/** The signed-in person's live sessions, this one included. */
export async function listSessions(): Promise<ActiveSession[]> {
  const answer = await apiGet<{ resource: ActiveSession[] }>('/identity/sessions');
  return answer.resource;
}

/** Ends one of the signed-in person's sessions: that device must sign in again. */
export async function endSession(uuid: string): Promise<void> {
  await apiDelete(`/identity/sessions/${encodeURIComponent(uuid)}`);
}
