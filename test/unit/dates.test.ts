import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  apiDateToForm,
  formatTimestamp,
  formDateToApi,
  isValidFormDate,
  normalizeFormDate,
  timestampMs,
} from '../../src/lib/dates';

/** Node reads TZ again whenever it is assigned, so a test can pick the reader's zone. */
function inTimeZone(zone: string) {
  let previous: string | undefined;
  beforeEach(() => {
    previous = process.env.TZ;
    process.env.TZ = zone;
  });
  afterEach(() => {
    if (previous === undefined) delete process.env.TZ;
    else process.env.TZ = previous;
  });
}

describe('formatTimestamp in Kuala Lumpur (UTC+8)', () => {
  inTimeZone('Asia/Kuala_Lumpur');

  it('shows a UTC timestamp as local DD/MM/YYYY hh:mm:ss a', () => {
    expect(formatTimestamp('2024-05-01 00:30:05')).toBe('01/05/2024 08:30:05 am');
  });

  it('moves to the next local day and to pm', () => {
    expect(formatTimestamp('2024-12-31 17:45:00')).toBe('01/01/2025 01:45:00 am');
    expect(formatTimestamp('2024-05-01 04:00:00')).toBe('01/05/2024 12:00:00 pm');
  });

  it('shows nothing for a missing or unreadable timestamp', () => {
    expect(formatTimestamp(null)).toBe('');
    expect(formatTimestamp(undefined)).toBe('');
    expect(formatTimestamp('yesterday')).toBe('');
  });
});

describe('formatTimestamp in New York (UTC-5, UTC-4 in summer)', () => {
  inTimeZone('America/New_York');

  it('goes back to the previous local day, with daylight saving time applied', () => {
    expect(formatTimestamp('2024-01-15 03:00:00')).toBe('14/01/2024 10:00:00 pm');
    expect(formatTimestamp('2024-07-15 03:00:00')).toBe('14/07/2024 11:00:00 pm');
  });

  it('reads timestamps as UTC whatever the local zone', () => {
    expect(timestampMs('1970-01-01 00:00:10')).toBe(10_000);
  });
});

describe('birthdate', () => {
  it('turns dd/MM/yyyy into the API date and back', () => {
    expect(formDateToApi('07/03/1990')).toBe('1990-03-07');
    expect(apiDateToForm('1990-03-07')).toBe('07/03/1990');
  });

  it('refuses dates that do not exist or are in another form', () => {
    expect(isValidFormDate('29/02/2001')).toBe(false);
    expect(isValidFormDate('29/02/2000')).toBe(true);
    expect(isValidFormDate('1990-03-07')).toBe(false);
    expect(isValidFormDate('7/3/1990')).toBe(false);
    expect(formDateToApi('31/04/1990')).toBeNull();
  });

  it('tidies a date typed with dashes, dots, one-digit parts or bare digits, and no other', () => {
    expect(normalizeFormDate('7-3-1990')).toBe('07/03/1990');
    expect(normalizeFormDate(' 7.3.1990 ')).toBe('07/03/1990');
    expect(normalizeFormDate('7/3/1990')).toBe('07/03/1990');
    expect(normalizeFormDate('07031990')).toBe('07/03/1990');
    expect(normalizeFormDate('31-04-1990')).toBeNull();
    expect(normalizeFormDate('1990-03-07')).toBeNull();
    expect(normalizeFormDate('7/3/90')).toBeNull();
  });

  it('shows nothing for a missing birthdate', () => {
    expect(apiDateToForm(null)).toBe('');
    expect(apiDateToForm('')).toBe('');
  });
});
