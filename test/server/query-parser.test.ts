import { describe, it, expect } from 'vitest';
import { FILTER_LIMITS, QueryError, parseFilterTree } from '../../server/src/query';
import type { FilterNode } from '../../server/src/query';

/** The syntax tree on its own, before any SQL: shapes, precedence, value typing, messages. */

const eq = (field: string, value: string | number): FilterNode => ({
  kind: 'comparison',
  field,
  operator: '=',
  value: typeof value === 'number' ? { kind: 'number', value } : { kind: 'string', value },
});

function errorOf(text: string): QueryError {
  try {
    parseFilterTree(text);
  } catch (error) {
    if (error instanceof QueryError) return error;
    throw error;
  }
  throw new Error(`Expected '${text}' to be rejected`);
}

describe('parseFilterTree: structure', () => {
  it('parses a single comparison', () => {
    expect(parseFilterTree('a = 1')).toEqual(eq('a', 1));
  });

  it('drops grouping parentheses: they only steer precedence', () => {
    expect(parseFilterTree('((a=1))')).toEqual(eq('a', 1));
  });

  it('binds AND tighter than OR', () => {
    expect(parseFilterTree('a=1 OR b=2 AND c=3')).toEqual({
      kind: 'or',
      operands: [eq('a', 1), { kind: 'and', operands: [eq('b', 2), eq('c', 3)] }],
    });
  });

  it('lets parentheses override precedence', () => {
    expect(parseFilterTree('(a=1 OR b=2) AND c=3')).toEqual({
      kind: 'and',
      operands: [{ kind: 'or', operands: [eq('a', 1), eq('b', 2)] }, eq('c', 3)],
    });
  });

  it('flattens chains of the same connective', () => {
    expect(parseFilterTree('(a=1) AND (b=2) and (c=3)')).toEqual({
      kind: 'and',
      operands: [eq('a', 1), eq('b', 2), eq('c', 3)],
    });
  });

  it('parses NOT before a group and before a condition', () => {
    expect(parseFilterTree('NOT (a=1 OR b=2)')).toEqual({
      kind: 'not',
      operand: { kind: 'or', operands: [eq('a', 1), eq('b', 2)] },
    });
    expect(parseFilterTree('not a=1')).toEqual({ kind: 'not', operand: eq('a', 1) });
  });

  it('normalises every comparison operator, != becoming <>', () => {
    const operators = ['=', '!=', '<>', '<', '<=', '>', '>='] as const;
    const expected = ['=', '<>', '<>', '<', '<=', '>', '>='];
    operators.forEach((operator, index) => {
      expect(parseFilterTree(`a ${operator} 1`)).toMatchObject({ operator: expected[index] });
    });
  });

  it('parses IS NULL and IS NOT NULL in any case', () => {
    expect(parseFilterTree('deleted_at IS NULL')).toEqual({
      kind: 'isNull',
      field: 'deleted_at',
      negated: false,
    });
    expect(parseFilterTree('deleted_at iS nOt NuLl')).toEqual({
      kind: 'isNull',
      field: 'deleted_at',
      negated: true,
    });
  });

  it('parses LIKE and NOT LIKE, keeping the pattern as text even when it looks numeric', () => {
    expect(parseFilterTree("name like '%x%'")).toEqual({
      kind: 'like',
      field: 'name',
      negated: false,
      pattern: { kind: 'string', value: '%x%' },
    });
    expect(parseFilterTree('code NOT LIKE 5')).toEqual({
      kind: 'like',
      field: 'code',
      negated: true,
      pattern: { kind: 'string', value: '5' },
    });
  });

  it('parses IN and NOT IN lists of quoted, bare and NOW() values', () => {
    expect(parseFilterTree("a IN (1, 'x, y', b c, NOW())")).toEqual({
      kind: 'in',
      field: 'a',
      negated: false,
      values: [
        { kind: 'number', value: 1 },
        { kind: 'string', value: 'x, y' },
        { kind: 'string', value: 'b c' },
        { kind: 'now' },
      ],
    });
    expect(parseFilterTree("a not in ('x')")).toMatchObject({ kind: 'in', negated: true });
  });

  it('accepts backquoted and dotted field names', () => {
    expect(parseFilterTree('`sc.name` = 1')).toEqual(eq('sc.name', 1));
    expect(parseFilterTree('sc.name = 1')).toEqual(eq('sc.name', 1));
  });
});

