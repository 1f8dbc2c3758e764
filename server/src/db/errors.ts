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
