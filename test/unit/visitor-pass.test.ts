import { describe, expect, it } from 'vitest';
import {
  isOverdue,
  judgeScan,
  lastScanMsOf,
  passWindow,
  WEEKDAYS,
  type PassForScan,
} from '@rules/visitor-pass';

// Local times throughout: a pass's date and start time are the site's local day and time, and
// `now` is read in local time, so these tests hold in any time zone.
const at = (y: number, m: number, d: number, h = 0, min = 0, s = 0) =>
  new Date(y, m - 1, d, h, min, s);

const oneTime = (overrides: Partial<PassForScan> = {}): PassForScan => ({
  status: 'VALID',
  checkpoint_times: 0,
  repeat_type: 'ONE_TIME',
  repeatType: '',
  date: '2026-03-10',
  start_time: '09:00:00',
  siteCheckpointLimit: 2,
  lastScanMs: null,
  ...overrides,
});

// 10 March 2026 is a Tuesday.
const repeating = (overrides: Partial<PassForScan> = {}): PassForScan =>
  oneTime({ repeat_type: 'REPEAT', repeatType: 'TUESDAY,FRIDAY', ...overrides });

const DURING = at(2026, 3, 10, 12);

describe('the check-in and check-out judgement', () => {
  it('offers Check-in to a fresh valid pass inside its window, as an IN scan', () => {
    expect(judgeScan(oneTime(), DURING)).toEqual({
      allowed: true,
      scanType: 'IN',
      label: 'Check-in',
    });
  });

  it('refuses a pass that is not VALID, whatever else holds', () => {
    for (const status of ['EXPIRED', 'INVALID', 'valid', '']) {
      expect(judgeScan(oneTime({ status }), DURING)).toEqual({
        allowed: false,
        reason: 'not-valid',
        message: 'This pass is not valid.',
      });
    }
  });

  it('refuses a cancelled pass with its own reason', () => {
    expect(judgeScan(oneTime({ status: 'CANCELLED' }), DURING)).toEqual({
      allowed: false,
      reason: 'cancelled',
      message: 'This pass was cancelled.',
    });
  });

  it('labels the second scan Check-out (OUT) and the first and third Check-in (IN)', () => {
    const limitThree = { siteCheckpointLimit: 3 };
    expect(judgeScan(oneTime({ checkpoint_times: 1 }), DURING)).toMatchObject({
      scanType: 'OUT',
      label: 'Check-out',
    });
    expect(judgeScan(oneTime({ checkpoint_times: 2, ...limitThree }), DURING)).toMatchObject({
      scanType: 'IN',
      label: 'Check-in',
    });
    expect(judgeScan(repeating({ checkpoint_times: 2 }), DURING)).toMatchObject({
      allowed: true,
      label: 'Check-in',
    });
  });

  it('refuses every pass once checkpoint_times is over 2', () => {
    expect(judgeScan(repeating({ checkpoint_times: 3 }), DURING)).toEqual({
      allowed: false,
      reason: 'used',
      message: 'This pass has been used.',
    });
    expect(
      judgeScan(oneTime({ checkpoint_times: 3, siteCheckpointLimit: 10 }), DURING),
    ).toMatchObject({ reason: 'used' });
  });

  it('holds a one-time pass to the site’s checkpoint limit: checkpoint_times + 1 may not exceed it', () => {
    expect(
      judgeScan(oneTime({ checkpoint_times: 1, siteCheckpointLimit: 2 }), DURING),
    ).toMatchObject({
      allowed: true,
    });
    expect(
      judgeScan(oneTime({ checkpoint_times: 2, siteCheckpointLimit: 2 }), DURING),
    ).toMatchObject({
      reason: 'used',
    });
    expect(
      judgeScan(oneTime({ checkpoint_times: 0, siteCheckpointLimit: 1 }), DURING),
    ).toMatchObject({
      allowed: true,
    });
    expect(
      judgeScan(oneTime({ checkpoint_times: 1, siteCheckpointLimit: 1 }), DURING),
    ).toMatchObject({
      reason: 'used',
    });
    expect(judgeScan(oneTime({ siteCheckpointLimit: 0 }), DURING)).toMatchObject({
      reason: 'used',
    });
    // A repeating pass is not held to the site's limit.
    expect(
      judgeScan(repeating({ checkpoint_times: 2, siteCheckpointLimit: 1 }), DURING),
    ).toMatchObject({
      allowed: true,
    });
  });

  it('opens a one-time pass’s window at its start and closes it one day later', () => {
    const outside = {
      allowed: false,
      reason: 'outside-window',
      message: 'This pass is outside its visiting window.',
    };
    expect(judgeScan(oneTime(), at(2026, 3, 10, 8, 59, 59))).toEqual(outside);
    expect(judgeScan(oneTime(), at(2026, 3, 10, 9, 0, 0))).toMatchObject({ allowed: true });
    expect(judgeScan(oneTime(), at(2026, 3, 11, 9, 0, 0))).toMatchObject({ allowed: true });
    expect(judgeScan(oneTime(), at(2026, 3, 11, 9, 0, 1))).toEqual(outside);
  });

  it('keeps a repeating pass’s window open for 30 days', () => {
    // 9 April 2026, a Thursday, is 30 days after Tuesday 10 March.
    const pass = repeating({ repeatType: 'TUESDAY,THURSDAY' });
    expect(judgeScan(pass, at(2026, 4, 9, 9, 0, 0))).toMatchObject({ allowed: true });
    expect(judgeScan(pass, at(2026, 4, 9, 9, 0, 1))).toMatchObject({
      reason: 'outside-window',
    });
    expect(judgeScan(pass, at(2026, 3, 10, 8, 59))).toMatchObject({
      reason: 'outside-window',
    });
  });

  it('lets a repeating pass in only on its weekdays, naming the day it is refused on', () => {
    const verdicts = WEEKDAYS.map((_, i) => judgeScan(repeating(), at(2026, 3, 15 + i, 12)));
    // 15 March 2026 is a Sunday.
    expect(verdicts.map((verdict) => verdict.allowed)).toEqual([
      false,
      false,
      true,
      false,
      false,
      true,
      false,
    ]);
    expect(verdicts[0]).toEqual({
      allowed: false,
      reason: 'wrong-weekday',
      message: 'This pass is not valid on Sunday.',
    });
    expect(verdicts[3]).toMatchObject({ message: 'This pass is not valid on Wednesday.' });
    // A one-time pass has no weekdays to keep to.
    expect(judgeScan(oneTime({ date: '2026-03-15' }), at(2026, 3, 15, 12))).toMatchObject({
      allowed: true,
    });
  });

  it('applies the time checks only to a coming-in scan (checkpoint_times + 1 odd)', () => {
    const outside = at(2026, 5, 1, 3); // far past the window, and a Friday
    const wednesday = at(2026, 3, 18, 12);
    expect(judgeScan(oneTime({ checkpoint_times: 1 }), outside)).toMatchObject({
      allowed: true,
      label: 'Check-out',
    });
    expect(judgeScan(repeating({ checkpoint_times: 1 }), wednesday)).toMatchObject({
      allowed: true,
    });
    expect(judgeScan(repeating({ checkpoint_times: 0 }), wednesday)).toMatchObject({
      reason: 'wrong-weekday',
    });
    expect(judgeScan(repeating({ checkpoint_times: 2 }), wednesday)).toMatchObject({
      reason: 'wrong-weekday',
    });
  });

  it('refuses a pass whose date or time cannot be read, as outside its window', () => {
    expect(judgeScan(oneTime({ date: '10/03/2026' }), DURING)).toMatchObject({
      reason: 'outside-window',
    });
    expect(
      passWindow({ date: '2026-03-10', start_time: 'noon', repeat_type: 'ONE_TIME' }),
    ).toBeNull();
  });

  it('says at once that a pass was just scanned, and how many seconds to wait', () => {
    const checkedIn = oneTime({ checkpoint_times: 1, lastScanMs: DURING.getTime() - 3_000 });
    expect(judgeScan(checkedIn, DURING)).toEqual({
      allowed: false,
      reason: 'just-scanned',
      message: 'This pass was scanned a moment ago. Scan it again in 7 seconds.',
    });
    const almost = { ...checkedIn, lastScanMs: DURING.getTime() - 9_500 };
    expect(judgeScan(almost, DURING)).toMatchObject({
      message: 'This pass was scanned a moment ago. Scan it again in 1 second.',
    });
    const waited = { ...checkedIn, lastScanMs: DURING.getTime() - 10_000 };
    expect(judgeScan(waited, DURING)).toMatchObject({ allowed: true, scanType: 'OUT' });
  });

  it('reads the last scan from a listed pass’s check-in and check-out times', () => {
    expect(lastScanMsOf({ check_in_time: null, check_out_time: null })).toBeNull();
    expect(
      lastScanMsOf({ check_in_time: '2026-03-10 01:00:00', check_out_time: '2026-03-10 02:30:05' }),
    ).toBe(Date.UTC(2026, 2, 10, 2, 30, 5));
    expect(lastScanMsOf({ check_in_time: '2026-03-10 01:00:00', check_out_time: null })).toBe(
      Date.UTC(2026, 2, 10, 1, 0, 0),
    );
  });
});