describe('parseFilterTree: values', () => {
  it('reads a bare value up to the closing parenthesis, trimmed', () => {
    expect(parseFilterTree('(checkin_at = 2024-05-01 16:00:00 )')).toEqual(
      eq('checkin_at', '2024-05-01 16:00:00'),
    );
    expect(parseFilterTree('(uuid=abc-123)')).toEqual(eq('uuid', 'abc-123'));
  });

  it('reads a bare value up to the end of the filter', () => {
    expect(parseFilterTree('name = Jane Doe  ')).toEqual(eq('name', 'Jane Doe'));
  });

  it('ends a bare value before a spaced AND or OR', () => {
    expect(parseFilterTree('a = x y AND b = 2 or c = z')).toEqual({
      kind: 'or',
      operands: [{ kind: 'and', operands: [eq('a', 'x y'), eq('b', 2)] }, eq('c', 'z')],
    });
    expect(parseFilterTree('a = candor')).toEqual(eq('a', 'candor'));
  });

  it('accepts letters of any script in bare values', () => {
    expect(parseFilterTree('name = José Ñúñez')).toEqual(eq('name', 'José Ñúñez'));
  });

  it('types canonical decimals as numbers and everything else as text', () => {
    expect(parseFilterTree('a = -3.5')).toEqual(eq('a', -3.5));
    expect(parseFilterTree('a = 0')).toEqual(eq('a', 0));
    expect(parseFilterTree("a = '1'")).toEqual(eq('a', '1'));
    for (const text of ['007', '1e5', '+1', '1.', '12345678901234567890', '1.2.3']) {
      expect(parseFilterTree(`a = ${text}`)).toEqual(eq('a', text));
    }
  });

  it('unescapes a doubled quote inside single- and double-quoted strings', () => {
    expect(parseFilterTree("a = 'it''s'")).toEqual(eq('a', "it's"));
    expect(parseFilterTree('a = "say ""hi"""')).toEqual(eq('a', 'say "hi"'));
    expect(parseFilterTree(`a = "it's"`)).toEqual(eq('a', "it's"));
    expect(parseFilterTree("a = ''")).toEqual(eq('a', ''));
  });

  it('keeps SQL-looking text inside quoted strings as plain text', () => {
    const text = "x' OR 1=1; -- /* DROP TABLE guards */ (SELECT 1)";
    expect(parseFilterTree(`a = '${text.replace(/'/g, "''")}'`)).toEqual(eq('a', text));
  });

  it('reads NOW() in any case and spacing', () => {
    for (const now of ['NOW()', 'now()', 'Now ( )']) {
      expect(parseFilterTree(`a < ${now}`)).toEqual({
        kind: 'comparison',
        field: 'a',
        operator: '<',
        value: { kind: 'now' },
      });
    }
  });
});

describe('parseFilterTree: errors', () => {
  it('names the offending character and its 1-based position', () => {
    expect(errorOf("(name='a'); DROP TABLE guards").message).toBe(
      "Unexpected ';' at position 11 in filter.",
    );
  });

  it('says what was expected', () => {
    expect(errorOf("name='a' UNION SELECT 1").message).toBe(
      "Unexpected 'UNION' at position 10 in filter; expected AND or OR.",
    );
    expect(errorOf('name').message).toBe(
      "Unexpected end of filter; expected an operator after 'name'.",
    );
    expect(errorOf('name =').message).toBe('Unexpected end of filter; expected a value.');
    expect(errorOf('deleted_at IS nothing').message).toMatch(/expected NULL after IS/);
    expect(errorOf("name NOT = 'a'").message).toMatch(/expected LIKE or IN after NOT/);
    expect(errorOf("a IN 'x'").message).toMatch(/expected '\(' after IN/);
    expect(errorOf("a IN ('x' 'y')").message).toBe(
      "Unexpected string 'y' at position 11 in filter; expected ',' or ')' in IN list.",
    );
    expect(errorOf('AND a=1').message).toMatch(
      /Unexpected 'AND' at position 1 in filter; expected a field name/,
    );
  });

  it('reports unbalanced parentheses', () => {
    for (const text of ['(a=1', 'a=1)', '((a=1)', '(a=1))', '(a=1 AND', 'a IN (1, 2']) {
      expect(errorOf(text).message).toBe('Unbalanced parentheses in filter.');
    }
  });

  it('reports unterminated strings and names', () => {
    expect(errorOf("a = 'x").message).toBe('Unterminated string starting at position 5 in filter.');
    expect(errorOf('`a = 1').message).toBe('Unterminated backquoted name at position 1 in filter.');
    expect(errorOf('`a b` = 1').message).toMatch(/Invalid field name 'a b'/);
  });

  it('rejects an empty filter', () => {
    expect(errorOf('   ').message).toBe('Filter is empty.');
  });

  it('enforces the bounds, which callers may change', () => {
    const limits = {
      ...FILTER_LIMITS,
      maxLength: 10,
      maxDepth: 1,
      maxConditions: 2,
      maxInValues: 2,
    };
    expect(() => parseFilterTree('a = 1234567', limits)).toThrow(
      'Filter is too long (11 characters; at most 10).',
    );
    expect(() => parseFilterTree('((a=1))', limits)).toThrow('nested too deeply');
    expect(() => parseFilterTree('a=1 OR b=2 OR c=3', { ...limits, maxLength: 100 })).toThrow(
      'too many conditions',
    );
    expect(() => parseFilterTree('a IN (1,2,3)', { ...limits, maxLength: 100 })).toThrow(
      'IN list has too many values (at most 2).',
    );
  });

  it('counts NOT towards the nesting depth', () => {
    const depth = FILTER_LIMITS.maxDepth;
    expect(() => parseFilterTree(`${'NOT '.repeat(depth)}a=1`)).not.toThrow();
    expect(() => parseFilterTree(`${'NOT '.repeat(depth + 1)}a=1`)).toThrow(QueryError);
  });
});
