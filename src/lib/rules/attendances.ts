/**
 * A shift left open longer than a shift lasts was abandoned: the guard never checked out. It
 * counts as closed from then on, without a check-out ("Not checked out." in the console,
 * `is_open: false` to the guard app), and the guard may start a new one.
 */
export const ABANDONED_SHIFT_HOURS = 16;

export type ShiftState = 'open' | 'closed' | 'not_checked_out';

/** Where a shift stands at `nowMs`, from its check-in and check-out instants (ms, or null). */
export function shiftState(
  checkinMs: number | null,
  checkoutMs: number | null,
  nowMs: number,
): ShiftState {
  if (checkoutMs !== null) return 'closed';
  if (checkinMs === null) return 'closed';
  return nowMs - checkinMs >= ABANDONED_SHIFT_HOURS * 3_600_000 ? 'not_checked_out' : 'open';
}
