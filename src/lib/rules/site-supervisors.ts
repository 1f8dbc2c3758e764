/** Site supervisor form rules (spec part 2 §5), shared by the console's form and the server. */
import { EMAIL_INVALID, EMAIL_PATTERN, newPasswordProblem } from './passwords';

export const MIN_PHONE_LENGTH = 10;
export const PHONE_PREFIX = '60';

export const SUPERVISOR_MESSAGES = {
  companyRequired: 'Please select the security company',
  nameRequired: 'Please enter the name',
  phoneRequired: 'Please enter the phone number',
  phonePrefix: 'Phone number should start with 60',
  phoneDigits: 'Phone number should be in digits only',
  phoneTooShort: `Phone number should be at least ${MIN_PHONE_LENGTH} digits long`,
  emailRequired: 'Please enter the Email',
  passwordRequired: 'Please enter the password',
  siteInvalid: 'A chosen site is not one of the company’s sites with the guard service.',
  photoNotFound: 'The photo was not found. Please upload it again.',
} as const;

export interface SupervisorFieldValues {
  security_company_uuid?: unknown;
  name?: unknown;
  phone?: unknown;
  email?: unknown;
  challenge?: unknown;
}

export type SupervisorField = keyof SupervisorFieldValues;
export type SupervisorFieldErrors = Partial<Record<SupervisorField, string>>;

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

/** The problem with a phone number, or null: digits only, starting with 60, long enough on add. */
export function phoneProblem(phone: string, mode: 'add' | 'edit'): string | null {
  if (!phone) return SUPERVISOR_MESSAGES.phoneRequired;
  if (!/^\d+$/.test(phone)) return SUPERVISOR_MESSAGES.phoneDigits;
  if (!phone.startsWith(PHONE_PREFIX)) return SUPERVISOR_MESSAGES.phonePrefix;
  if (mode === 'add' && phone.length < MIN_PHONE_LENGTH) return SUPERVISOR_MESSAGES.phoneTooShort;
  return null;
}

/** The supervisor form's checks, field → message in form order; the password on add only. */
export function supervisorFieldErrors(
  values: SupervisorFieldValues,
  mode: 'add' | 'edit',
): SupervisorFieldErrors {
  const errors: SupervisorFieldErrors = {};
  if (!text(values.security_company_uuid))
    errors.security_company_uuid = SUPERVISOR_MESSAGES.companyRequired;
  if (!text(values.name)) errors.name = SUPERVISOR_MESSAGES.nameRequired;
  const phone = phoneProblem(text(values.phone), mode);
  if (phone) errors.phone = phone;
  const email = text(values.email);
  if (!email) errors.email = SUPERVISOR_MESSAGES.emailRequired;
  else if (!EMAIL_PATTERN.test(email)) errors.email = EMAIL_INVALID;
  if (mode === 'add') {
    const password = typeof values.challenge === 'string' ? values.challenge : '';
    if (!password) errors.challenge = SUPERVISOR_MESSAGES.passwordRequired;
    else {
      const problem = newPasswordProblem(password);
      if (problem) errors.challenge = problem;
    }
  }
  return errors;
}
