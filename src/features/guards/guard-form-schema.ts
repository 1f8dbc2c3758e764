import * as yup from 'yup';
import type { Guard, GuardPayload } from '@contract/guards';
import { apiDateToForm, formDateToApi, isValidFormDate } from '../../lib/dates';
import { GUARD_MESSAGES, isValidContactNumber, isValidEmail } from '@rules/guards';

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

/**
 * Sites are optional, except for a site supervisor: it must keep at least one of its own sites
 * linked, or the guard would leave its scope (the server refuses with the same message).
 */
function sitesSchema(ownSiteUuids: readonly string[] | null) {
  const sites = yup.array(yup.string().required()).defined();
  if (ownSiteUuids === null) return sites;
  return sites.test('own-site', GUARD_MESSAGES.siteRequired, (chosen) =>
    chosen.some((uuid) => ownSiteUuids.includes(uuid)),
  );
}

/**
 * The spec words the contact number's message differently on add and on edit. `ownSiteUuids` is
 * a site supervisor's own sites (null for the other roles).
 */
export function guardFormSchema(mode: GuardFormMode, ownSiteUuids: readonly string[] | null) {
  const contactMessage =
    mode === 'add' ? GUARD_MESSAGES.contactOnAdd : GUARD_MESSAGES.contactOnEdit;
  return yup.object({
    security_company_uuid: requiredText(GUARD_MESSAGES.companyRequired),
    residence_uuids: sitesSchema(ownSiteUuids),
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
    // Every link, also those the Site list does not offer (guard service off, or another
    // supervisor's site): the form shows them with a note, so what is sent is what is seen.
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
