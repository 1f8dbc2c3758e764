import { sql, type Kysely, type RawBuilder } from 'kysely';
import { engineOf } from '.';

/**
 * A column default of the current UTC time as stored text 'YYYY-MM-DD HH:MM:SS' (see db/time.ts):
 * the same text on both engines, so that timestamps sort, compare and answer alike.
 */
export function nowDefault(db: Kysely<unknown>): RawBuilder<string> {
  return engineOf(db) === 'postgres'
    ? sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD HH24:MI:SS'))`
    : sql`(strftime('%Y-%m-%d %H:%M:%S', 'now'))`;
}
