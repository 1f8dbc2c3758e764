import * as yup from 'yup';
import type { Site, SiteInput } from '@contract/sites';
import { isValidLatitude, isValidLongitude } from '@rules/coordinates';
import {
  readCoordinate,
  SITE_ADDRESS_MAX_LENGTH,
  SITE_MESSAGES,
  SITE_NAME_MAX_LENGTH,
  SITE_STATUSES,
  SITE_TYPES,
  type SiteFlag,
  type SiteStatus,
} from '@rules/sites';

/** The Add/Edit Site form as Formik holds it: text inputs as text, switches as booleans. */
export interface SiteFormValues extends Record<SiteFlag, boolean> {
  name: string;
  address: string;
  type: string;
  status: SiteStatus;
  lat: string;
  lng: string;
  /** '' for no company. */
  security_company_uuid: string;
  /** A newly chosen cover photo; null keeps the current one. */
  cover: File | null;
}

/**
 * Latitude and longitude are optional but go together (the shared rule of siteFieldErrors):
 * one without the other asks for the missing one. Formik hands blank inputs to yup as undefined,
 * which readCoordinate reads as absent.
 */
function coordinate(
  pairedWith: 'lat' | 'lng',
  missingMessage: string,
  outOfRangeMessage: string,
  inRange: (value: number) => boolean,
) {
  return yup
    .string()
    .test('paired', missingMessage, (value, context) => {
      const other: unknown = context.parent[pairedWith];
      return readCoordinate(value) !== null || readCoordinate(other) === null;
    })
    .test('in-range', outOfRangeMessage, (value) => {
      const number = readCoordinate(value);
      return number === null || inRange(number);
    });
}

export const siteFormSchema = yup.object({
  name: yup
    .string()
    .trim()
    .required(SITE_MESSAGES.nameRequired)
    .max(SITE_NAME_MAX_LENGTH, SITE_MESSAGES.nameTooLong),
  address: yup
    .string()
    .trim()
    .required(SITE_MESSAGES.addressRequired)
    .max(SITE_ADDRESS_MAX_LENGTH, SITE_MESSAGES.addressTooLong),
  type: yup
    .string()
    .required(SITE_MESSAGES.typeRequired)
    .oneOf(SITE_TYPES, SITE_MESSAGES.typeInvalid),
  status: yup.string().oneOf(SITE_STATUSES, SITE_MESSAGES.statusInvalid),
  lat: coordinate(
    'lng',
    SITE_MESSAGES.latitudeRequired,
    SITE_MESSAGES.latitudeOutOfRange,
    isValidLatitude,
  ),
  lng: coordinate(
    'lat',
    SITE_MESSAGES.longitudeRequired,
    SITE_MESSAGES.longitudeOutOfRange,
    isValidLongitude,
  ),
});

/** A new site starts active with the guard service on, and its other features off. */
export const newSiteValues: SiteFormValues = {
  name: '',
  address: '',
  type: '',
  status: 'ACTIVE',
  lat: '',
  lng: '',
  security_company_uuid: '',
  cover: null,
  kipleguard_enabled: true,
  kipleguard_visitors: false,
  kipleguard_reporting: false,
  kipleguard_attendance: false,
};

function coordinateText(value: number | null): string {
  return value === null ? '' : String(value);
}

export function siteFormValues(site: Site): SiteFormValues {
  return {
    name: site.name,
    address: site.address,
    type: site.type,
    status: site.status === 'INACTIVE' ? 'INACTIVE' : 'ACTIVE',
    lat: coordinateText(site.lat),
    lng: coordinateText(site.lng),
    security_company_uuid: site.security_company_uuid ?? '',
    cover: null,
    kipleguard_enabled: site.kipleguard_enabled === 1,
    kipleguard_visitors: site.kipleguard_visitors === 1,
    kipleguard_reporting: site.kipleguard_reporting === 1,
    kipleguard_attendance: site.kipleguard_attendance === 1,
  };
}

const flag = (on: boolean): 0 | 1 => (on ? 1 : 0);

/** The API payload of a validated form, without the cover (saveSite uploads it first). */
export function toSiteInput(values: SiteFormValues): Omit<SiteInput, 'file_uuid'> {
  return {
    name: values.name.trim(),
    address: values.address.trim(),
    type: values.type,
    status: values.status,
    lat: readCoordinate(values.lat),
    lng: readCoordinate(values.lng),
    security_company_uuid: values.security_company_uuid || null,
    kipleguard_enabled: flag(values.kipleguard_enabled),
    kipleguard_visitors: flag(values.kipleguard_visitors),
    kipleguard_reporting: flag(values.kipleguard_reporting),
    kipleguard_attendance: flag(values.kipleguard_attendance),
  };
}
