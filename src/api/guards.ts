import type { ListPage, ListQuery } from '../app/list-slice';
import type { Guard, GuardAppAccess, GuardPayload, GuardPin } from '@contract/guards';
import type { ListResponse, ResourceResponse } from '@contract/list';
import { apiDelete, apiGet, apiPatch, apiPost, apiPut } from './client';
import { allOf, equals, keywordFilter } from './filters';
import { pageParams, toListPage, type ListAnswer } from './paging';

/**
 * What the add and edit calls send: the payload and, after an upload, the photo's url too, as the
 * original API's clients did (the server ignores it and derives the url from the file).
 */
export type GuardSaveBody = GuardPayload & { photo_url?: string };

/** Scope keys a guard list understands (see ListQuery.scope). */
export interface GuardScope {
  /** Only the guards posted to this site. */
  residence_uuid?: string;
}

const SEARCH_FIELDS = ['guard_id', 'name', 'security_company_name'] as const;
/** Every relation the server offers, so each guard arrives with its sites (kg_residence_guards). */
const RELATED = '*';

function firstOf<T>(answer: ResourceResponse<T[]>, call: string): T {
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
  const answer = await apiGet<ListAnswer<Guard>>('/guards/list', {
    params: {
      filter: filter || undefined,
      ...pageParams(query),
      related: RELATED,
    },
    signal: options.signal,
  });
  return toListPage(answer, query);
}

/** One guard's profile; null when there is no such guard (or it is outside the caller's scope). */
export async function get(uuid: string): Promise<Guard | null> {
  const answer = await apiGet<ListResponse<Guard>>('/guards/list', {
    params: { filter: equals('uuid', uuid), limit: 1, offset: 0, related: RELATED },
  });
  return answer.resource[0] ?? null;
}

/** Creates a guard with the PIN the console generated for it. */
export async function create(payload: GuardSaveBody & { pin: string }): Promise<Guard> {
  return firstOf(
    await apiPost<ResourceResponse<Guard[]>>('/guards/add', payload),
    'POST /guards/add',
  );
}

export async function update(uuid: string, payload: GuardSaveBody): Promise<Guard> {
  const url = `/guards/${encodeURIComponent(uuid)}`;
  return firstOf(await apiPatch<ResourceResponse<Guard[]>>(url, payload), `PATCH ${url}`);
}

export async function remove(uuid: string): Promise<void> {
  await apiDelete(`/guards/${encodeURIComponent(uuid)}`);
}

export async function updatePin(uuid: string, pin: string): Promise<GuardPin> {
  const url = `/guards/updatepin/${encodeURIComponent(uuid)}`;
  return firstOf(await apiPatch<ResourceResponse<GuardPin[]>>(url, { pin }), url);
}

const appAccessUrl = (uuid: string) => `/guards/${encodeURIComponent(uuid)}/app-access`;

/** Whether the guard can use the guard app, and its PIN lock-out. */
export async function appAccess(uuid: string): Promise<GuardAppAccess> {
  return (await apiGet<ResourceResponse<GuardAppAccess>>(appAccessUrl(uuid))).resource;
}

/** Gives the guard app access with this password (the guard is signed out where it was in). */
export async function setAppPassword(uuid: string, password: string): Promise<GuardAppAccess> {
  return (await apiPut<ResourceResponse<GuardAppAccess>>(appAccessUrl(uuid), { password }))
    .resource;
}

/** Mails the guard a single-use link to choose its guard app password. */
export async function mailAppLink(uuid: string): Promise<GuardAppAccess> {
  return (await apiPut<ResourceResponse<GuardAppAccess>>(appAccessUrl(uuid), { send_link: true }))
    .resource;
}

/** Takes the guard's app access away, signing it out everywhere. */
export async function revokeAppAccess(uuid: string): Promise<GuardAppAccess> {
  return (await apiDelete<ResourceResponse<GuardAppAccess>>(appAccessUrl(uuid))).resource;
}

/** The guard's PIN, revealed for one row of the Guards list; the server records the reveal. */
export async function revealPin(uuid: string): Promise<GuardPin> {
  const url = `/guards/${encodeURIComponent(uuid)}/pin/reveal`;
  return firstOf(await apiPost<ResourceResponse<GuardPin[]>>(url, {}), url);
}

/** The guards posted to a site, by name: whom its shifts may be given to. */
export async function listAtSite(residenceUuid: string): Promise<{ uuid: string; name: string }[]> {
  const answer = await apiGet<ListResponse<Guard>>('/guards/list', {
    params: { filter: equals('residence_uuid', residenceUuid), order: 'name asc', limit: 500 },
  });
  return answer.resource.map(({ uuid, name }) => ({ uuid, name }));
}
