/**
 * The device's local wall-clock time as text, in the forms the APIs take it: the guard app's
 * (../../shared/guard-app-api.md) in the formats its mobile app sends, so the server reads one
 * kind of text whoever sends it.
 */

const pad2 = (value: number) => String(value).padStart(2, '0');

/** The local calendar day, 'yyyy-MM-dd'. */
export function localDayText(date: Date): string {
  return `${date.getFullYear()}-${pad2(date.getMonth() + 1)}-${pad2(date.getDate())}`;
}

function twelveHour(date: Date): { hour: number; meridiem: 'AM' | 'PM' } {
  const hours = date.getHours();
  return { hour: hours % 12 === 0 ? 12 : hours % 12, meridiem: hours < 12 ? 'AM' : 'PM' };
}

/** A shift's `current_time`: 'yyyy-MM-dd h:mm a', e.g. '2026-03-20 9:05 AM'. */
export function shiftTimeText(date: Date): string {
  const { hour, meridiem } = twelveHour(date);
  return `${localDayText(date)} ${hour}:${pad2(date.getMinutes())} ${meridiem}`;
}

/** An incident's `incident_at`: 'yyyy-MM-dd hh:mm AM/PM', e.g. '2026-03-20 09:05 AM'. */
export function incidentTimeText(date: Date): string {
  const { hour, meridiem } = twelveHour(date);
  return `${localDayText(date)} ${pad2(hour)}:${pad2(date.getMinutes())} ${meridiem}`;
}

/** The value of a datetime-local input: 'yyyy-MM-ddTHH:mm'. */
export function dateTimeInputText(date: Date): string {
  return `${localDayText(date)}T${pad2(date.getHours())}:${pad2(date.getMinutes())}`;
}

/** A datetime-local input's value as a local Date, or null when it is not one. */
export function readDateTimeInput(text: string): Date | null {
  const match = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)$/.exec(text);
  if (!match) return null;
  const [year, month, day, hours, minutes] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(year, month - 1, day, hours, minutes);
  const roundTrips =
    date.getFullYear() === year &&
    date.getMonth() === month - 1 &&
    date.getDate() === day &&
    date.getHours() === hours &&
    date.getMinutes() === minutes;
  return roundTrips ? date : null;
}
