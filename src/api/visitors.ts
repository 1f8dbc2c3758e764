import type { ListPage, ListQuery } from '../app/list-slice';
import type { Visitor, VisitorRow, VisitorScanAnswer } from '@contract/visitors';
import { weekdayOf } from '@rules/visitor-pass';
import { apiGet, apiPost } from './client';
import { allOf, equals, keywordFilter } from './filters';
import { expectedTodayFilter } from './visitor-filters';
import { pageParams, toListPage, type ListAnswer } from './paging';

/** The desk's quick filters of /visitors (see VisitorScope.presence). */
export type VisitorPresence = 'on-site' | 'expected-today';

/** Scope keys a visitor list understands (see ListQuery.scope). */
export interface VisitorScope {
  /** Only the passes of this site, as its Visitors tab lists them (spec part 2 §7). */
  residence_uuid?: string;
  /** Who is inside now (latest scan IN), or who is still to come today. */
  presence?: VisitorPresence;
}

const SEARCH_FIELDS = ['residence_name', 'category', 'name', 'car_plate_number', 'status'] as const;

/** Every relation the list offers; its rows always carry them, the server accepts the parameter. */
const RELATED = 'residence,residence_unit,user_profiles_by_created_by,applications';

/**
 * The quick filter as API conditions. "Expected today" is read when the list is fetched, so a
 * screen left open past midnight asks for the new day.
 */
function presenceFilter(presence: VisitorPresence | undefined, now: Date): string | null {
  if (presence === 'on-site') return equals('latest_scan_type', 'IN');
  if (presence === 'expected-today') return expectedTodayFilter(now);
  return null;
}

export async function list(
  query: ListQuery,
  options: { signal?: AbortSignal } = {},
): Promise<ListPage<VisitorRow>> {
  const scope: VisitorScope = query.scope;
  const filter = allOf(
    query.search && keywordFilter(SEARCH_FIELDS, query.search),
    scope.residence_uuid &&
      allOf(
        equals('residence_uuid', scope.residence_uuid),
        equals('residence_kipleguard_visitors_enabled', 1),
      ),
    presenceFilter(scope.presence, new Date()),
  );
  const answer = await apiGet<ListAnswer<VisitorRow>>('/visitors/list', {
    params: {
      filter: filter || undefined,
      ...pageParams(query),
      related: RELATED,
    },
    signal: options.signal,
  });
  return toListPage(answer, query);
}

/** One pass with its scans, photos and code; null when there is none (or not for this user). */
export async function get(uuid: string): Promise<Visitor | null> {
  try {
    return await apiGet<Visitor>(`/data/visitors/${encodeURIComponent(uuid)}`, {
      params: { related: '*' },
    });
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** The desk's look-up of the pass a code belongs to; null when the code is unknown here. */
export async function findByCode(code: string): Promise<Visitor | null> {
  try {
    return await apiGet<Visitor>(`/visitors/qr/${encodeURIComponent(code)}`);
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/**
 * Checks the visitor in or out. The spec's console sends the site and today's weekday; the server
 * judges by its own clock and refuses a pass of another site when `residenceUuid` is given.
 */
export async function scan(
  code: string,
  { residenceUuid, now }: { residenceUuid?: string; now: Date },
): Promise<VisitorScanAnswer> {
  return apiPost<VisitorScanAnswer>(`/visitors/qr/${encodeURIComponent(code)}`, {
    residence_uuid: residenceUuid,
    weekday: weekdayOf(now),
  });
}

/** A 404 answer, read from the error's shape: axios itself stays inside client.ts. */
function isNotFound(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'response' in error &&
    (error as { response?: { status?: number } }).response?.status === 404
  );
}
