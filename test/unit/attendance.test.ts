import { describe, expect, it } from 'vitest';
import { formatLocation, totalHours } from '../../src/lib/attendance';

describe('totalHours', () => {
  it('is check-out minus check-in as hours:mm:ss', () => {
    expect(totalHours('2024-05-01 00:30:00', '2024-05-01 09:45:15')).toBe('9:15:15');
  });

  it('counts hours past 24 instead of wrapping into days', () => {
    expect(totalHours('2024-04-29 22:00:00', '2024-05-01 04:15:30')).toBe('30:15:30');
  });

  it('pads minutes and seconds but not hours', () => {
    expect(totalHours('2024-05-01 08:00:00', '2024-05-01 08:01:05')).toBe('0:01:05');
  });

  it('works across a month end in UTC, whatever the local zone', () => {
    expect(totalHours('2024-02-29 23:59:59', '2024-03-01 00:00:01')).toBe('0:00:02');
  });

  it('is 0 when either time is missing', () => {
    expect(totalHours(null, '2024-05-01 09:45:15')).toBe('0');
    expect(totalHours('2024-05-01 00:30:00', null)).toBe('0');
    expect(totalHours(null, null)).toBe('0');
  });

  it('is 0 when check-out precedes check-in', () => {
    expect(totalHours('2024-05-01 09:00:00', '2024-05-01 08:00:00')).toBe('0');
  });
});

describe('formatLocation', () => {
  it('shows latitude and longitude to 7 decimals', () => {
    expect(formatLocation(3.1579123456, 101.7123)).toBe('3.1579123, 101.7123000');
    expect(formatLocation(-6.2, -73.98765432)).toBe('-6.2000000, -73.9876543');
  });

  it('is empty when a coordinate is missing', () => {
    expect(formatLocation(null, 101.7)).toBe('');
    expect(formatLocation(3.1, null)).toBe('');
  });
});
