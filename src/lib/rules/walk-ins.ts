import { EMAIL_INVALID, EMAIL_PATTERN } from './passwords';

/**
 * Registering a walk-in visitor at the gate (the guard app and the kiosk), shared by the kiosk's
 * form and the server: the visitor types, the unit directory's reading of unit names, and the
 * form's rules and messages.
 */

/** The kinds of visitor a pass is for; `name` is what the pass's category holds. */
export const VISITOR_TYPES = [
  { id: 1, uuid: '6f1c7a52-4d0b-4c55-9a43-1f0d8d2b7a01', name: 'Visitor' },
  { id: 2, uuid: '6f1c7a52-4d0b-4c55-9a43-1f0d8d2b7a02', name: 'Delivery' },
  { id: 3, uuid: '6f1c7a52-4d0b-4c55-9a43-1f0d8d2b7a03', name: 'Contractor' },
  { id: 4, uuid: '6f1c7a52-4d0b-4c55-9a43-1f0d8d2b7a04', name: 'Taxi/E-hailing' },
] as const;

export type VisitorTypeName = (typeof VISITOR_TYPES)[number]['name'];

/** A body temperature a thermometer at the gate can read, in °C. */
export const TEMPERATURE_RANGE = { min: 30, max: 45 } as const;

/** An access card's number as printed on it (accesscards/newvisitor and the walk-in form). */
export const ACCESS_CARD_NUMBER_MAX_LENGTH = 40;

export const WALK_IN_MESSAGES = {
  typeRequired: 'Choose the visitor type.',
  unitRequired: 'Choose the unit being visited.',
  nameRequired: 'Enter the visitor’s name.',
  phoneDigits: 'The phone number may hold digits only.',
  temperatureInvalid: `Enter a temperature from ${TEMPERATURE_RANGE.min} to ${TEMPERATURE_RANGE.max} °C.`,
  emailInvalid: EMAIL_INVALID,
  accessCardTooLong: `An access card number can have at most ${ACCESS_CARD_NUMBER_MAX_LENGTH} characters.`,
} as const;

export interface WalkInFields {
  visitorTypeId: string;
  unitUuid: string;
  name: string;
  phone: string;
  email: string;
  temperature: string;
  /** An access card handed to the visitor, by the number printed on it. */
  accessCardNumber?: string;
}

/** The first problem with a walk-in's fields, or null. Blank optional fields are fine. */
export function walkInProblem(fields: WalkInFields): string | null {
  if (!VISITOR_TYPES.some((type) => String(type.id) === fields.visitorTypeId.trim())) {
    return WALK_IN_MESSAGES.typeRequired;
  }
  if (!fields.unitUuid.trim()) return WALK_IN_MESSAGES.unitRequired;
  if (!fields.name.trim()) return WALK_IN_MESSAGES.nameRequired;
  if (fields.phone.trim() && !/^\+?\d+$/.test(fields.phone.trim())) {
    return WALK_IN_MESSAGES.phoneDigits;
  }
  if (fields.email.trim() && !EMAIL_PATTERN.test(fields.email.trim())) {
    return WALK_IN_MESSAGES.emailInvalid;
  }
  const temperature = fields.temperature.trim();
  if (temperature) {
    const degrees = Number(temperature);
    if (
      !Number.isFinite(degrees) ||
      degrees < TEMPERATURE_RANGE.min ||
      degrees > TEMPERATURE_RANGE.max
    ) {
      return WALK_IN_MESSAGES.temperatureInvalid;
    }
  }
  if ((fields.accessCardNumber ?? '').trim().length > ACCESS_CARD_NUMBER_MAX_LENGTH) {
    return WALK_IN_MESSAGES.accessCardTooLong;
  }
  return null;
}

/**
 * A unit's place in its site's directory, read from its name. Strata units are named
 * block-floor-unit ('A-12-03'); a name of another form is a unit of no block or floor.
 */
export function unitParts(name: string): { block: string; floor: string; unitNumber: string } {
  const parts = name.split('-').map((part) => part.trim());
  if (parts.length === 3 && parts.every(Boolean)) {
    const [block = '', floor = '', unitNumber = ''] = parts;
    return { block, floor, unitNumber };
  }
  return { block: '', floor: '', unitNumber: name.trim() };
}

/** An identity document number as shown to those who may not see it whole: its last 4 characters. */
export function maskedDocumentNumber(number: string): string {
  const plain = number.trim();
  if (!plain) return '';
  const shown = plain.length > 4 ? plain.slice(-4) : '';
  return `${'*'.repeat(Math.max(4, plain.length - shown.length))}${shown}`;
}
