import type { SearchIndex } from '../query';

/** The tables with trigram search indexes (migrations 2026-11-23T05, 2026-11-25T05), and their columns. */
interface Indexed {
  guards: ['name', 'guard_id'];
  residences: ['name'];
  security_companies: ['name', 'brn', 'license_number'];
  user_profiles: ['name', 'email'];
  visitors: ['name', 'category', 'car_plate_number', 'status'];
  audit_names: ['name'];
}

/**
 * The trigram index of `table.column`, for a row named `alias` in the query (the table itself, or
 * a sub-select's alias such as 'filter_guard'). Only columns that have one can be named.
 */
export function searchIndexOf<Table extends keyof Indexed>(
  table: Table,
  column: Indexed[Table][number],
  alias: string = table,
): SearchIndex {
  return { table: `${table}_search`, column, rowid: `${alias}.rowid` };
}
