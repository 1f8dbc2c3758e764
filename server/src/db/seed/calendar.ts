/** Seed data times are built in the server's local time, the clock that decides what 'today' is. */

const MINUTE_MS = 60_000;

/** The local wall-clock time on the day `daysAgo` days before the day of `now`. */
export function localTime(now: Date, daysAgo: number, hours: number, minutes = 0): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - daysAgo, hours, minutes);
}

export function addMinutes(date: Date, minutes: number): Date {
  return new Date(date.getTime() + minutes * MINUTE_MS);
}

export function minutesBetween(from: Date, to: Date): number {
  return Math.floor((to.getTime() - from.getTime()) / MINUTE_MS);
}
