/** Builds filter strings in the API's SQL-like language; every value is quoted and escaped here. */
export function quote(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** A backslash before a backslash, % or _ makes the server's LIKE take it as a plain character. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * `(a like '%text%') OR (b like '%text%')`: the server matches case-insensitively, and the
 * user's text is matched as typed (a % or _ in it is not a wildcard).
 */
export function keywordFilter(fields: readonly string[], text: string): string {
  const pattern = quote(`%${escapeLike(text)}%`);
  return fields.map((field) => `(${field} like ${pattern})`).join(' OR ');
}

export function equals(field: string, value: string | number): string {
  return `(${field}=${typeof value === 'number' ? value : quote(value)})`;
}

/** Joins filter parts with AND, wrapping each so precedence is explicit. Empty parts are dropped. */
export function allOf(...parts: Array<string | null | undefined | false>): string {
  return parts
    .filter((part): part is string => Boolean(part))
    .map((part) => `(${part})`)
    .join(' AND ');
}

/** Joins filter parts with OR, each wrapped. Empty parts are dropped. */
export function anyOf(...parts: Array<string | null | undefined | false>): string {
  return parts
    .filter((part): part is string => Boolean(part))
    .map((part) => `(${part})`)
    .join(' OR ');
}
