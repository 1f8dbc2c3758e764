import type { OrderByItemBuilder } from 'kysely';
import type { Engine } from '.';

/**
 * One term of a list's order in SQLite's sense on both engines: NULLs first going up and last
 * going down, which PostgreSQL does only when told (its indexes are built to match, see
 * schema-translation.ts).
 */
export function sortDirection(engine: Engine, direction: 'asc' | 'desc') {
  return (term: OrderByItemBuilder): OrderByItemBuilder => {
    if (engine === 'sqlite') return direction === 'asc' ? term.asc() : term.desc();
    return direction === 'asc' ? term.asc().nullsFirst() : term.desc().nullsLast();
  };
}
