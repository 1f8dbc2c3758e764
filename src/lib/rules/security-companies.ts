/** Security company form rules (spec part 2 §5), shared by the console's form and the server. */
import { COORDINATE_MESSAGES, isValidLatitude, isValidLongitude } from './coordinates';
import { EMAIL_INVALID, EMAIL_PATTERN, newPasswordProblem } from './passwords';
import { readCoordinate } from './sites';

export const COMPANY_MESSAGES = {
  nameRequired: 'Please enter your company name',
  brnRequired: 'Please enter your BRN',
  licenseRequired: 'Please enter your license number',
  addressRequired: 'Please enter your address',
  emailRequired: 'Please enter your e-mail',
  passwordRequired: 'Please enter your password',
  latitudeOutOfRange: COORDINATE_MESSAGES.latitudeOutOfRange,
  longitudeOutOfRange: COORDINATE_MESSAGES.longitudeOutOfRange,
  latitudeRequired: 'Please enter your latitude',
  longitudeRequired: 'Please enter your longitude',
  expiryInvalid: 'Please enter the license expiry date as a real date.',
  siteTaken: 'A chosen site belongs to another security company.',
  siteUnknown: 'A chosen site does not exist.',
} as const;

/** Up to 6 decimals, as the spec's examples show (+/-89.111111). */
const SIX_DECIMALS = /^[-+]?\d+(\.\d{1,6})?$/;

export interface CompanyFieldValues {
  name?: unknown;
  brn?: unknown;
  license_number?: unknown;
  license_expiry_date?: unknown;
  address?: unknown;
  lat?: unknown;
  lng?: unknown;
  email?: unknown;
  challenge?: unknown;
}

export type CompanyField = keyof CompanyFieldValues;
export type CompanyFieldErrors = Partial<Record<CompanyField, string>>;

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function coordinateOk(value: unknown, inRange: (n: number) => boolean): boolean {
  const number = readCoordinate(value);
  return number !== null && inRange(number) && SIX_DECIMALS.test(String(value).trim());
}

/**
 * The company form's checks, field → message in form order. The login's email and password are
 * asked for on add only (the email cannot change on edit).
 */
export function companyFieldErrors(
  values: CompanyFieldValues,
  mode: 'add' | 'edit',
): CompanyFieldErrors {
  const errors: CompanyFieldErrors = {};
  if (!text(values.name)) errors.name = COMPANY_MESSAGES.nameRequired;
  if (!text(values.brn)) errors.brn = COMPANY_MESSAGES.brnRequired;
  if (!text(values.license_number)) errors.license_number = COMPANY_MESSAGES.licenseRequired;
  const expiry = text(values.license_expiry_date);
  if (expiry && !/^\d{4}-\d{2}-\d{2}$/.test(expiry))
    errors.license_expiry_date = COMPANY_MESSAGES.expiryInvalid;
  if (!text(values.address)) errors.address = COMPANY_MESSAGES.addressRequired;

  const hasLat = readCoordinate(values.lat) !== null;
  const hasLng = readCoordinate(values.lng) !== null;
  if (hasLat && !coordinateOk(values.lat, isValidLatitude))
    errors.lat = COMPANY_MESSAGES.latitudeOutOfRange;
  else if (!hasLat && hasLng) errors.lat = COMPANY_MESSAGES.latitudeRequired;
  if (hasLng && !coordinateOk(values.lng, isValidLongitude))
    errors.lng = COMPANY_MESSAGES.longitudeOutOfRange;
  else if (!hasLng && hasLat) errors.lng = COMPANY_MESSAGES.longitudeRequired;

  if (mode === 'add') {
    const email = text(values.email);
    if (!email) errors.email = COMPANY_MESSAGES.emailRequired;
    else if (!EMAIL_PATTERN.test(email)) errors.email = EMAIL_INVALID;
    const password = typeof values.challenge === 'string' ? values.challenge : '';
    if (!password) errors.challenge = COMPANY_MESSAGES.passwordRequired;
    else {
      const problem = newPasswordProblem(password);
      if (problem) errors.challenge = problem;
    }
  }
  return errors;
}
