/**
 * A site's patrol round (issue 38), as GET /rounds/list answers it: a named set of the site's
 * checkpoints, walked in order or in any order within the time allowed, due at set times of day
 * or every few hours through a shift pattern's shift.
 */
export interface Round {
  uuid: string;
  residence_uuid: string;
  residence_name: string;
  name: string;
  /** The checkpoints must be scanned in their order (else in any order). */
  in_order: boolean;
  /** Minutes from its due time by which the round must be walked. */
  allowed_minutes: number;
  /** 'times': due at each of `times` every day; 'every': every `every_hours` through a pattern's shift. */
  schedule_kind: RoundScheduleKind;
  /** Local times of day 'HH:MM', earliest first ([] for 'every'). */
  times: string[];
  every_hours: number | null;
  pattern_uuid: string | null;
  pattern_name: string | null;
  /** The round's checkpoints, in their order. */
  checkpoints: Array<{ uuid: string; name: string; retired: boolean }>;
  retired_at: string | null;
  created_at: string;
}

export type RoundScheduleKind = 'times' | 'every';

/** POST /rounds (residence_uuid required) and PATCH /rounds/{uuid} (site fixed). */
export interface RoundBody {
  residence_uuid: string;
  name: string;
  in_order: boolean;
  allowed_minutes: number;
  schedule_kind: RoundScheduleKind;
  times: string[];
  every_hours: number | null;
  pattern_uuid: string | null;
  checkpoint_uuids: string[];
}
