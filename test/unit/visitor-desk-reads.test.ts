import { describe, expect, it } from 'vitest';
import { DOUBLE_READ_MS, isRepeatRead } from '../../src/lib/pass-reads';

describe('the desk’s double reads', () => {
  const first = { code: 'KGV00001ABCDEF', at: 1_000_000 };

  it('takes a first read as new', () => {
    expect(isRepeatRead(null, first)).toBe(false);
  });

  it('takes the same code within 3 seconds as the same read, to the millisecond', () => {
    expect(DOUBLE_READ_MS).toBe(3000);
    expect(isRepeatRead(first, { ...first, at: first.at + 2_999 })).toBe(true);
    expect(isRepeatRead(first, { ...first, at: first.at + 3_000 })).toBe(false);
  });

  it('takes another code as a new read at once', () => {
    expect(isRepeatRead(first, { code: 'KGV00002GHIJKL', at: first.at + 1 })).toBe(false);
  });
});
