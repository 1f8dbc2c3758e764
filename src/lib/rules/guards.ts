/** Guard profile rules (spec part 1 §5, §9), shared by the guard form and the server. */
export const GUARD_MESSAGES = {
  companyRequired: 'Security Company is required.',
  nameRequired: 'Name is required.',
  guardIdRequired: 'Guard ID is required.',
  nationalityRequired: 'Nationality is required.',
  icPassportRequired: 'IC/Passport No. is required.',
  birthdateRequired: 'Birthdate is required.',
  birthdateInvalid: 'Birthdate must be a valid date in the format dd/MM/yyyy.',
  addressRequired: 'Address is required.',
  contactOnAdd: 'Contact No. is required and should at least be 10 digits long.',
  contactOnEdit: 'Contact No. is required or is invalid.',
  emailInvalid: 'Please enter a valid email address.',
  emailInUse: 'Email is already in use.',
  /** Sites are optional, except that a site supervisor must keep one of its own sites. */
  siteRequired: 'Site is required.',
  pinInvalid: 'PIN must be a 6-digit number from 100000 to 999999.',
  noPin: 'This guard has no PIN yet. Generate one on the guard’s profile.',
} as const;

export const CONTACT_NUMBER_MIN_LENGTH = 10;

/** Whole digits only, at least ten of them. */
export function isValidContactNumber(value: string): boolean {
  return /^\d+$/.test(value) && value.length >= CONTACT_NUMBER_MIN_LENGTH;
}

/** A deliberately plain check shared by both sides; the server stores the address as given. */
export function isValidEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) && value.length <= 254;
}

export const PIN_MIN = 100000;
export const PIN_MAX = 999999;

export function isValidPin(pin: string): boolean {
  if (!/^\d{6}$/.test(pin)) return false;
  const value = Number(pin);
  return value >= PIN_MIN && value <= PIN_MAX;
}

/** A random PIN from 100000 to 999999, from the platform's cryptographic generator. */
export function generatePin(random: () => number = cryptoRandom): string {
  return String(PIN_MIN + Math.floor(random() * (PIN_MAX - PIN_MIN + 1)));
}

function cryptoRandom(): number {
  const values = new Uint32Array(1);
  globalThis.crypto.getRandomValues(values);
  return (values[0] ?? 0) / 2 ** 32;
}
