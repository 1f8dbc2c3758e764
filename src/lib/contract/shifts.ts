/** A site's shift pattern: a post filled every chosen weekday (issue 36). */
export interface ShiftPattern {
  uuid: string;
  residence_uuid: string;
  name: string;
  /** Site-local time of day, 'HH:MM'; an end not after the start is the next day. */
  start_time: string;
  end_time: string;
  headcount: number;
  /** ISO weekdays, Monday 1 to Sunday 7. */
  weekdays: number[];
}

export type ShiftPatternBody = Omit<ShiftPattern, 'uuid'>;

/** One guard's place in a dated shift: a pattern's slot on one day, or a one-off. */
export interface Shift {
  uuid: string;
  residence_uuid: string;
  residence_name: string;
  pattern_uuid: string | null;
  slot: number;
  name: string;
  /** The local date the shift starts on, 'YYYY-MM-DD'. */
  date: string;
  /** UTC 'YYYY-MM-DD HH:MM:SS'. */
  starts_at: string;
  ends_at: string;
  guard_uuid: string | null;
  guard_name: string | null;
  cancelled_at: string | null;
  /** Worked out by the server from the roster and the attendance rows (the watch). */
  state: ShiftState;
  /** The attendance row that started this shift, once attached. */
  attendance_uuid: string | null;
  /** UTC 'YYYY-MM-DD HH:MM:SS' of the attached attendance's start and end (the selfies' times). */
  started_at: string | null;
  ended_at: string | null;
  /** Minutes past the planned start the guard started, once started. */
  late_minutes: number | null;
}

/**
 * A dated shift's state (issue 36): upcoming; on duty; late (started more than the grace after
 * the planned start); no-show (not started by the start plus the no-show time); left early (ended
 * more than the grace before the planned end); completed; cancelled.
 */
export type ShiftState =
  'upcoming' | 'on_duty' | 'late' | 'no_show' | 'left_early' | 'completed' | 'cancelled';

export const SHIFT_STATES: readonly ShiftState[] = [
  'upcoming',
  'on_duty',
  'late',
  'no_show',
  'left_early',
  'completed',
  'cancelled',
];

/** The words the console shows for each state. */
export const SHIFT_STATE_LABELS: Record<ShiftState, string> = {
  upcoming: 'Upcoming',
  on_duty: 'On duty',
  late: 'Late',
  no_show: 'No-show',
  left_early: 'Left early',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** An attendance row with no planned shift: shown, never counted as covering a post. */
export interface UnplannedAttendance {
  attendance_uuid: string;
  guard_uuid: string;
  guard_name: string;
  residence_uuid: string;
  residence_name: string;
  /** UTC 'YYYY-MM-DD HH:MM:SS'. */
  started_at: string;
}

/** One site on the Now board (GET /shifts/now): its shifts in progress at this minute. */
export interface NowSite {
  residence_uuid: string;
  residence_name: string;
  /** Places planned at this minute (shifts in progress, not cancelled). */
  needed: number;
  /** Of those, the ones a guard has started and not ended. */
  on_duty: number;
  /** The shifts in progress, each with its state (on duty, late, no-show). */
  shifts: Shift[];
  unplanned: UnplannedAttendance[];
}

/** A company's watch settings (GET/PATCH /security-companies/{uuid}/roster-settings). */
export interface RosterSettings {
  late_grace_minutes: number;
  no_show_minutes: number;
  weekly_hours_limit: number;
  /** Below this share (%) of a night's checkpoints scanned, a site alerts (issue 38). */
  patrol_completion_percent: number;
}

/** One shift or unplanned attendance of a guard in a timesheet (GET /shifts/timesheet). */
export interface TimesheetLine {
  guard_uuid: string;
  guard_name: string;
  /** The guard's Guard ID. */
  guard_id: string;
  residence_uuid: string;
  residence_name: string;
  /** The shift's name; '' for an unplanned attendance. */
  shift_name: string;
  /** Local date the shift (or attendance) starts on, 'YYYY-MM-DD'. */
  date: string;
  /** Planned times, UTC 'YYYY-MM-DD HH:MM:SS'; null for an unplanned attendance. */
  planned_start: string | null;
  planned_end: string | null;
  /** The attendance's start and end selfies' times; null when not worked (yet). */
  started_at: string | null;
  ended_at: string | null;
  state: ShiftState | 'unplanned';
  planned_minutes: number;
  worked_minutes: number;
  late_minutes: number;
}

/** One guard's (or one site's) sums over the period. */
export interface TimesheetTotals {
  planned_minutes: number;
  worked_minutes: number;
  late_minutes: number;
  no_shows: number;
  /** Worked minutes past 8 hours in a day (by the local day a shift starts on). */
  over_day_minutes: number;
  /** Worked minutes past 48 hours in an ISO week, after the day's overtime is taken out. */
  over_week_minutes: number;
}

export interface TimesheetGuard extends TimesheetTotals {
  guard_uuid: string;
  guard_name: string;
  guard_id: string;
}

export interface TimesheetSite extends TimesheetTotals {
  residence_uuid: string;
  residence_name: string;
}

/** GET /shifts/timesheet?from&to[&guard_uuid][&residence_uuid]: the period's lines and sums. */
export interface Timesheet {
  from: string;
  to: string;
  lines: TimesheetLine[];
  guards: TimesheetGuard[];
  /** Per site totals: the figures a company bills its client with. */
  sites: TimesheetSite[];
}

/** What an assignment answers: the shift, and warnings that do not block it. */
export interface ShiftAssignment {
  shift: Shift;
  warnings: string[];
}
