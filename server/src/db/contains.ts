import { sql, type Expression, type SqlBool } from 'kysely';

/** `column` contains the text as typed, in any case (% and _ in it are plain characters). */
export function containsText(column: Expression<unknown>, text: string): Expression<SqlBool> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`lower(${column}) like ${pattern} escape '\\'`;
}
