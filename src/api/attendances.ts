import type { ListPage, ListQuery } from '../app/list-slice';
import { apiGet } from './client';
import { allOf, equals, keywordFilter } from './filters';
import { pageParams, toListPage, type ListAnswer } from './paging';
import type { Attendance } from '@contract/attendances';

/** Scope keys an attendance list understands (see ListQuery.scope). */
export interface AttendanceScope {
  /** One guard's attendance. */
  kg_guard_uuid?: string;
  /** One site's attendance, only while the site takes attendance. */
  residence_uuid?: string;
}

const SEARCH_FIELDS = ['guard_id', 'guard_name', 'residence_name'] as const;

/** Pass `signal` to cancel the request, as an export closed midway does. */
export async function list(
  query: ListQuery,
  options: { signal?: AbortSignal } = {},
): Promise<ListPage<Attendance>> {
  const scope: AttendanceScope = query.scope;
  const filter = allOf(
    query.search && keywordFilter(SEARCH_FIELDS, query.search),
    scope.kg_guard_uuid && equals('kg_guard_uuid', scope.kg_guard_uuid),
    scope.residence_uuid && equals('residence_uuid', scope.residence_uuid),
    // A site's attendance shows only while the site takes attendance.
    scope.residence_uuid && equals('residence_kipleguard_attendance_enabled', 1),
  );
  const answer = await apiGet<ListAnswer<Attendance>>('/attendances/list', {
    params: {
      filter: filter || undefined,
      ...pageParams(query),
    },
    signal: options.signal,
  });
  return toListPage(answer, query);
}
