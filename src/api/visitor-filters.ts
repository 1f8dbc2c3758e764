import { localDayText } from '../lib/device-time';
import {
  MAX_CHECKPOINT_TIMES,
  ONE_TIME,
  REPEAT_WINDOW_DAYS,
  VALID,
  weekdayOf,
} from '@rules/visitor-pass';
import { allOf, anyOf, equals, quote } from './filters';

/**
 * "Expected today" as API conditions: a valid pass dated today and not yet used, or a repeating
 * pass whose 30 days hold today and that repeats on today's weekday, with its visitor not inside
 * and a scan left. The server matches the weekday in the pass's weekdays (`repeatType`).
 */
export function expectedTodayFilter(now: Date): string {
  const today = localDayText(now);
  const repeatsFrom = localDayText(
    new Date(now.getFullYear(), now.getMonth(), now.getDate() - REPEAT_WINDOW_DAYS + 1),
  );
  return allOf(
    equals('status', VALID),
    anyOf(
      allOf(equals('date', today), 'latest_scan_type IS NULL'),
      allOf(
        `repeat_type<>${quote(ONE_TIME)}`,
        `date>=${quote(repeatsFrom)}`,
        `date<${quote(today)}`,
        `repeatType like ${quote(`%${weekdayOf(now)}%`)}`,
        anyOf('latest_scan_type IS NULL', equals('latest_scan_type', 'OUT')),
        `checkpoint_times<=${MAX_CHECKPOINT_TIMES}`,
      ),
    ),
  );
}

/**
 * "Overstay" as API conditions: inside, and due out (the end of the visit, which the server
 * writes at each check-in) before now.
 */
export function overstayFilter(now: Date): string {
  const utcNow = now.toISOString().slice(0, 19).replace('T', ' ');
  return allOf(equals('latest_scan_type', 'IN'), `due_out_at<${quote(utcNow)}`);
}
