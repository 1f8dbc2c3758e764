import { act } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { NARROW_SCREEN } from '../../src/components/narrow-screen';

/**
 * jsdom has no matchMedia, so the app sees a wide screen. This gives it one that answers the
 * narrow-screen query (below Bootstrap's lg) as told, and `cross` turns the screen across the
 * breakpoint, as a tablet turned would. Any other query is answered "no". Undone after each test.
 */
export function stubScreenWidth(narrow: boolean) {
  type Listener = (event: Pick<MediaQueryListEvent, 'matches' | 'media'>) => void;
  const listeners = new Set<Listener>();
  const state = { narrow };
  vi.stubGlobal('matchMedia', (media: string) => ({
    media,
    matches: media === NARROW_SCREEN && state.narrow,
    addEventListener: (_type: 'change', listener: Listener) => listeners.add(listener),
    removeEventListener: (_type: 'change', listener: Listener) => listeners.delete(listener),
  }));
  return {
    cross(toNarrow: boolean) {
      state.narrow = toNarrow;
      act(() =>
        listeners.forEach((listener) => listener({ matches: toNarrow, media: NARROW_SCREEN })),
      );
    },
  };
}

/** Takes the stubbed matchMedia away after each test of the calling file or block. */
export function restoreScreenWidthAfterEach() {
  afterEach(() => {
    vi.unstubAllGlobals();
  });
}
