import type { EPass } from '@contract/visitors';
import { ONE_TIME, REPEAT_WINDOW_DAYS, WEEKDAYS } from '@rules/visitor-pass';

type PassWindowFields = Pick<
  EPass,
  'repeat_type' | 'repeatType' | 'date' | 'start_time' | 'end_time'
>;

const pad = (value: number) => String(value).padStart(2, '0');

/** 'YYYY-MM-DD' as the console writes a day, 'Fri 20/03/2026'; the text itself if unreadable. */
function dayText(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const day = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const weekday = WEEKDAYS[day.getDay()] ?? '';
  return `${weekday.charAt(0)}${weekday.slice(1, 3).toLowerCase()} ${pad(day.getDate())}/${pad(day.getMonth() + 1)}/${day.getFullYear()}`;
}

const timeText = (time: string) => time.slice(0, 5);

/** 'MONDAY,FRIDAY' → 'Mondays and Fridays'. */
function weekdaysText(days: string): string {
  const names = days
    .split(',')
    .map((day) => day.trim())
    .filter(Boolean)
    .map((day) => `${day.charAt(0)}${day.slice(1).toLowerCase()}s`);
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * When a pass may be used, in words, for its badge and its e-pass (no moment.js: the e-pass page
 * stays small): 'Fri 20/03/2026, 09:00 to 12:00', or for a repeating pass 'Mondays and Fridays,
 * 09:00 to 12:00, for 30 days from Fri 20/03/2026'.
 */
export function passWindowText(pass: PassWindowFields): string {
  const times = `${timeText(pass.start_time)} to ${timeText(pass.end_time)}`;
  if (pass.repeat_type === ONE_TIME) return `${dayText(pass.date)}, ${times}`;
  const days = weekdaysText(pass.repeatType);
  return `${days ? `${days}, ` : ''}${times}, for ${REPEAT_WINDOW_DAYS} days from ${dayText(pass.date)}`;
}
