import type { ComparisonOperator, FilterNode, FilterValue } from './ast';
import { excerpt, filterError } from './errors';
import { Lexer, type Token, type ValueToken } from './lexer';

export interface FilterLimits {
  /** Characters in the filter text. */
  maxLength: number;
  /** Nested parenthesised groups and NOTs. */
  maxDepth: number;
  /** Field conditions (`a = 1`, `b IS NULL`, ...) in one filter. */
  maxConditions: number;
  /** Values in one IN list. */
  maxInValues: number;
}

/** Bounds that keep parsing and the generated SQL small whatever a client sends. */
export const FILTER_LIMITS: Readonly<FilterLimits> = {
  maxLength: 2000,
  maxDepth: 10,
  maxConditions: 50,
  maxInValues: 200,
};

const OPERATORS: Readonly<Record<string, ComparisonOperator>> = {
  '=': '=',
  '!=': '<>',
  '<>': '<>',
  '<': '<',
  '<=': '<=',
  '>': '>',
  '>=': '>=',
};

/** Words that cannot be field names, so `a=1 AND AND` reads as a syntax error, not an unknown field. */
const KEYWORDS = new Set(['and', 'or', 'not', 'is', 'in', 'like', 'null']);

/** Canonical decimals only: '007' stays text, so it still matches a text column holding '007'. */
const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;

function unexpected(token: Token, expected: string): never {
  if (token.kind === 'end') throw filterError(`Unexpected end of filter; expected ${expected}.`);
  const what =
    token.kind === 'string'
      ? `string ${excerpt(token.text)}`
      : excerpt('text' in token ? token.text : token.kind);
  throw filterError(
    `Unexpected ${what} at position ${token.start + 1} in filter; expected ${expected}.`,
  );
}

function unbalanced(): never {
  throw filterError('Unbalanced parentheses in filter.');
}

function isKeyword(token: Token, keyword: string): boolean {
  return token.kind === 'word' && token.text.toLowerCase() === keyword;
}

/**
 * Recursive descent over
 *   filter    := or END
 *   or        := and (OR and)*
 *   and       := unary (AND unary)*
 *   unary     := NOT unary | '(' or ')' | condition
 *   condition := field ( op value | IS [NOT] NULL | [NOT] LIKE value | [NOT] IN '(' value (',' value)* ')' )
 * so AND binds tighter than OR. Field names are checked against the resource later, when compiling.
 */
class Parser {
  private readonly lexer: Lexer;
  private depth = 0;
  private conditions = 0;

  constructor(
    text: string,
    private readonly limits: FilterLimits,
  ) {
    this.lexer = new Lexer(text);
  }

  parse(): FilterNode {
    const tree = this.parseOr();
    const token = this.lexer.peek();
    if (token.kind === ')') unbalanced();
    if (token.kind !== 'end') unexpected(token, 'AND or OR');
    return tree;
  }

  private parseOr(): FilterNode {
    const first = this.parseAnd();
    const rest: FilterNode[] = [];
    while (this.acceptKeyword('or')) rest.push(this.parseAnd());
    return rest.length === 0 ? first : { kind: 'or', operands: [first, ...rest] };
  }

  private parseAnd(): FilterNode {
    const first = this.parseUnary();
    const rest: FilterNode[] = [];
    while (this.acceptKeyword('and')) rest.push(this.parseUnary());
    return rest.length === 0 ? first : { kind: 'and', operands: [first, ...rest] };
  }

  private parseUnary(): FilterNode {
    if (this.acceptKeyword('not')) {
      return this.nested(() => ({ kind: 'not', operand: this.parseUnary() }));
    }
    if (this.lexer.peek().kind === '(') {
      this.lexer.next();
      const inner = this.nested(() => this.parseOr());
      const close = this.lexer.next();
      if (close.kind === 'end') unbalanced();
      if (close.kind !== ')') unexpected(close, "AND, OR or ')'");
      return inner;
    }
    return this.parseCondition();
  }

