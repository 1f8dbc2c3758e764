import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { apiErrorOf } from '../../api/client';
import * as identityApi from '../../api/identity';
import { PASSWORD_TEXTS } from './password-texts';

/**
 * Resolves to null when the call succeeded, else to the words the screen shows. Plain thunks:
 * the passwords stay out of actions (and so out of any action log), and the screens keep their
 * idle → busy → success or error state themselves (spec part 2 §4).
 */
type PasswordThunk = ThunkAction<Promise<string | null>, unknown, unknown, UnknownAction>;

/**
 * Spec part 2 §8: IDENTITY_NOT_FOUND reads 'Account not found.'; otherwise the server's message
 * when it gave one, else the screen's own words (the network failed, or something other than the
 * API answered).
 */
function failureText(error: unknown, unknownError: string): string {
  const answer = apiErrorOf(error);
  if (answer?.code === 'IDENTITY_NOT_FOUND') return PASSWORD_TEXTS.accountNotFound;
  return answer?.message ?? unknownError;
}

/** Forgot password: asks for a reset link to be mailed. */
export function requestPasswordReset(email: string): PasswordThunk {
  return async () => {
    try {
      await identityApi.requestReset(email);
      return null;
    } catch (error) {
      return failureText(error, PASSWORD_TEXTS.requestFailed);
    }
  };
}

/** How a new password is authorised: a mailed link's code, or the signed-in user's current one. */
export type NewPasswordRequest =
  | { code: string; password: string }
  | { identityUuid: string; currentPassword: string; password: string };

/** Reset password: sets the new password. */
export function setNewPassword(request: NewPasswordRequest): PasswordThunk {
  return async () => {
    try {
      if ('code' in request) {
        await identityApi.resetWithCode(request.code, request.password);
      } else {
        await identityApi.changePassword(
          request.identityUuid,
          request.currentPassword,
          request.password,
        );
      }
      return null;
    } catch (error) {
      return failureText(error, PASSWORD_TEXTS.resetFailed);
    }
  };
}
