import type { ListPage, ListQuery } from '../app/list-slice';
import { apiDelete, apiGet, apiPatch, apiPost } from './client';
import { allOf, equals, keywordFilter } from './filters';
import type { ListResponse } from './types';

/** A site a guard is posted to, as the guard record carries it. */
export interface GuardSite {
  residence_uuid: string;
  residence_name: string;
  /** 1 when the site has the guard service on. */
  residence_kipleguard_enabled: number;
}

export interface Guard {
  uuid: string;
  guard_id: string;
  name: string;
  email: string | null;
  address: string;
  contact_number: string;
  ic_passport_number: string;
  nationality: string;
  /** 'YYYY-MM-DD'. */
  birthdate: string;
  is_active: number;
  security_company_uuid: string;
  security_company_name: string;
  pin: string | null;
  /** The photo's file uuid. */
  photo: string | null;
  photo_url: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  kg_residence_guards: GuardSite[];
}

/** What the add and edit calls take: the guard's own fields and the sites it is posted to. */
export interface GuardPayload {
  guard_id: string;
  name: string;
  email: string | null;
  address: string;
  contact_number: string;
  ic_passport_number: string;
  nationality: string;
  birthdate: string;
  security_company_uuid: string;
  residence_uuids: string[];
  photo?: string;
  photo_url?: string;
}

/** Scope keys a guard list understands (see ListQuery.scope). */
export interface GuardScope {
  /** Only the guards posted to this site. */
  residence_uuid?: string;
}

const SEARCH_FIELDS = ['guard_id', 'name', 'security_company_name'] as const;
/** Every relation the server offers, so each guard arrives with its sites (kg_residence_guards). */
const RELATED = '*';

interface Saved<T> {
  resource: T[];
}

function firstOf<T>(answer: Saved<T>, call: string): T {
  const [first] = answer.resource;
  if (!first) throw new Error(`${call} answered no record.`);
  return first;
}

export async function list(
  query: ListQuery,
  options: { signal?: AbortSignal } = {},
): Promise<ListPage<Guard>> {
  const scope: GuardScope = query.scope;
  const filter = allOf(
    query.search && keywordFilter(SEARCH_FIELDS, query.search),
    scope.residence_uuid && equals('residence_uuid', scope.residence_uuid),
  );
  const answer = await apiGet<ListResponse<Guard>>('/guards/list', {
    params: {
      filter: filter || undefined,
      order: `${query.sort.field} ${query.sort.direction}`,
      limit: query.pageSize,
      offset: query.offset,
      related: RELATED,
    },
    signal: options.signal,
  });
  return { rows: answer.resource, count: answer.meta.count };
}

/** One guard's profile; null when there is no such guard (or it is outside the caller's scope). */
export async function get(uuid: string): Promise<Guard | null> {
  const answer = await apiGet<ListResponse<Guard>>('/guards/list', {
    params: { filter: equals('uuid', uuid), limit: 1, offset: 0, related: RELATED },
  });
  return answer.resource[0] ?? null;
}

/** Creates a guard with the PIN the console generated for it. */
export async function create(payload: GuardPayload & { pin: string }): Promise<Guard> {
  return firstOf(await apiPost<Saved<Guard>>('/guards/add', payload), 'POST /guards/add');
}

export async function update(uuid: string, payload: GuardPayload): Promise<Guard> {
  const url = `/guards/${encodeURIComponent(uuid)}`;
  return firstOf(await apiPatch<Saved<Guard>>(url, payload), `PATCH ${url}`);
}

export async function remove(uuid: string): Promise<void> {
  await apiDelete(`/guards/${encodeURIComponent(uuid)}`);
}

export async function updatePin(uuid: string, pin: string): Promise<{ uuid: string; pin: string }> {
  const url = `/guards/updatepin/${encodeURIComponent(uuid)}`;
  return firstOf(await apiPatch<Saved<{ uuid: string; pin: string }>>(url, { pin }), url);
}
