/**
 * True when a write broke a unique constraint: the database, not a check made before the write,
 * decides which of two racing writes wins. Knows SQLite's codes and PostgreSQL's (23505).
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    code === '23505'
  );
}

/**
 * True when PostgreSQL refused a value for its column's type (SQLSTATE class 22, such as a word
 * compared with a number column in a filter). SQLite compares any value with any other and
 * never raises these; the caller sent something that cannot match, so it is a bad request.
 */
export function isValueOfWrongType(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}
