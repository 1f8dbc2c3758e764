/** Timestamps are stored as UTC text 'YYYY-MM-DD HH:MM:SS': sortable, comparable, engine-neutral. */
export function toDbTime(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** Milliseconds since the epoch of a stored UTC timestamp, or null when absent or unreadable. */
export function timestampOf(stored: string | null): number | null {
  if (!stored) return null;
  const ms = Date.parse(`${stored.replace(' ', 'T')}Z`);
  return Number.isNaN(ms) ? null : ms;
}

/** The server's local calendar day containing `now`, as a half-open UTC range [start, end). */
export function localDayRange(now: Date): { start: string; end: string } {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const end = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return { start: toDbTime(start), end: toDbTime(end) };
}

/** The server's local date as 'YYYY-MM-DD', the form visitor pass dates are stored in. */
export function localDate(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A 'YYYY-MM-DD' date `days` later (earlier when negative), by the calendar. */
export function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** The server's local time of day 'HH:MM' of a stored UTC timestamp (as the console shows it). */
export function localClock(stored: string): string {
  const at = new Date(timestampOf(stored) ?? 0);
  return `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
}

/** A moment `minutes` after a stored timestamp, as stored text. */
export function addMinutesTo(stored: string, minutes: number): string {
  return toDbTime(new Date((timestampOf(stored) ?? 0) + minutes * 60_000));
}
