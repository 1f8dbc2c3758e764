import { SHIFT_STATE_LABELS, type Shift, type ShiftState } from '@contract/shifts';
import { timestampMs } from '../../lib/dates';

/** Bootstrap's colour of each state's badge; the badge always carries the word too. */
export const SHIFT_STATE_COLORS: Record<ShiftState | 'unplanned', string> = {
  upcoming: 'secondary',
  on_duty: 'success',
  late: 'warning',
  no_show: 'danger',
  left_early: 'warning',
  completed: 'primary',
  cancelled: 'dark',
  unplanned: 'info',
};

export function stateLabel(state: ShiftState | 'unplanned'): string {
  return state === 'unplanned' ? 'Unplanned' : SHIFT_STATE_LABELS[state];
}

const pad2 = (value: number) => String(value).padStart(2, '0');

/** A UTC timestamp of the API as the reader's local 'HH:mm'; '' when absent. */
export function timeOfDay(utc: string | null | undefined): string {
  const ms = timestampMs(utc);
  if (ms === null) return '';
  const date = new Date(ms);
  return `${pad2(date.getHours())}:${pad2(date.getMinutes())}`;
}

/** 'Night 19:00–07:00', as the kiosk and the alerts name a shift. */
export function shiftTitle(shift: Pick<Shift, 'name' | 'starts_at' | 'ends_at'>): string {
  return `${shift.name} ${timeOfDay(shift.starts_at)}–${timeOfDay(shift.ends_at)}`;
}

/** The reader's local date 'YYYY-MM-DD' of a day. */
export function localDay(day: Date): string {
  return `${day.getFullYear()}-${pad2(day.getMonth() + 1)}-${pad2(day.getDate())}`;
}

/** Minutes as hours with two decimals, as a timesheet shows them. */
export function hoursOf(minutes: number): number {
  return Math.round((minutes / 60) * 100) / 100;
}

export const NOW_BOARD_PATH = '/rosters/now';
export const SHIFT_LIST_PATH = '/rosters/shifts';

/**
 * The shifts that ran on a local day (a night begun the evening before included) in one state, or
 * those started late whatever became of them: the dashboard's Missed today and Late today.
 */
export function shiftsOfDayPath(which: 'no_show' | 'late', day: string): string {
  const filter = which === 'late' ? 'late=1' : 'state=no_show';
  return `${SHIFT_LIST_PATH}?${filter}&from=${day}&to=${day}&overlap=1`;
}
