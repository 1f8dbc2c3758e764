import type { ChangePasswordBody, ResetRequestBody, ResetWithCodeBody } from '@contract/identity';
import { apiPost } from './client';

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
