/**
 * The watchlist (issue 23): people a company does not want let in. Matching is written once here,
 * for the server's refusal of a pass, the desk's warning and the tests: case, spaces and
 * punctuation never tell two entries apart, and IC numbers compare on their digits alone.
 */

/** What identifies a person on a pass or on a watchlist entry; blank parts are not compared. */
export interface WatchedPerson {
  name?: string | null;
  ic_passport_number?: string | null;
  car_plate_number?: string | null;
  phone_number?: string | null;
}

export type WatchedField = keyof WatchedPerson;

/** How a refusal for a listed person begins, whatever its reasons. */
export const WATCHLIST_REFUSAL_START = 'This visitor is on the watchlist: ';

/**
 * Who may issue a pass for a listed person anyway: a company's users and the superadmin; a site
 * supervisor or a guard at the gate may not.
 */
export function mayOverrideWatchlist(role: string | null | undefined): boolean {
  return role === 'securitycompany' || role === 'superadmin';
}

export const WATCHLIST_MESSAGES = {
  somethingRequired: 'Enter a name, an IC/passport number, a car plate or a phone number.',
  reasonRequired: 'Enter the reason.',
  refused: (reason: string) => `${WATCHLIST_REFUSAL_START}${reason}`,
  overrideLabel: 'Issue this pass despite the watchlist',
} as const;

/** Letters and digits only, upper case: 'wxy 1234' and 'WXY-1234' are one plate. */
export function watchKey(value: string | null | undefined): string {
  return (value ?? '')
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * An identity document's key: an IC number (digits, spaces and dashes) compares on its digits
 * ('900101-14-5566' is '900101145566'); a passport number on its letters and digits, so
 * 'A1234567' is not '1234567'.
 */
export function documentKey(value: string | null | undefined): string {
  const text = (value ?? '').trim();
  return /^[\d\s-]+$/.test(text) ? text.replace(/\D/g, '') : watchKey(text);
}

/** A phone's key: its digits, with a leading 0 read as Malaysia's 60 ('012-345 6789' = '60123456789'). */
export function phoneKey(value: string | null | undefined): string {
  const digits = (value ?? '').replace(/\D/g, '');
  return digits.startsWith('0') ? `6${digits}` : digits;
}

const KEY_OF: Record<WatchedField, (value: string | null | undefined) => string> = {
  name: watchKey,
  ic_passport_number: documentKey,
  car_plate_number: watchKey,
  phone_number: phoneKey,
};

export const WATCHED_FIELDS = Object.keys(KEY_OF) as WatchedField[];

/** The entry's compared parts, each as its key; an entry with none names nobody. */
export function watchKeys(person: WatchedPerson): Partial<Record<WatchedField, string>> {
  const keys: Partial<Record<WatchedField, string>> = {};
  for (const field of WATCHED_FIELDS) {
    const key = KEY_OF[field](person[field]);
    if (key) keys[field] = key;
  }
  return keys;
}

/**
 * The fields on which a person matches a watchlist entry: any part both give that is the same
 * (a barred visitor who comes in another car is still named, and one who gives another name
 * still drives the listed car). Empty when none is.
 */
export function watchlistMatch(entry: WatchedPerson, person: WatchedPerson): WatchedField[] {
  const wanted = watchKeys(entry);
  const given = watchKeys(person);
  return WATCHED_FIELDS.filter(
    (field) => wanted[field] !== undefined && given[field] === wanted[field],
  );
}

/** The fields the watchlist's form and the server check, with the messages both show. */
export type WatchlistFormField = 'name' | 'reason';

/**
 * An entry's problems: it must name someone (any of the four fields, counted on its key, so
 * ' - ' names nobody) and give the reason. The form shows the first under Name.
 */
export function watchlistFieldErrors(
  values: WatchedPerson & { reason?: string | null },
): Partial<Record<WatchlistFormField, string>> {
  const errors: Partial<Record<WatchlistFormField, string>> = {};
  if (Object.keys(watchKeys(values)).length === 0)
    errors.name = WATCHLIST_MESSAGES.somethingRequired;
  if (!(values.reason ?? '').trim()) errors.reason = WATCHLIST_MESSAGES.reasonRequired;
  return errors;
}
