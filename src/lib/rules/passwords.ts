/** Password rules of every form that sets one (spec part 2 §5, reset password), and the server's. */
export const MIN_PASSWORD_LENGTH = 6;
/** Longer passwords only cost scrypt time; nobody types more. */
export const MAX_PASSWORD_LENGTH = 1024;

export const PASSWORD_MESSAGES = {
  tooShort: 'Please use a password that is at least 6 characters long.',
  tooLong: `Please use a password of at most ${MAX_PASSWORD_LENGTH} characters.`,
  mismatch: 'You password does not match.',
} as const;

/** The problem with a new password, or null. */
export function newPasswordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (password.length > MAX_PASSWORD_LENGTH) return PASSWORD_MESSAGES.tooLong;
  return null;
}

/** A plausible email: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_INVALID = 'Please enter a valid email address.';
export const EMAIL_IN_USE = 'Email is already in use.';
