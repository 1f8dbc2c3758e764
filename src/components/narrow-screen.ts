import { useSyncExternalStore } from 'react';

/**
 * Below Bootstrap's lg breakpoint (992 px): a tablet held upright, a phone. The CSS that changes
 * with it (data-table.css) uses the same width.
 */
export const NARROW_SCREEN = '(max-width: 991.98px)';

/** The narrow-screen query, or null where there is no matchMedia (jsdom, unless a test sets one). */
export function narrowScreenQuery(): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(NARROW_SCREEN) : null;
}

function subscribe(onChange: () => void): () => void {
  const query = narrowScreenQuery();
  if (!query) return () => undefined;
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function isNarrow(): boolean {
  return narrowScreenQuery()?.matches ?? false;
}

/** Whether the screen is below lg now, following it across the breakpoint (a tablet turned). */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, isNarrow);
}
