/** Login form and verification rules (spec part 2 §5), shared by the console and the server. */
import { EMAIL_INVALID, EMAIL_PATTERN, newPasswordProblem } from './passwords';

export const LOGIN_MESSAGES = {
  companyRequired: 'Security Company is required.',
  emailRequired: 'Email address is required.',
  passwordRequired: 'Password is required.',
  verificationFailed: 'Admin verification failed',
  verificationRequired: 'Please verify your email and password before this change.',
  cannotDeleteSelf: 'You cannot delete the login you are signed in with.',
  cannotDeactivateSelf: 'You cannot deactivate the login you are signed in with.',
  lastActiveLogin:
    'This is the last active login of its security company. Add or activate another login first.',
} as const;

/** How long a re-verification stays good for one login write. */
export const VERIFICATION_TTL_MS = 5 * 60_000;
/** The header a login write carries its proof of re-verification in. */
export const VERIFICATION_HEADER = 'X-Verification-Token';

export interface LoginFieldValues {
  security_company_uuid?: unknown;
  email?: unknown;
  challenge?: unknown;
}

export type LoginField = keyof LoginFieldValues;
export type LoginFieldErrors = Partial<Record<LoginField, string>>;

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** The login form's checks: on edit a blank password means "leave it as it is". */
export function loginFieldErrors(values: LoginFieldValues, mode: 'add' | 'edit'): LoginFieldErrors {
  const errors: LoginFieldErrors = {};
  if (!text(values.security_company_uuid))
    errors.security_company_uuid = LOGIN_MESSAGES.companyRequired;
  const email = text(values.email);
  if (!email) errors.email = LOGIN_MESSAGES.emailRequired;
  else if (!EMAIL_PATTERN.test(email)) errors.email = EMAIL_INVALID;
  const password = typeof values.challenge === 'string' ? values.challenge : '';
  if (!password && mode === 'add') errors.challenge = LOGIN_MESSAGES.passwordRequired;
  else if (password) {
    const problem = newPasswordProblem(password);
    if (problem) errors.challenge = problem;
  }
  return errors;
}
