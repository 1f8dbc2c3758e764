import * as yup from 'yup';
import type { Guard, GuardPayload } from '../../lib/contract/guards';
import { apiDateToForm, formDateToApi, isValidFormDate } from '../../lib/dates';
import { GUARD_MESSAGES, isValidContactNumber, isValidEmail } from '../../lib/rules/guards';

export type GuardFormMode = 'add' | 'edit';

/** The guard form as typed: the birthdate as dd/MM/yyyy, an absent email as ''. */
export interface GuardFormValues {
  security_company_uuid: string;
  residence_uuids: string[];
  guard_id: string;
  name: string;
  nationality: string;
  contact_number: string;
  ic_passport_number: string;
  birthdate: string;
  email: string;
  address: string;
  /** A newly chosen photo (already checked by the picker); null keeps the current one. */
  photo: File | null;
}

const requiredText = (message: string) => yup.string().trim().required(message);

/** The spec words the contact number's message differently on add and on edit. */
export function guardFormSchema(mode: GuardFormMode) {
  const contactMessage =
    mode === 'add' ? GUARD_MESSAGES.contactOnAdd : GUARD_MESSAGES.contactOnEdit;
  return yup.object({
    security_company_uuid: requiredText(GUARD_MESSAGES.companyRequired),
    // Sites are optional (the spec keeps 'Site is required.' unused).
    residence_uuids: yup.array(yup.string().required()).defined(),
    guard_id: requiredText(GUARD_MESSAGES.guardIdRequired),
    name: requiredText(GUARD_MESSAGES.nameRequired),
    nationality: requiredText(GUARD_MESSAGES.nationalityRequired),
    contact_number: requiredText(contactMessage).test('contact-number', contactMessage, (value) =>
      isValidContactNumber(value),
    ),
    ic_passport_number: requiredText(GUARD_MESSAGES.icPassportRequired),
    birthdate: requiredText(GUARD_MESSAGES.birthdateRequired).test(
      'birthdate',
      GUARD_MESSAGES.birthdateInvalid,
      (value) => isValidFormDate(value),
    ),
    email: yup
      .string()
      .trim()
      .test('email', GUARD_MESSAGES.emailInvalid, (value) => !value || isValidEmail(value)),
    address: requiredText(GUARD_MESSAGES.addressRequired),
  });
}

export function emptyGuardForm(companyUuid: string | null): GuardFormValues {
  return {
    security_company_uuid: companyUuid ?? '',
    residence_uuids: [],
    guard_id: '',
    name: '',
    nationality: '',
    contact_number: '',
    ic_passport_number: '',
    birthdate: '',
    email: '',
    address: '',
    photo: null,
  };
}

export function guardToForm(guard: Guard): GuardFormValues {
  return {
    security_company_uuid: guard.security_company_uuid,
    // Every posting, also at sites whose guard service is off: they are kept unless changed.
    residence_uuids: guard.kg_residence_guards.map((site) => site.residence_uuid),
    guard_id: guard.guard_id,
    name: guard.name,
    nationality: guard.nationality,
    contact_number: guard.contact_number,
    ic_passport_number: guard.ic_passport_number,
    birthdate: apiDateToForm(guard.birthdate),
    email: guard.email ?? '',
    address: guard.address,
    photo: null,
  };
}

/** The validated form as the API takes it: trimmed, the birthdate as YYYY-MM-DD, no email as null. */
export function formToPayload(values: GuardFormValues): GuardPayload {
  return {
    security_company_uuid: values.security_company_uuid,
    residence_uuids: values.residence_uuids,
    guard_id: values.guard_id.trim(),
    name: values.name.trim(),
    nationality: values.nationality.trim(),
    contact_number: values.contact_number.trim(),
    ic_passport_number: values.ic_passport_number.trim(),
    birthdate: formDateToApi(values.birthdate.trim()) ?? '',
    email: values.email.trim() || null,
    address: values.address.trim(),
  };
}
