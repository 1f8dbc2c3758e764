import { COORDINATE_MESSAGES, isValidLatitude, isValidLongitude } from './coordinates';

/**
 * Patrol checkpoints (issue 38): a site's points a round passes. The console's form and the
 * server check them with these, so the messages are the same on both sides.
 */
export const CHECKPOINT_NAME_MAX_LENGTH = 100;
export const CHECKPOINT_INSTRUCTIONS_MAX_LENGTH = 1000;

/**
 * What a sticker's QR code starts with, so that a scanner tells a checkpoint from a visitor's
 * pass; the rest is the checkpoint's unguessable code (22 characters, 128 random bits).
 */
export const CHECKPOINT_QR_PREFIX = 'KGCP:';

export const CHECKPOINT_MESSAGES = {
  nameRequired: 'Please enter the checkpoint name.',
  nameTooLong: `A checkpoint name can have at most ${CHECKPOINT_NAME_MAX_LENGTH} characters.`,
  nameTaken: 'This site already has a checkpoint in use with this name.',
  instructionsTooLong: `What to check can have at most ${CHECKPOINT_INSTRUCTIONS_MAX_LENGTH} characters.`,
  positionHalf: 'Enter both latitude and longitude, or neither.',
  latitudeOutOfRange: COORDINATE_MESSAGES.latitudeOutOfRange,
  longitudeOutOfRange: COORDINATE_MESSAGES.longitudeOutOfRange,
  siteUnknown: 'Choose one of your sites.',
  siteFixed: 'A checkpoint stays at its site: retire it, and add one at the other site.',
  notFound: 'Checkpoint does not exist.',
  retired: 'This checkpoint is retired: it can no longer be changed.',
} as const;

export interface CheckpointFields {
  name: string;
  instructions: string;
  latitude: number | null;
  longitude: number | null;
}

export type CheckpointFormField = keyof CheckpointFields;

/** Each field's first problem (none: an empty object). */
export function checkpointFieldErrors(
  fields: CheckpointFields,
): Partial<Record<CheckpointFormField, string>> {
  const errors: Partial<Record<CheckpointFormField, string>> = {};
  const name = fields.name.trim();
  if (!name) errors.name = CHECKPOINT_MESSAGES.nameRequired;
  else if (name.length > CHECKPOINT_NAME_MAX_LENGTH) errors.name = CHECKPOINT_MESSAGES.nameTooLong;
  if (fields.instructions.trim().length > CHECKPOINT_INSTRUCTIONS_MAX_LENGTH) {
    errors.instructions = CHECKPOINT_MESSAGES.instructionsTooLong;
  }
  const { latitude, longitude } = fields;
  if (latitude !== null && !isValidLatitude(latitude)) {
    errors.latitude = CHECKPOINT_MESSAGES.latitudeOutOfRange;
  }
  if (longitude !== null && !isValidLongitude(longitude)) {
    errors.longitude = CHECKPOINT_MESSAGES.longitudeOutOfRange;
  }
  if (latitude === null && longitude !== null) errors.latitude = CHECKPOINT_MESSAGES.positionHalf;
  if (longitude === null && latitude !== null) errors.longitude = CHECKPOINT_MESSAGES.positionHalf;
  return errors;
}
