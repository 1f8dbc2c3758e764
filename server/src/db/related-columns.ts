import { relatedColumn, type ComputedField } from '../query';
import { searchIndexOf } from './search-indexes';

/** A column of the site a listed row names by `key` (such as 'visitors.residence_uuid'). */
export function siteColumn(key: string, column: string, orderBy?: string): ComputedField {
  return relatedColumn(
    {
      key,
      table: 'residences',
      alias: 'filter_site',
      column,
      search: column === 'name' ? searchIndexOf('residences', 'name', 'filter_site') : undefined,
    },
    { orderBy },
  );
}

/** A searchable column of the guard a listed row names by `key` (such as 'attendances.guard_uuid'). */
export function guardColumn(
  key: string,
  column: 'name' | 'guard_id',
  orderBy?: string,
): ComputedField {
  return relatedColumn(
    {
      key,
      table: 'guards',
      alias: 'filter_guard',
      column,
      search: searchIndexOf('guards', column, 'filter_guard'),
    },
    { orderBy },
  );
}
