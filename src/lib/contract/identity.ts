/** POST /identity/reset without a code: asks for a reset link by email. */
export interface ResetRequestBody {
  identifier: string;
  type: 'userpass';
  residence_type?: string;
}

/** POST /identity/reset?code=…: sets the new password. */
export interface ResetWithCodeBody {
  challenge: string;
}

/** POST /identity/{id}/challenge: the signed-in user's own password change. */
export interface ChangePasswordBody {
  old_challenge: string;
  challenge: string;
}
