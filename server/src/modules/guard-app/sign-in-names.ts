import type { Principal } from '../../auth/principal';
import type { PasswordThrottle, RefusalBudget } from '../../auth/password-throttle';
import type { ApiError } from '../../http/errors';
import { conflict } from '../../http/errors';
import { SignInTaken, type GuardAppRepository } from './guard-app.repository';

export const SIGN_IN_NAME_MESSAGES = {
  taken: 'Another guard with app access signs in with this email or contact number.',
  tooMany: 'Too many sign-in names were refused.',
} as const;

/**
 * How many "sign-in name taken" refusals one login may collect in an hour. The refusal tells that
 * some guard with app access has the name (the same words whatever company holds it); the limit
 * keeps anyone from sweeping emails or numbers through it.
 */
export const SIGN_IN_TAKEN_BUDGET: RefusalBudget = {
  max: 10,
  windowMs: 3_600_000,
  message: SIGN_IN_NAME_MESSAGES.tooMany,
};

/**
 * A guard's sign-in names (its email and contact number) are unique among guards with app
 * access: granting access, or editing a guard that has it, is refused with a field error when
 * another guard holds one. Every such refusal is counted against the login that got it.
 */
export function createSignInNames(deps: {
  guardApp: GuardAppRepository;
  throttle: PasswordThrottle;
}) {
  const budgetKey = (principal: Principal) => `sign-in-taken:${principal.profileUuid}`;

  /** The 409 for a taken name, counted against the caller. */
  async function refusal(principal: Principal, field: SignInTaken['field']): Promise<ApiError> {
    await deps.throttle.spendRefusal(budgetKey(principal), SIGN_IN_TAKEN_BUDGET);
    return conflict(SIGN_IN_NAME_MESSAGES.taken, 'SIGN_IN_TAKEN', field);
  }

  return {
    /**
     * Refuses (409 SIGN_IN_TAKEN on the field) names another guard with app access holds; past the
     * caller's budget, 429 before looking. `withAccessOnly`: only if this guard has app access.
     */
    async check(
      principal: Principal,
      guard: { uuid: string; email: string | null; contact_number: string },
      options: { withAccessOnly: boolean },
    ): Promise<void> {
      if (options.withAccessOnly && !(await deps.guardApp.credentialOf(guard.uuid))) return;
      await deps.throttle.checkRefusals(budgetKey(principal), SIGN_IN_TAKEN_BUDGET);
      const field = await deps.guardApp.signInTakenByOther(
        guard.uuid,
        guard.email,
        guard.contact_number,
      );
      if (field) throw await refusal(principal, field);
    },

    /** The answer to a SignInTaken thrown inside a write (two writes racing for one name). */
    async answer(principal: Principal, error: unknown): Promise<unknown> {
      return error instanceof SignInTaken ? refusal(principal, error.field) : error;
    },
  };
}

export type SignInNames = ReturnType<typeof createSignInNames>;
