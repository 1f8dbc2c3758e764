import type { VisitorPresence } from '../../api/visitors';

// The /visitors quick filters and their address, apart from the list, so the dashboard links to
// one without loading the list's code.

/** Our mark for a visitor still inside after the pass's window (issue 23 names it). */
export const OVERSTAY = 'Overstay';

/** The list's quick filters, in the order of their buttons. */
export const QUICK_FILTERS: ReadonlyArray<{ presence: VisitorPresence | null; label: string }> = [
  { presence: null, label: 'All' },
  { presence: 'on-site', label: 'On site now' },
  { presence: 'expected-today', label: 'Expected today' },
  { presence: 'overstay', label: OVERSTAY },
];

/** The address of /visitors opened on one quick filter (the dashboard's Overstay figure). */
export function visitorsShowing(presence: VisitorPresence): string {
  return `/visitors?show=${presence}`;
}

/** The quick filter an address asks for (?show=), or none when it names no filter. */
export function presenceShown(show: string | null): VisitorPresence | null {
  return (
    QUICK_FILTERS.find((filter) => filter.presence !== null && filter.presence === show)
      ?.presence ?? null
  );
}
