import moment from 'moment';

/**
 * The API's timestamps are UTC text in one fixed form, 'YYYY-MM-DD HH:mm:ss'. Lists and exports
 * read thousands of them, so they are read here by hand rather than by moment, giving exactly
 * what `moment.utc(text, 'YYYY-MM-DD HH:mm:ss', true)` gave (test/unit/dates-equivalence.test.ts
 * compares the two on random text), refusals and quirks alike.
 */
const FIXED_TIMESTAMP = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;

interface DateTimeFields {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
  /** 0 to 24; 24 only at 24:00:00, the next day's midnight. */
  hour: number;
  minute: number;
  second: number;
}

/** The number of the two digits at `at`, known to be ASCII digits. */
function twoDigits(text: string, at: number): number {
  return (text.charCodeAt(at) - 48) * 10 + text.charCodeAt(at + 1) - 48;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** The fields of 'YYYY-MM-DD HH:mm:ss', or null for any text moment's strict parse refuses. */
function readFixed(text: string): DateTimeFields | null {
  if (!FIXED_TIMESTAMP.test(text)) return null;
  const fields = {
    year: twoDigits(text, 0) * 100 + twoDigits(text, 2),
    month: twoDigits(text, 5),
    day: twoDigits(text, 8),
    hour: twoDigits(text, 11),
    minute: twoDigits(text, 14),
    second: twoDigits(text, 17),
  };
  const { year, month, day, hour, minute, second } = fields;
  const valid =
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month) &&
    minute <= 59 &&
    second <= 59 &&
    (hour < 24 || (hour === 24 && minute === 0 && second === 0));
  return valid ? fields : null;
}

/**
 * The Date moment made of the fields, in UTC or local time. An hour of 24 rolls over into the
 * next day as Date does it. Date reads years 0 to 99 as 1900 to 1999, so moment built the date 400
 * years later (the same calendar) and then set the year back, keeping month and day: at 24:00 on 31
 * December that lands on 1 January of the same year, which is kept so that every answer matches.
 */
function toDate(fields: DateTimeFields, utc: boolean): Date {
  const { year, month, day, hour, minute, second } = fields;
  const early = year < 100;
  const built = early ? year + 400 : year;
  if (utc) {
    const date = new Date(Date.UTC(built, month - 1, day, hour, minute, second));
    if (early) date.setUTCFullYear(year);
    return date;
  }
  const date = new Date(built, month - 1, day, hour, minute, second);
  if (early) date.setFullYear(year);
  return date;
}

/** Milliseconds of a UTC 'YYYY-MM-DD HH:mm:ss'; null when unreadable. */
function utcMs(text: string): number | null {
  const fields = readFixed(text);
  return fields ? toDate(fields, true).getTime() : null;
}

const pad2 = (value: number) => (value < 10 ? `0${value}` : String(value));

/** A year as moment's YYYY writes it: four digits at least, with a minus sign before year 0. */
function year4(year: number): string {
  const digits = String(Math.abs(year)).padStart(4, '0');
  return year < 0 ? `-${digits}` : digits;
}

/** 'DD/MM/YYYY hh:mm:ss a' in local time, 'a' as moment's English 'am'/'pm'. */
function displayText(date: Date): string {
  const hour = date.getHours();
  return (
    `${pad2(date.getDate())}/${pad2(date.getMonth() + 1)}/${year4(date.getFullYear())} ` +
    `${pad2(hour % 12 || 12)}:${pad2(date.getMinutes())}:${pad2(date.getSeconds())} ` +
    (hour > 11 ? 'pm' : 'am')
  );
}

/**
 * A UTC timestamp of the API as local 'DD/MM/YYYY hh:mm:ss a' (spec part 1 §9: the reader's
 * local time); '' when there is none or it is unreadable.
 */
export function formatTimestamp(utc: string | null | undefined): string {
  if (!utc) return '';
  const ms = utcMs(utc);
  return ms === null ? '' : displayText(new Date(ms));
}

/**
 * A UTC timestamp of the API as local 'HH:mm:ss DD/MM/YYYY', as the company, supervisor and login
 * lists show Created at (spec part 2 §9); '' when there is none or it is unreadable.
 */
export function formatAdminTimestamp(utc: string | null | undefined): string {
  if (!utc) return '';
  const ms = utcMs(utc);
  if (ms === null) return '';
  const date = new Date(ms);
  return (
    `${pad2(date.getHours())}:${pad2(date.getMinutes())}:${pad2(date.getSeconds())} ` +
    `${pad2(date.getDate())}/${pad2(date.getMonth() + 1)}/${year4(date.getFullYear())}`
  );
}

/** Milliseconds since the epoch of a UTC timestamp of the API, or null when absent or unreadable. */
export function timestampMs(utc: string | null | undefined): number | null {
  if (!utc) return null;
  return utcMs(utc);
}

/**
 * A local 'YYYY-MM-DD HH:mm:ss' (a visitor pass's day and time, already the site's) as
 * 'DD/MM/YYYY hh:mm:ss a', as every timestamp shows; '' when unreadable.
 */
export function formatLocalDateTime(local: string): string {
  const fields = readFixed(local);
  return fields ? displayText(toDate(fields, false)) : '';
}

const API_DATE = 'YYYY-MM-DD';
/** How every form's date field reads and writes a date: the spec's dd/MM/yyyy of the birthdate. */
export const FORM_DATE = 'DD/MM/YYYY';

/** True for a real calendar date typed as dd/MM/yyyy (31/02/2000 is not one). */
export function isValidFormDate(text: string): boolean {
  return moment(text, FORM_DATE, true).isValid();
}

/** How people type a day, month and year: with slashes, dashes or dots, or as eight digits. */
const TYPED_DATES = ['D/M/YYYY', 'D-M-YYYY', 'D.M.YYYY', 'DDMMYYYY'];

/**
 * A date as typed into a date field ('7-3-1990', '07031990') in the form's 'DD/MM/YYYY'; null
 * when it is not a real day, month and year in that order.
 */
export function normalizeFormDate(text: string): string | null {
  const parsed = moment(text.trim(), TYPED_DATES, true);
  return parsed.isValid() ? parsed.format(FORM_DATE) : null;
}

/** A local day as the form writes it, 'DD/MM/YYYY'. */
export function dayToForm(day: Date): string {
  return moment(day).format(FORM_DATE);
}

/** The local day a form date names, or null when the text is not a real date. */
export function formDateToDay(text: string): Date | null {
  const parsed = moment(text, FORM_DATE, true);
  return parsed.isValid() ? parsed.toDate() : null;
}

/**
 * The moment a form date's local day starts (local midnight), `days` later, as the API's UTC
 * 'YYYY-MM-DD HH:mm:ss', for a filter on a timestamp; null when the text is not a real date.
 * moment keeps midnight across a daylight-saving change, so a day is whole wherever it is read.
 */
export function formDayStartUtc(text: string, days = 0): string | null {
  const parsed = moment(text, FORM_DATE, true);
  return parsed.isValid() ? parsed.add(days, 'days').utc().format('YYYY-MM-DD HH:mm:ss') : null;
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
