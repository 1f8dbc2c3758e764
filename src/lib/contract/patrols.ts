/**
 * Patrols (issue 38): each time a round is due is a patrol, walked by one guard who scans the
 * round's checkpoints; GET /patrols/list answers them with each checkpoint's scan.
 */
export type PatrolState = 'due' | 'in_progress' | 'done' | 'partly_done' | 'missed';

export const PATROL_STATES: readonly PatrolState[] = [
  'due',
  'in_progress',
  'done',
  'partly_done',
  'missed',
];

/** One of the patrol's checkpoints, scanned or not. */
export interface PatrolCheckpoint {
  uuid: string;
  name: string;
  /** UTC 'YYYY-MM-DD HH:MM:SS': the phone's time of the scan; null when not scanned. */
  scanned_at: string | null;
  /** The scan reached the server well after it was made (it was kept on the phone offline). */
  sent_late: boolean;
  note: string;
  photo_url: string | null;
}

export interface Patrol {
  uuid: string;
  round_uuid: string;
  round_name: string;
  in_order: boolean;
  residence_uuid: string;
  residence_name: string;
  /** UTC 'YYYY-MM-DD HH:MM:SS'. */
  due_at: string;
  /** Due time plus the minutes allowed. */
  closes_at: string;
  state: PatrolState;
  guard_uuid: string | null;
  guard_name: string | null;
  started_at: string | null;
  finished_at: string | null;
  /** From start to finish (or the last scan), whole minutes; null until started. */
  minutes_taken: number | null;
  checkpoints_total: number;
  checkpoints_scanned: number;
  checkpoints: PatrolCheckpoint[];
}

/** GET /patrols/completion: a site's (or every site's the caller sees) patrols over a period. */
export interface PatrolCompletion {
  /** Patrols due in the period whose time is up (done, partly done or missed). */
  rounds_closed: number;
  rounds_done: number;
  rounds_partly_done: number;
  rounds_missed: number;
  checkpoints_due: number;
  checkpoints_scanned: number;
  /** Checkpoints scanned of those due, whole %; null when nothing was due. */
  percent: number | null;
}

/** What the guard's phone sends for one scan (POST …/patrols/{uuid}/scans). */
export interface PatrolScanBody {
  /** The code on the checkpoint's sticker (or NFC tag). */
  code: string;
  /** The phone's time of the scan, ISO 8601. */
  scanned_at?: string;
  note?: string;
}
