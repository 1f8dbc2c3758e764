import { describe, expect, it } from 'vitest';
import type { Shift, ShiftPattern } from '@contract/shifts';
import {
  addDays,
  mondayOf,
  rosterRows,
  shortDay,
  weekDays,
  weekdaysText,
} from '../../src/features/shifts/roster-week';

function shift(overrides: Partial<Shift>): Shift {
  return {
    uuid: 'shift',
    residence_uuid: 'site-1',
    residence_name: 'Mont Kiara Residence',
    pattern_uuid: 'day',
    slot: 0,
    name: 'Day',
    date: '2026-11-30',
    starts_at: '2026-11-29 23:00:00',
    ends_at: '2026-11-30 11:00:00',
    guard_uuid: null,
    guard_name: null,
    cancelled_at: null,
    state: 'upcoming',
    attendance_uuid: null,
    started_at: null,
    ended_at: null,
    late_minutes: null,
    ...overrides,
  };
}

const day: ShiftPattern = {
  uuid: 'day',
  residence_uuid: 'site-1',
  name: 'Day',
  start_time: '07:00',
  end_time: '19:00',
  headcount: 2,
  weekdays: [1, 2, 3, 4, 5],
};
const night: ShiftPattern = { ...day, uuid: 'night', name: 'Night', start_time: '19:00' };

describe('the roster week', () => {
  it('runs Monday to Sunday, across a month and a year', () => {
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2026-11-30')).toBe('2026-11-30');
    expect(mondayOf('2027-01-01')).toBe('2026-12-28');
    expect(weekDays('2026-12-28')).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ]);
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(shortDay('2026-11-30')).toBe('Mon 30/11');
    expect(weekdaysText([1, 2, 3, 4, 5, 6, 7])).toBe('Every day');
    expect(weekdaysText([6, 1])).toBe('Mon, Sat');
  });

  it('puts patterns down by start time, one-offs and a deleted pattern’s shifts last, and counts filled / needed', () => {
    const days = weekDays('2026-11-30');
    const rows = rosterRows(
      [night, day],
      [
        shift({ uuid: 'a', guard_uuid: 'g1', guard_name: 'Ahmad' }),
        shift({ uuid: 'b', slot: 1 }),
        shift({ uuid: 'c', slot: 1, date: '2026-12-01', cancelled_at: '2026-11-29 00:00:00' }),
        shift({ uuid: 'd', pattern_uuid: null, name: 'Event', date: '2026-12-05' }),
        shift({ uuid: 'e', pattern_uuid: 'gone', name: 'Gate', date: '2026-12-05' }),
      ],
      days,
    );
    expect(rows.map((row) => row.name)).toEqual(['Day', 'Night', 'One-off shifts']);
    const [dayRow, , oneOff] = rows;
    expect(dayRow?.cells[0]).toMatchObject({ filled: 1, needed: 2, scheduled: true });
    expect(dayRow?.cells[1]).toMatchObject({ filled: 0, needed: 0, scheduled: true });
    expect(dayRow?.cells[1]?.shifts).toHaveLength(1);
    expect(dayRow?.cells[5]).toMatchObject({ needed: 0, scheduled: false });
    expect(oneOff?.cells[5]).toMatchObject({ filled: 0, needed: 2, scheduled: true });
    expect(oneOff?.cells[0]).toMatchObject({ scheduled: false });
  });
});
