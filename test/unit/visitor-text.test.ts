import { describe, expect, it } from 'vitest';
import { expectedWindow } from '../../src/features/visitors/visitor-text';
import { formatLocalDateTime } from '../../src/lib/dates';

// 18 March 2026 is a Wednesday.
const WEDNESDAY_NOON = new Date(2026, 2, 18, 12, 0, 0);

const repeating = {
  date: '2026-03-02',
  start_time: '12:30:00',
  end_time: '13:30:00',
  repeat_type: 'REPEAT',
  repeatType: 'MONDAY,WEDNESDAY,THURSDAY',
};

const window = (day: string) =>
  `${formatLocalDateTime(`${day} 12:30:00`)} to ${formatLocalDateTime(`${day} 13:30:00`)}`;

describe('the desk’s Expected line', () => {
  it('shows today’s window on a repeating pass valid today', () => {
    expect(expectedWindow(repeating, WEDNESDAY_NOON)).toBe(window('2026-03-18'));
  });

  it('shows the pass’s own date on a day the pass does not repeat, or past its 30 days', () => {
    expect(expectedWindow({ ...repeating, repeatType: 'MONDAY' }, WEDNESDAY_NOON)).toBe(
      window('2026-03-02'),
    );
    expect(expectedWindow(repeating, new Date(2026, 3, 15, 12, 0, 0))).toBe(window('2026-03-02'));
  });

  it('shows a one-time pass’s own date', () => {
    expect(
      expectedWindow({ ...repeating, repeat_type: 'ONE_TIME', date: '2026-03-18' }, WEDNESDAY_NOON),
    ).toBe(window('2026-03-18'));
    expect(expectedWindow({ ...repeating, repeat_type: 'ONE_TIME' }, WEDNESDAY_NOON)).toBe(
      window('2026-03-02'),
    );
  });
});
