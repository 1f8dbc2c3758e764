/** Site rules (spec part 1 §3, issue 4), shared by the Add/Edit Site form and the server. */
import { COORDINATE_MESSAGES, isValidLatitude, isValidLongitude } from './coordinates';

export const SITE_TYPES = ['Residence', 'Condominium', 'Landed', 'Commercial'] as const;
export type SiteType = (typeof SITE_TYPES)[number];

export const SITE_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type SiteStatus = (typeof SITE_STATUSES)[number];

/** The switches of the site form; the last three decide the site details tabs. */
export const SITE_FLAGS = [
  'kipleguard_enabled',
  'kipleguard_visitors',
  'kipleguard_reporting',
  'kipleguard_attendance',
] as const;
export type SiteFlag = (typeof SITE_FLAGS)[number];

export const SITE_NAME_MAX_LENGTH = 200;
export const SITE_ADDRESS_MAX_LENGTH = 500;

export const SITE_MESSAGES = {
  nameRequired: 'Please enter the site name',
  nameTooLong: `Site name must be at most ${SITE_NAME_MAX_LENGTH} characters.`,
  addressRequired: 'Please enter the address',
  addressTooLong: `Address must be at most ${SITE_ADDRESS_MAX_LENGTH} characters.`,
  typeRequired: 'Please select the site type',
  typeInvalid: `Site type must be one of ${SITE_TYPES.join(', ')}.`,
  statusInvalid: `Status must be ${SITE_STATUSES.join(' or ')}.`,
  latitudeRequired: 'Please enter the latitude',
  longitudeRequired: 'Please enter the longitude',
  latitudeOutOfRange: COORDINATE_MESSAGES.latitudeOutOfRange,
  longitudeOutOfRange: COORDINATE_MESSAGES.longitudeOutOfRange,
  flagInvalid: 'Feature switches must be on or off (1 or 0).',
  companyNotFound: 'The selected security company does not exist.',
  coverNotFound: 'The cover photo was not found. Please upload it again.',
} as const;

/** The site form's values as the form or an API payload holds them: text or numbers. */
export interface SiteFieldValues {
  name?: unknown;
  address?: unknown;
  type?: unknown;
  status?: unknown;
  lat?: unknown;
  lng?: unknown;
}

export type SiteField = 'name' | 'address' | 'type' | 'status' | 'lat' | 'lng';

/** Field → message, in form order; empty when the values are acceptable. */
export type SiteFieldErrors = Partial<Record<SiteField, string>>;

/**
 * A coordinate as typed or sent: blank (null, undefined, '') is absent and reads as null;
 * a number or numeric text reads as that number; anything else reads as NaN, which no range accepts.
 */
export function readCoordinate(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return NaN;
  const text = value.trim();
  if (text === '') return null;
  return /^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(text) ? Number(text) : NaN;
}

/** A feature switch as 0 or 1, from 0/1, true/false or their text; null for anything else. */
export function readFlag(value: unknown): 0 | 1 | null {
  if (value === 1 || value === true || value === '1' || value === 'true') return 1;
  if (value === 0 || value === false || value === '0' || value === 'false') return 0;
  return null;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * The site form's checks. Latitude and longitude are optional but go together: one without the
 * other asks for the missing one. Status is optional (the server stores ACTIVE when absent).
 */
export function siteFieldErrors(values: SiteFieldValues): SiteFieldErrors {
  const errors: SiteFieldErrors = {};
  const name = text(values.name);
  if (name === '') errors.name = SITE_MESSAGES.nameRequired;
  else if (name.length > SITE_NAME_MAX_LENGTH) errors.name = SITE_MESSAGES.nameTooLong;

  const address = text(values.address);
  if (address === '') errors.address = SITE_MESSAGES.addressRequired;
  else if (address.length > SITE_ADDRESS_MAX_LENGTH) errors.address = SITE_MESSAGES.addressTooLong;

  const type = text(values.type);
  if (type === '') errors.type = SITE_MESSAGES.typeRequired;
  else if (!(SITE_TYPES as readonly string[]).includes(type)) {
    errors.type = SITE_MESSAGES.typeInvalid;
  }

  const status = text(values.status);
  if (status !== '' && !(SITE_STATUSES as readonly string[]).includes(status)) {
    errors.status = SITE_MESSAGES.statusInvalid;
  }

  const lat = readCoordinate(values.lat);
  const lng = readCoordinate(values.lng);
  if (lat === null && lng !== null) errors.lat = SITE_MESSAGES.latitudeRequired;
  else if (lat !== null && !isValidLatitude(lat)) errors.lat = SITE_MESSAGES.latitudeOutOfRange;
  if (lng === null && lat !== null) errors.lng = SITE_MESSAGES.longitudeRequired;
  else if (lng !== null && !isValidLongitude(lng)) errors.lng = SITE_MESSAGES.longitudeOutOfRange;
  return errors;
}
