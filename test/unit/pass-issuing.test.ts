import { describe, expect, it } from 'vitest';
import {
  PASS_MESSAGES,
  passFieldErrors,
  passWeekdays,
  type PassFieldValues,
} from '../../src/lib/rules/pass-issuing';
import {
  documentKey,
  phoneKey,
  watchKey,
  watchlistMatch,
  WATCHLIST_MESSAGES,
} from '../../src/lib/rules/watchlist';

/** 24 November 2026, 14:30:00 local time. */
const NOW = new Date(2026, 10, 24, 14, 30, 0);

const oneTimeToday: PassFieldValues = {
  residence_uuid: 'site-1',
  unit_uuid: 'unit-1',
  host_name: 'Tan Mei Ling',
  name: 'Ahmad bin Ali',
  phone_number: '60123456789',
  email: '',
  car_plate_number: 'WXY 1234',
  category: 'Visitor',
  repeat_type: 'ONE_TIME',
  repeatType: '',
  date: '2026-11-24',
  start_time: '15:00',
  end_time: '17:00',
};

const errorsOf = (values: Partial<PassFieldValues>, now = NOW, siteTakesVisitors = true) =>
  passFieldErrors({ ...oneTimeToday, ...values }, { now, siteTakesVisitors });

describe('the pass-window rules', () => {
  it('accepts a one-time pass for later today', () => {
    expect(errorsOf({})).toEqual({});
  });

  it('refuses yesterday and accepts today from its first second', () => {
    expect(errorsOf({ date: '2026-11-23' }).date).toBe(PASS_MESSAGES.dateInPast);
    expect(errorsOf({ date: '2026-11-24' }, new Date(2026, 10, 24, 0, 0, 0)).date).toBeUndefined();
    expect(
      errorsOf({ date: '2026-11-23' }, new Date(2026, 10, 23, 23, 59, 59)).date,
    ).toBeUndefined();
  });

  it('refuses an end time at or before the start time', () => {
    expect(errorsOf({ start_time: '15:00', end_time: '15:00' }).end_time).toBe(
      PASS_MESSAGES.endNotAfterStart,
    );
    expect(errorsOf({ start_time: '15:00', end_time: '14:59' }).end_time).toBe(
      PASS_MESSAGES.endNotAfterStart,
    );
    expect(errorsOf({ start_time: '15:00', end_time: '15:01' }).end_time).toBeUndefined();
  });

  it('refuses a one-time pass for today that is already over, to the second', () => {
    const at = (seconds: number) => new Date(2026, 10, 24, 16, 59, seconds);
    expect(errorsOf({ end_time: '17:00' }, at(59)).end_time).toBeUndefined();
    expect(errorsOf({ end_time: '17:00' }, new Date(2026, 10, 24, 17, 0, 0)).end_time).toBe(
      PASS_MESSAGES.endedAlready,
    );
    // A repeating pass from today still has the days after it.
    expect(
      errorsOf(
        { repeat_type: 'REPEAT', repeatType: 'MONDAY', end_time: '17:00' },
        new Date(2026, 10, 24, 18, 0, 0),
      ).end_time,
    ).toBeUndefined();
  });

  it('asks a repeating pass for its weekdays, and reads them in week order', () => {
    expect(errorsOf({ repeat_type: 'REPEAT', repeatType: '' }).repeatType).toBe(
      PASS_MESSAGES.weekdaysRequired,
    );
    expect(errorsOf({ repeat_type: 'REPEAT', repeatType: 'FUNDAY' }).repeatType).toBe(
      PASS_MESSAGES.weekdaysRequired,
    );
    expect(passWeekdays('friday, MONDAY,friday')).toEqual(['MONDAY', 'FRIDAY']);
    expect(errorsOf({ repeat_type: 'WEEKLY' }).repeat_type).toBe(PASS_MESSAGES.repeatTypeRequired);
  });

  it('refuses days and times that do not exist', () => {
    expect(errorsOf({ date: '2027-02-29' }).date).toBe(PASS_MESSAGES.dateInvalid);
    expect(errorsOf({ date: '2028-02-29' }).date).toBeUndefined();
    expect(errorsOf({ date: '24/11/2026' }).date).toBe(PASS_MESSAGES.dateInvalid);
    expect(errorsOf({ start_time: '24:00' }).start_time).toBe(PASS_MESSAGES.timeInvalid);
    expect(errorsOf({ end_time: '9:5' }).end_time).toBe(PASS_MESSAGES.timeInvalid);
  });

  it('holds the phone to the spec’s Malaysian rules and its words', () => {
    expect(errorsOf({ phone_number: '' }).phone_number).toBe('Please enter the phone number');
    expect(errorsOf({ phone_number: '0123456789' }).phone_number).toBe(
      'Phone number should start with 60',
    );
    expect(errorsOf({ phone_number: '60-12345678' }).phone_number).toBe(
      'Phone number should be in digits only',
    );
  });

  it('refuses a site that does not take visitors, and names every missing field', () => {
    expect(errorsOf({}, NOW, false).residence_uuid).toBe(PASS_MESSAGES.visitorsOff);
    expect(Object.keys(passFieldErrors({}, { now: NOW, siteTakesVisitors: null }))).toEqual([
      'residence_uuid',
      'unit_uuid',
      'host_name',
      'name',
      'phone_number',
      'category',
      'repeat_type',
      'date',
      'start_time',
      'end_time',
    ]);
  });
});

describe('watchlist matching', () => {
  it('ignores case, spaces and punctuation in names and plates', () => {
    expect(watchKey('  Ahmad  bin Ali ')).toBe(watchKey('AHMAD BIN ALI'));
    expect(watchKey("Mary-Jane O'Neil")).toBe(watchKey('mary jane oneil'));
    expect(watchKey('WXY 1234')).toBe(watchKey('wxy1234'));
    expect(watchKey('wxy-1234')).toBe('WXY1234');
  });

  it('reads IC numbers on their digits, and passports on letters and digits', () => {
    expect(documentKey('900101-14-5566')).toBe('900101145566');
    expect(documentKey('900101 14 5566')).toBe(documentKey('900101145566'));
    expect(documentKey('a1234567')).toBe('A1234567');
    expect(documentKey('A1234567')).not.toBe(documentKey('1234567'));
  });

  it('reads a phone’s leading 0 as Malaysia’s 60', () => {
    expect(phoneKey('012-345 6789')).toBe('60123456789');
    expect(phoneKey('+60 12 345 6789')).toBe('60123456789');
  });

  it('matches on any part both give, and never on blanks', () => {
    const entry = { name: 'Ahmad bin Ali', ic_passport_number: '900101-14-5566' };
    expect(watchlistMatch(entry, { name: 'AHMAD BIN  ALI' })).toEqual(['name']);
    expect(
      watchlistMatch(entry, { name: 'Someone Else', ic_passport_number: '900101145566' }),
    ).toEqual(['ic_passport_number']);
    expect(
      watchlistMatch({ car_plate_number: 'WXY1234' }, { car_plate_number: 'wxy 1234' }),
    ).toEqual(['car_plate_number']);
    expect(
      watchlistMatch({ car_plate_number: 'WXY1234' }, { car_plate_number: 'WXY1243' }),
    ).toEqual([]);
    expect(watchlistMatch({ name: '' }, { name: '' })).toEqual([]);
    expect(watchlistMatch({ name: ' - ' }, { name: '--' })).toEqual([]);
  });

  it('gives the refusal its reason', () => {
    expect(WATCHLIST_MESSAGES.refused('Banned by management')).toBe(
      'This visitor is on the watchlist: Banned by management',
    );
  });
});
