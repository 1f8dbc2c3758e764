/** A seeded pseudo-random source, so that the same seed always yields the same seed data. */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** A whole number from min to max, both included. */
  int(min: number, max: number): number;
  /** A float from min to max, rounded to the given number of decimals. */
  float(min: number, max: number, decimals: number): number;
  /** True with the given probability. */
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Up to `count` distinct items, in random order. */
  sample<T>(items: readonly T[], count: number): T[];
  /** A version 4 UUID made from this source rather than from the system's entropy. */
  uuid(): string;
  /** `length` digits, the first never 0 unless length is 1. */
  digits(length: number): string;
  /** `length` upper-case letters. */
  letters(length: number): string;
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Mulberry32: tiny, fast and good enough for test data; not for anything secret. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function createRandom(seed: number): Random {
  const next = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));

  function pick<T>(items: readonly T[]): T {
    const item = items[int(0, items.length - 1)];
    if (item === undefined) throw new Error('Cannot pick from an empty list.');
    return item;
  }

  function sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const chosen: T[] = [];
    while (chosen.length < count && pool.length > 0) {
      chosen.push(...pool.splice(int(0, pool.length - 1), 1));
    }
    return chosen;
  }

  function uuid(): string {
    const hex = Array.from({ length: 4 }, () =>
      Math.floor(next() * 4294967296)
        .toString(16)
        .padStart(8, '0'),
    ).join('');
    const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  }

  return {
    next,
    int,
    float: (min, max, decimals) => Number((min + next() * (max - min)).toFixed(decimals)),
    chance: (probability) => next() < probability,
    pick,
    sample,
    uuid,
    digits: (length) =>
      Array.from({ length }, (_, i) => String(i === 0 && length > 1 ? int(1, 9) : int(0, 9))).join(
        '',
      ),
    letters: (length) => Array.from({ length }, () => LETTERS.charAt(int(0, 25))).join(''),
  };
}

/** A point within about 40 m of the given coordinate, to 7 decimals as phones report GPS. */
export function nearby(random: Random, coordinate: number): number {
  return Number((coordinate + (random.next() - 0.5) * 0.0008).toFixed(7));
}
