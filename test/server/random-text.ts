/**
 * Random text for the search property tests, from a small deterministic generator, so a failure
 * can be replayed from its seed.
 */

const ALPHABET = [
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
  ' ',
  ' ',
  '%',
  '_',
  '\\',
  "'",
  '"',
  '-',
  'é',
  'É',
  'ß',
  'İ',
  'ı',
  '中',
  '😀',
];

export function randomTextGenerator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)] as T;

  /** Text of min to max characters: letters of any case, wildcards typed as text, quotes, scripts. */
  const text = (min: number, max: number): string =>
    Array.from({ length: int(min, max) }, () => pick(ALPHABET)).join('');

  /** A search text: often a piece of a stored value with its letters' case flipped, else random. */
  const searchText = (values: string[]): string => {
    if (next() < 0.6) {
      const characters = [...pick(values)];
      const start = int(0, Math.max(0, characters.length - 1));
      const piece = characters.slice(start, start + int(1, 6)).join('');
      return [...piece]
        .map((character) => (next() < 0.5 ? character.toUpperCase() : character.toLowerCase()))
        .join('');
    }
    return text(1, 5);
  };

  return { next, int, pick, text, searchText };
}