/** A local moment as the API writes timestamps: UTC 'YYYY-MM-DD HH:MM:SS'. */
const utc = (moment: Date) => moment.toISOString().slice(0, 19).replace('T', ' ');

describe('overdue visitors', () => {
  // Expected 12:30 to 1:30 pm on 10 March; came in at 12:40.
  const inside = {
    date: '2026-03-10',
    start_time: '12:30:00',
    end_time: '13:30:00',
    latest_scan_type: 'IN',
    check_in_time: utc(at(2026, 3, 10, 12, 40)),
  };

  it('are still inside after the end time of the day they came in', () => {
    expect(isOverdue(inside, at(2026, 3, 10, 13, 30, 0))).toBe(false);
    expect(isOverdue(inside, at(2026, 3, 10, 13, 30, 1))).toBe(true);
    expect(isOverdue(inside, at(2026, 3, 10, 14, 50))).toBe(true);
  });

  it('count from the day they came in on a repeating pass, not from its first date', () => {
    const repeating = { ...inside, check_in_time: utc(at(2026, 3, 18, 12, 45)) };
    expect(isOverdue(repeating, at(2026, 3, 18, 13, 0))).toBe(false);
    expect(isOverdue(repeating, at(2026, 3, 18, 13, 31))).toBe(true);
  });

  it('may stay past midnight on a visit that ends the next morning', () => {
    const night = {
      ...inside,
      start_time: '22:00:00',
      end_time: '06:00:00',
      check_in_time: utc(at(2026, 3, 10, 22, 15)),
    };
    expect(isOverdue(night, at(2026, 3, 11, 5, 59))).toBe(false);
    expect(isOverdue(night, at(2026, 3, 11, 6, 0, 1))).toBe(true);
  });

  it('count from the pass’s date when the check-in time is unknown', () => {
    const unknown = { ...inside, check_in_time: null };
    expect(isOverdue(unknown, at(2026, 3, 10, 13, 0))).toBe(false);
    expect(isOverdue(unknown, at(2026, 3, 10, 13, 31))).toBe(true);
  });

  it('are never those who left or never came', () => {
    const late = at(2026, 4, 1);
    expect(isOverdue({ ...inside, latest_scan_type: 'OUT' }, late)).toBe(false);
    expect(isOverdue({ ...inside, latest_scan_type: null }, late)).toBe(false);
  });
});
