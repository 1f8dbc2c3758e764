import { http, HttpResponse } from 'msw';
import type { Attendance } from '@contract/attendances';
import { attendances } from '../../fixtures/guards';
import { sites } from '../../fixtures/organisation';
import { API } from '../api';
import { equalsOf, matchesKeyword, pageOf } from '../filter-text';

function takesAttendance(siteUuid: string): boolean {
  return sites.some((site) => site.uuid === siteUuid && site.kipleguard_attendance === 1);
}

function matchesFilter(filter: string, row: Attendance): boolean {
  const guard = equalsOf(filter, 'kg_guard_uuid');
  if (guard !== undefined && row.kg_guard_uuid !== guard) return false;
  const site = equalsOf(filter, 'residence_uuid');
  if (site !== undefined && row.residence_uuid !== site) return false;
  if (
    filter.includes('(residence_kipleguard_attendance_enabled=1)') &&
    !takesAttendance(row.residence_uuid)
  ) {
    return false;
  }
  return matchesKeyword(filter, [row.guard_id, row.guard_name, row.residence_name]);
}

const SORTABLE: Record<string, (row: Attendance) => string> = {
  created_at: (row) => row.created_at,
  guard_id: (row) => row.guard_id,
  guard_name: (row) => row.guard_name,
};

/** Answers `rows` (the fixtures by default) filtered, sorted and paged as the server would. */
export function attendanceListHandler(rows: readonly Attendance[] = attendances) {
  return http.get(`${API}/attendances/list`, ({ request }) => {
    const params = new URL(request.url).searchParams;
    const filter = params.get('filter') ?? '';
    const matching = rows.filter((row) => matchesFilter(filter, row));
    return HttpResponse.json(pageOf(matching, params, SORTABLE));
  });
}

export const attendanceHandlers = [attendanceListHandler()];
