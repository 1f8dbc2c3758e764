import type { RoundScheduleKind } from '@contract/rounds';
import { isTimeOfDay } from './shifts';

/**
 * Patrol rounds (issue 38): a site's named sets of checkpoints and when they are due. The console's
 * form and the server check them with these, so the messages are the same on both sides.
 */
export const ROUND_NAME_MAX_LENGTH = 100;
export const ROUND_ALLOWED_MINUTES = { min: 5, max: 480 } as const;
export const ROUND_EVERY_HOURS = { min: 1, max: 12 } as const;
export const ROUND_MAX_TIMES = 24;
export const ROUND_MAX_CHECKPOINTS = 50;

export const ROUND_MESSAGES = {
  nameRequired: 'Please enter the round name.',
  nameTooLong: `A round name can have at most ${ROUND_NAME_MAX_LENGTH} characters.`,
  nameTaken: 'This site already has a round in use with this name.',
  allowedRange: `Allow between ${ROUND_ALLOWED_MINUTES.min} and ${ROUND_ALLOWED_MINUTES.max} minutes for the round.`,
  timesRequired: 'Enter at least one time of day the round is due, such as 22:00.',
  timeInvalid: 'Enter each time of day as HH:MM, e.g. 22:00.',
  timesRepeated: 'Each time of day can be given once.',
  tooManyTimes: `A round can be due at most ${ROUND_MAX_TIMES} times a day.`,
  everyRange: `Repeat the round every ${ROUND_EVERY_HOURS.min} to ${ROUND_EVERY_HOURS.max} hours.`,
  patternRequired: 'Choose the shift pattern the round repeats through.',
  patternUnknown: 'Choose one of this site’s shift patterns.',
  checkpointsRequired: 'Choose the checkpoints the round passes.',
  tooManyCheckpoints: `A round can pass at most ${ROUND_MAX_CHECKPOINTS} checkpoints.`,
  checkpointRepeated: 'Each checkpoint can be in a round once.',
  checkpointUnknown: 'Choose checkpoints in use at this site.',
  siteUnknown: 'Choose one of your sites.',
  siteFixed: 'A round stays at its site: retire it, and add one at the other site.',
  notFound: 'Round does not exist.',
  retired: 'This round is retired: it can no longer be changed.',
} as const;

export interface RoundFields {
  name: string;
  allowed_minutes: number;
  schedule_kind: RoundScheduleKind;
  times: string[];
  every_hours: number | null;
  pattern_uuid: string | null;
  checkpoint_uuids: string[];
}

export type RoundFormField = keyof RoundFields;

/**
 * Each field's first problem that the fields alone show (none: an empty object); whether the
 * pattern and the checkpoints are the site's, the server checks against its records.
 */
export function roundFieldErrors(fields: RoundFields): Partial<Record<RoundFormField, string>> {
  const errors: Partial<Record<RoundFormField, string>> = {};
  const name = fields.name.trim();
  if (!name) errors.name = ROUND_MESSAGES.nameRequired;
  else if (name.length > ROUND_NAME_MAX_LENGTH) errors.name = ROUND_MESSAGES.nameTooLong;
  const allowed = fields.allowed_minutes;
  if (
    !Number.isInteger(allowed) ||
    allowed < ROUND_ALLOWED_MINUTES.min ||
    allowed > ROUND_ALLOWED_MINUTES.max
  ) {
    errors.allowed_minutes = ROUND_MESSAGES.allowedRange;
  }
  if (fields.schedule_kind === 'times') {
    if (fields.times.length === 0) errors.times = ROUND_MESSAGES.timesRequired;
    else if (!fields.times.every(isTimeOfDay)) errors.times = ROUND_MESSAGES.timeInvalid;
    else if (new Set(fields.times).size !== fields.times.length) {
      errors.times = ROUND_MESSAGES.timesRepeated;
    } else if (fields.times.length > ROUND_MAX_TIMES) errors.times = ROUND_MESSAGES.tooManyTimes;
  } else {
    const every = fields.every_hours;
    if (
      every === null ||
      !Number.isInteger(every) ||
      every < ROUND_EVERY_HOURS.min ||
      every > ROUND_EVERY_HOURS.max
    ) {
      errors.every_hours = ROUND_MESSAGES.everyRange;
    }
    if (!fields.pattern_uuid) errors.pattern_uuid = ROUND_MESSAGES.patternRequired;
  }
  const points = fields.checkpoint_uuids;
  if (points.length === 0) errors.checkpoint_uuids = ROUND_MESSAGES.checkpointsRequired;
  else if (points.length > ROUND_MAX_CHECKPOINTS) {
    errors.checkpoint_uuids = ROUND_MESSAGES.tooManyCheckpoints;
  } else if (new Set(points).size !== points.length) {
    errors.checkpoint_uuids = ROUND_MESSAGES.checkpointRepeated;
  }
  return errors;
}

/** Times of day as stored: trimmed, earliest first. */
export const sortedTimes = (times: readonly string[]) => times.map((time) => time.trim()).sort();
