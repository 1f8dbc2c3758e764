/**
 * Walking patrols (issue 38): when a patrol may be walked, and what the guard's phone and the
 * console are told when a scan cannot be taken.
 */

/** A round may be started this many minutes before it is due. */
export const PATROL_EARLY_MINUTES = 15;
/** A scan that reaches the server more than this long after it was made was sent late. */
export const PATROL_SCAN_LATE_SECONDS = 120;
export const PATROL_NOTE_MAX_LENGTH = 500;
/** The company's share of a night's checkpoints below which a site alerts, by default (%). */
export const PATROL_COMPLETION_DEFAULT = 90;

export const PATROL_MESSAGES = {
  notFound: 'This round is not due at your site.',
  codeUnknown: 'This QR code is not a checkpoint sticker.',
  otherSite: 'This checkpoint sticker belongs to another site.',
  retired: 'This checkpoint is retired: its sticker is no longer in use. Tell your supervisor.',
  notOnRound: (checkpoint: string) => `${checkpoint} is not on this round.`,
  notOpen: (due: string) => `This round is not open yet: it is due at ${due}.`,
  closed: (closed: string) => `This round closed at ${closed}: the scan was not recorded.`,
  passed: (checkpoint: string, later: string) =>
    `This round is walked in order: ${checkpoint} comes before ${later}, which is already scanned.`,
  noteTooLong: `A note can have at most ${PATROL_NOTE_MAX_LENGTH} characters.`,
  timeInvalid: 'scanned_at must be the phone’s time, in ISO 8601.',
  finished: 'This round is finished: its scans can no longer change.',
  dayInvalid: 'Enter the day as DD/MM/YYYY.',
  rangeInvalid: 'Choose a period of at most 92 days, its start on or before its end.',
} as const;

/** Longest period the completion figures are asked for. */
export const PATROL_COMPLETION_MAX_DAYS = 92;

export const PATROL_STATE_LABELS = {
  due: 'Due',
  in_progress: 'In progress',
  done: 'Done',
  partly_done: 'Partly done',
  missed: 'Missed',
} as const;

/** The night a site's completion is judged over, each morning (local times). */
export const PATROL_NIGHT = { start: '19:00', end: '07:00' } as const;
