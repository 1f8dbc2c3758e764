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
}

/** What an assignment answers: the shift, and warnings that do not block it. */
export interface ShiftAssignment {
  shift: Shift;
  warnings: string[];
}
