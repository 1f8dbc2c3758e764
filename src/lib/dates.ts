import moment from 'moment';

/** The API stores and answers timestamps as UTC text in this form. */
const API_TIMESTAMP = 'YYYY-MM-DD HH:mm:ss';
/** How the console shows a timestamp: the reader's local time (spec part 1 §9). */
const DISPLAY_TIMESTAMP = 'DD/MM/YYYY hh:mm:ss a';
const API_DATE = 'YYYY-MM-DD';
/** The birthdate the guard form reads and writes, the spec's dd/MM/yyyy. */
const FORM_DATE = 'DD/MM/YYYY';

/** A UTC timestamp of the API as local 'DD/MM/YYYY hh:mm:ss a'; '' when there is none. */
export function formatTimestamp(utc: string | null | undefined): string {
  if (!utc) return '';
  const parsed = moment.utc(utc, API_TIMESTAMP, true);
  return parsed.isValid() ? parsed.local().format(DISPLAY_TIMESTAMP) : '';
}

/** How the company, supervisor and login lists show Created at (spec part 2 §9). */
const ADMIN_TIMESTAMP = 'HH:mm:ss DD/MM/YYYY';

/** A UTC timestamp of the API as local 'HH:mm:ss DD/MM/YYYY'; '' when there is none. */
export function formatAdminTimestamp(utc: string | null | undefined): string {
  if (!utc) return '';
  const parsed = moment.utc(utc, API_TIMESTAMP, true);
  return parsed.isValid() ? parsed.local().format(ADMIN_TIMESTAMP) : '';
}

/** Milliseconds since the epoch of a UTC timestamp of the API, or null when absent or unreadable. */
export function timestampMs(utc: string | null | undefined): number | null {
  if (!utc) return null;
  const parsed = moment.utc(utc, API_TIMESTAMP, true);
  return parsed.isValid() ? parsed.valueOf() : null;
}

/** True for a real calendar date typed as dd/MM/yyyy (31/02/2000 is not one). */
export function isValidFormDate(text: string): boolean {
  return moment(text, FORM_DATE, true).isValid();
}

/** 'DD/MM/YYYY' from the form → the API's 'YYYY-MM-DD'; null when the text is not a real date. */
export function formDateToApi(text: string): string | null {
  const parsed = moment(text, FORM_DATE, true);
  return parsed.isValid() ? parsed.format(API_DATE) : null;
}

/** The API's 'YYYY-MM-DD' → 'DD/MM/YYYY' for the form and the profile; '' when absent. */
export function apiDateToForm(date: string | null | undefined): string {
  if (!date) return '';
  const parsed = moment(date, API_DATE, true);
  return parsed.isValid() ? parsed.format(FORM_DATE) : '';
}
