import type { ListPage, ListQuery } from '../app/list-slice';
import type { ListResponse, ResourceResponse } from '@contract/list';
import type { Site } from '@contract/sites';
import type {
  EPass,
  PassBody,
  PassUnit,
  Visitor,
  VisitorRow,
  VisitorScanAnswer,
} from '@contract/visitors';
import { weekdayOf } from '@rules/visitor-pass';
import { apiDelete, apiGet, apiPatch, apiPost } from './client';
import { allOf, equals, keywordFilter } from './filters';
import { expectedTodayFilter, overstayFilter } from './visitor-filters';
import { pageParams, toListPage, type ListAnswer } from './paging';
import type { SiteOption } from './sites';

/** The desk's quick filters of /visitors (see VisitorScope.presence). */
export type VisitorPresence = 'on-site' | 'expected-today' | 'overstay';

/** Scope keys a visitor list understands (see ListQuery.scope). */
export interface VisitorScope {
  /** Only the passes of this site, as its Visitors tab lists them (spec part 2 §7). */
  residence_uuid?: string;
  /** Who is inside now (latest scan IN), who is still to come today, or who overstays. */
  presence?: VisitorPresence;
}

const SEARCH_FIELDS = ['residence_name', 'category', 'name', 'car_plate_number', 'status'] as const;

/** Every relation the list offers; its rows always carry them, the server accepts the parameter. */
const RELATED = 'residence,residence_unit,user_profiles_by_created_by,applications';

/**
 * The quick filter as API conditions. "Expected today" and "Overstay" are read when the list is
 * fetched, so a screen left open asks for the moment it is shown.
 */
function presenceFilter(presence: VisitorPresence | undefined, now: Date): string | null {
  if (presence === 'on-site') return equals('latest_scan_type', 'IN');
  if (presence === 'expected-today') return expectedTodayFilter(now);
  if (presence === 'overstay') return overstayFilter(now);
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

/** The caller's sites with the guard service that take visitors: the pass form's Site. */
export async function passSiteOptions(): Promise<SiteOption[]> {
  const answer = await apiGet<ListResponse<Site>>('/data/residences', {
    params: {
      filter: allOf(equals('kipleguard_enabled', 1), equals('kipleguard_visitors', 1)),
      order: 'name asc',
      limit: 500,
    },
  });
  return answer.resource.map(({ uuid, name }) => ({ uuid, name }));
}

/** The unit directory of one of the caller's sites, with each unit's owner. */
export async function unitsOf(siteUuid: string): Promise<PassUnit[]> {
  const answer = await apiGet<ResourceResponse<PassUnit[]>>(
    `/visitors/sites/${encodeURIComponent(siteUuid)}/units`,
  );
  return answer.resource;
}

function onlyPass(answer: ResourceResponse<Visitor[]>): Visitor {
  const pass = answer.resource[0];
  if (!pass) throw new Error('The server answered no pass.');
  return pass;
}

/** Issues a pass ahead of the visit; the server mails the e-pass when an email is given. */
export async function add(body: PassBody): Promise<Visitor> {
  return onlyPass(await apiPost<ResourceResponse<Visitor[]>>('/visitors/add', body));
}

/** Changes a pass before its first scan; a field left out stays as it is. */
export async function update(uuid: string, body: Partial<PassBody>): Promise<Visitor> {
  return onlyPass(
    await apiPatch<ResourceResponse<Visitor[]>>(`/visitors/${encodeURIComponent(uuid)}`, body),
  );
}

/** Cancels a pass: it stays on record as CANCELLED and the desk refuses it. */
export async function cancel(uuid: string): Promise<Visitor> {
  return onlyPass(
    await apiDelete<ResourceResponse<Visitor[]>>(`/visitors/${encodeURIComponent(uuid)}`),
  );
}

/** The visitor's public e-pass (no sign-in); null once the pass is no longer valid (404). */
export async function ePass(token: string): Promise<EPass | null> {
  try {
    return await apiGet<EPass>(`/epass/${encodeURIComponent(token)}`);
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}
