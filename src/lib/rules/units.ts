/**
 * A site's units (issue 34): who owns each and the number the gate calls. The company keeps them
 * in the console (a site's Units tab); guards at that site read them in the unit directory.
 */
export const UNIT_OWNER_MAX_LENGTH = 200;
export const UNIT_CONTACT_MAX_DIGITS = 15;
export const UNIT_CONTACT_MIN_DIGITS = 7;

export const UNIT_MESSAGES = {
  ownerTooLong: `An owner's name can have at most ${UNIT_OWNER_MAX_LENGTH} characters.`,
  contactInvalid: `Enter the contact number as ${UNIT_CONTACT_MIN_DIGITS} to ${UNIT_CONTACT_MAX_DIGITS} digits, with an optional + in front.`,
  notFound: 'Unit does not exist.',
} as const;

export interface UnitFields {
  owner_name: string;
  contact_number: string;
}

export type UnitFormField = keyof UnitFields;

/** The contact number as stored: spaces and dashes dropped ('+60 12-345 6789' → '+60123456789'). */
export function normalContactNumber(text: string): string {
  return text.trim().replace(/[\s-]/g, '');
}

/** Each field's first problem; blank fields are fine (a unit may have no owner or number). */
export function unitFieldErrors(
  fields: Partial<UnitFields>,
): Partial<Record<UnitFormField, string>> {
  const errors: Partial<Record<UnitFormField, string>> = {};
  if ((fields.owner_name ?? '').trim().length > UNIT_OWNER_MAX_LENGTH) {
    errors.owner_name = UNIT_MESSAGES.ownerTooLong;
  }
  const contact = normalContactNumber(fields.contact_number ?? '');
  if (contact) {
    const digits = contact.replace(/^\+/, '');
    if (
      !/^\d+$/.test(digits) ||
      digits.length < UNIT_CONTACT_MIN_DIGITS ||
      digits.length > UNIT_CONTACT_MAX_DIGITS
    ) {
      errors.contact_number = UNIT_MESSAGES.contactInvalid;
    }
  }
  return errors;
}
