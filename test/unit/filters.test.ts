import { describe, expect, it } from 'vitest';
import { allOf, equals, keywordFilter, quote } from '../../src/api/filters';

describe('filter strings', () => {
  it('doubles quotes inside values', () => {
    expect(quote("O'Neil")).toBe("'O''Neil'");
    expect(equals('uuid', "a'b")).toBe("(uuid='a''b')");
    expect(equals('kipleguard_enabled', 1)).toBe('(kipleguard_enabled=1)');
  });

  it('searches the user text as typed: % and _ and backslashes are not wildcards', () => {
    expect(keywordFilter(['name', 'uuid'], "50%_o'k\\")).toBe(
      "(name like '%50\\%\\_o''k\\\\%') OR (uuid like '%50\\%\\_o''k\\\\%')",
    );
  });

  it('joins parts with AND and drops empty ones', () => {
    expect(allOf('a=1', null, '', 'b=2')).toBe('(a=1) AND (b=2)');
  });
});
