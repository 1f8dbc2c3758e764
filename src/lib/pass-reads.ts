/**
 * A second read of the pass on screen this soon after the last is the same pass read again (a
 * scanner's double read, or the camera still seeing it), not a new scan.
 */
export const DOUBLE_READ_MS = 3000;

export interface DeskRead {
  code: string;
  /** Milliseconds since the epoch. */
  at: number;
}

/**
 * Whether a read repeats the one before it. Each read, repeat or not, becomes the one the next is
 * measured from, so a pass held before the camera stays one read until it has been out of sight
 * for DOUBLE_READ_MS.
 */
export function isRepeatRead(previous: DeskRead | null, next: DeskRead): boolean {
  return previous !== null && previous.code === next.code && next.at - previous.at < DOUBLE_READ_MS;
}