  private nested(parse: () => FilterNode): FilterNode {
    this.depth += 1;
    if (this.depth > this.limits.maxDepth) {
      throw filterError(`Filter is nested too deeply (at most ${this.limits.maxDepth} levels).`);
    }
    const node = parse();
    this.depth -= 1;
    return node;
  }

  private parseCondition(): FilterNode {
    const fieldToken = this.lexer.next();
    if (fieldToken.kind === 'end' && this.depth > 0) unbalanced();
    if (
      (fieldToken.kind !== 'word' && fieldToken.kind !== 'quotedName') ||
      (fieldToken.kind === 'word' && KEYWORDS.has(fieldToken.text.toLowerCase()))
    ) {
      unexpected(fieldToken, 'a field name');
    }
    this.conditions += 1;
    if (this.conditions > this.limits.maxConditions) {
      throw filterError(`Filter has too many conditions (at most ${this.limits.maxConditions}).`);
    }
    const field = fieldToken.text;
    const token = this.lexer.next();
    if (token.kind === 'operator') {
      const operator = OPERATORS[token.text];
      if (operator === undefined) unexpected(token, `an operator after '${field}'`);
      return { kind: 'comparison', field, operator, value: this.readValue(false) };
    }
    if (isKeyword(token, 'is')) {
      const negated = this.acceptKeyword('not');
      this.expectKeyword('null', 'NULL after IS');
      return { kind: 'isNull', field, negated };
    }
    const negated = isKeyword(token, 'not');
    const keyword = negated ? this.lexer.next() : token;
    if (isKeyword(keyword, 'like')) {
      return { kind: 'like', field, negated, pattern: this.readPattern() };
    }
    if (isKeyword(keyword, 'in')) return { kind: 'in', field, negated, values: this.readList() };
    return unexpected(keyword, negated ? 'LIKE or IN after NOT' : `an operator after '${field}'`);
  }

  /** Bare numbers bind as numbers so `kipleguard_enabled=1` compares as clients mean it. */
  private readValue(inList: boolean): FilterValue {
    return this.toValue(this.lexer.readValue(inList), true);
  }

  /** A LIKE pattern is always text, even when it looks like a number. */
  private readPattern(): FilterValue {
    return this.toValue(this.lexer.readValue(false), false);
  }

  private toValue(token: ValueToken, numbersAllowed: boolean): FilterValue {
    if (token.kind === 'now') return { kind: 'now' };
    if (token.kind === 'bare' && numbersAllowed && NUMBER.test(token.text)) {
      const value = Number(token.text);
      // Beyond 2^53 a number loses digits; such long digit strings are ids, so keep them as text.
      if (Math.abs(value) <= Number.MAX_SAFE_INTEGER) return { kind: 'number', value };
    }
    return { kind: 'string', value: token.text };
  }

  private readList(): FilterValue[] {
    const open = this.lexer.next();
    if (open.kind !== '(') unexpected(open, "'(' after IN");
    const values: FilterValue[] = [];
    for (;;) {
      values.push(this.readValue(true));
      if (values.length > this.limits.maxInValues) {
        throw filterError(`IN list has too many values (at most ${this.limits.maxInValues}).`);
      }
      const token = this.lexer.next();
      if (token.kind === ')') return values;
      if (token.kind === 'end') unbalanced();
      if (token.kind !== ',') unexpected(token, "',' or ')' in IN list");
    }
  }

  private acceptKeyword(keyword: string): boolean {
    if (!isKeyword(this.lexer.peek(), keyword)) return false;
    this.lexer.next();
    return true;
  }

  private expectKeyword(keyword: string, expected: string): void {
    const token = this.lexer.next();
    if (!isKeyword(token, keyword)) unexpected(token, expected);
  }
}

/** Parses filter text into a syntax tree; throws QueryError for anything outside the language. */
export function parseFilterTree(text: string, limits: FilterLimits = FILTER_LIMITS): FilterNode {
  if (text.length > limits.maxLength) {
    throw filterError(
      `Filter is too long (${text.length} characters; at most ${limits.maxLength}).`,
    );
  }
  if (text.trim() === '') throw filterError('Filter is empty.');
  return new Parser(text, limits).parse();
}
