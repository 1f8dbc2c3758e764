import { excerpt, filterError } from './errors';

/** Positions are 0-based offsets into the filter text; messages show them 1-based. */
export type Token =
  | { kind: 'word'; text: string; start: number; end: number }
  | { kind: 'quotedName'; text: string; start: number; end: number }
  | { kind: 'string'; text: string; start: number; end: number }
  | { kind: 'operator'; text: string; start: number; end: number }
  | { kind: '(' | ')' | ',' | 'end'; start: number; end: number };

/** A value: quoted text, `NOW()`, or bare text whose type the parser decides from where it stands. */
export type ValueToken = { kind: 'string' | 'bare'; text: string } | { kind: 'now' };

const IDENTIFIER = /[A-Za-z_][A-Za-z0-9_.]*/y;
const WHOLE_IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_.]*$/;
const OPERATOR = /<=|>=|<>|!=|=|<|>/y;
const SPACE = /\s*/y;
const NOW_CALL = /now\s*\(\s*\)/iy;
/**
 * Bare values are what clients send unquoted: ids, numbers, dates and times, LIKE patterns.
 * Anything outside this set (quotes, ';', '(', '=', '*', ...) ends the value, so the parser then
 * reports it as unexpected. Inside IN lists a comma separates values instead of belonging to one.
 */
const BARE_RUN = /[\p{L}\p{M}\p{N}\s_\-:.+@/%#,]*/uy;
const BARE_RUN_IN_LIST = /[\p{L}\p{M}\p{N}\s_\-:.+@/%#]*/uy;
/** A bare value also ends before a spaced AND / OR, so `a=1 AND b=2` works without parentheses. */
const BARE_VALUE_END = /\s(?:and|or)(?=\s|$)/i;
const SUB_SELECT = /^select\b/i;
/**
 * SQL statement words inside an unquoted value: a value would be bound harmlessly, but no real
 * value reads like this, so it is refused as the injection attempt it is. Quoted text may hold them.
 */
const SQL_STATEMENT_WORD =
  /\b(union|select|insert|update|delete|drop|alter|create|exec|attach|pragma)\b/i;
const COMMENT_MARKERS = ['--', '/*'] as const;

function matchAt(pattern: RegExp, text: string, start: number): string | null {
  pattern.lastIndex = start;
  return pattern.exec(text)?.[0] ?? null;
}

/**
 * The whole character (not half a surrogate pair) at `index`, quoted for a message; invisible
 * ones (NUL, control and format characters) as their code point.
 */
function describeCharacter(text: string, index: number): string {
  const codePoint = text.codePointAt(index) ?? 0;
  const character = String.fromCodePoint(codePoint);
  return /\p{C}/u.test(character)
    ? `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`
    : `'${character}'`;
}

function unexpectedCharacter(text: string, index: number, expected?: string): never {
  const what =
    index >= text.length
      ? 'Unexpected end of filter'
      : `Unexpected ${describeCharacter(text, index)} at position ${index + 1} in filter`;
  throw filterError(expected ? `${what}; expected ${expected}.` : `${what}.`);
}

function rejectComment(text: string, index: number): void {
  for (const marker of COMMENT_MARKERS) {
    if (text.startsWith(marker, index)) {
      throw filterError(
        `Comment marker '${marker}' at position ${index + 1} is not allowed in filter.`,
      );
    }
  }
}

/**
 * Reads a filter on demand: the parser asks for a token or, where the grammar wants a value, for a
 * value. Values need their own mode because bare values may contain spaces, dashes and colons.
 */
export class Lexer {
  private position = 0;

  constructor(private readonly text: string) {}

  peek(): Token {
    return this.scan(this.skipSpace(this.position));
  }

  next(): Token {
    const token = this.peek();
    this.position = token.end;
    return token;
  }

  readValue(inList: boolean): ValueToken {
    const start = this.skipSpace(this.position);
    const first = this.text.charAt(start);
    if (first === "'" || first === '"') {
      const { text, end } = this.scanString(start);
      this.position = end;
      return { kind: 'string', text };
    }
    const nowCall = matchAt(NOW_CALL, this.text, start);
    if (nowCall !== null) {
      this.position = start + nowCall.length;
      return { kind: 'now' };
    }
    if (first === '(') {
      throw filterError(
        `Sub-queries and expressions are not allowed as values: unexpected '(' at position ${start + 1} in filter.`,
      );
    }
    return this.scanBare(start, inList);
  }

  private skipSpace(start: number): number {
    return start + (matchAt(SPACE, this.text, start)?.length ?? 0);
  }

  private scan(start: number): Token {
    const text = this.text;
    if (start >= text.length) return { kind: 'end', start, end: start };
    const first = text.charAt(start);
    if (first === '(' || first === ')' || first === ',') {
      return { kind: first, start, end: start + 1 };
    }
    if (first === "'" || first === '"') return { kind: 'string', start, ...this.scanString(start) };
    if (first === '`') return this.scanQuotedName(start);
    rejectComment(text, start);
    const operator = matchAt(OPERATOR, text, start);
    if (operator !== null) {
      return { kind: 'operator', text: operator, start, end: start + operator.length };
    }
    const word = matchAt(IDENTIFIER, text, start);
    if (word !== null) return { kind: 'word', text: word, start, end: start + word.length };
    return unexpectedCharacter(text, start);
  }

  /** SQL-style quoting: a doubled quote character inside the string stands for one. */
  private scanString(start: number): { text: string; end: number } {
    const quote = this.text.charAt(start);
    let value = '';
    let from = start + 1;
    for (;;) {
      const close = this.text.indexOf(quote, from);
      if (close === -1) {
        throw filterError(`Unterminated string starting at position ${start + 1} in filter.`);
      }
      value += this.text.slice(from, close);
      if (this.text.charAt(close + 1) !== quote) return { text: value, end: close + 1 };
      value += quote;
      from = close + 2;
    }
  }

  private scanQuotedName(start: number): Token {
    const close = this.text.indexOf('`', start + 1);
    if (close === -1) {
      throw filterError(`Unterminated backquoted name at position ${start + 1} in filter.`);
    }
    const name = this.text.slice(start + 1, close);
    if (!WHOLE_IDENTIFIER.test(name)) {
      throw filterError(`Invalid field name ${excerpt(name)} at position ${start + 1} in filter.`);
    }
    return { kind: 'quotedName', text: name, start, end: close + 1 };
  }

  private scanBare(start: number, inList: boolean): ValueToken {
    const run = matchAt(inList ? BARE_RUN_IN_LIST : BARE_RUN, this.text, start) ?? '';
    // Comment markers are refused even inside bare values: they only ever mean an injection attempt.
    // The character after the run is included so a '/' ending the run and a '*' after it count.
    const span = this.text.slice(start, start + run.length + 1);
    for (const marker of COMMENT_MARKERS) {
      const at = span.indexOf(marker);
      if (at !== -1) rejectComment(this.text, start + at);
    }
    const cut = run.search(BARE_VALUE_END);
    const value = (cut === -1 ? run : run.slice(0, cut)).trimEnd();
    if (value === '') return unexpectedCharacter(this.text, start, 'a value');
    if (SUB_SELECT.test(value)) {
      throw filterError(`Sub-queries are not allowed in filter (position ${start + 1}).`);
    }
    const statementWord = SQL_STATEMENT_WORD.exec(value);
    if (statementWord) {
      throw filterError(
        `Unexpected '${statementWord[0]}' at position ${start + statementWord.index + 1} in filter; quote the value if it is text.`,
      );
    }
    this.position = start + value.length;
    return { kind: 'bare', text: value };
  }
}
