import type { ListPage, ListQuery } from '../app/list-slice';
import type { UploadedFile } from '@contract/files';
import type {
  Incident,
  IncidentAddBody,
  IncidentCategory,
  IncidentUpdateBody,
} from '@contract/incidents';
import type { ListResponse, ResourceResponse } from '@contract/list';
import type { Site } from '@contract/sites';
import { MAX_FILES_PER_UPLOAD } from '@rules/files';
import { apiGet, apiPatch, apiPost } from './client';
import { allOf, equals, keywordFilter } from './filters';
import { pageParams, toListPage, type ListAnswer } from './paging';
import type { SiteOption } from './sites';

/** Scope keys an incident list understands (see ListQuery.scope). */
export interface IncidentScope {
  /** One site's incidents, only while the site takes incident reports. */
  residence_uuid?: string;
}

/** The spec's search: site name, the reporting login's email or the reporting guard's ID. */
const SEARCH_FIELDS = ['residence_name', 'user_email', 'guard_id'] as const;

function firstOf<T>(answer: ResourceResponse<T[]>, call: string): T {
  const [first] = answer.resource;
  if (!first) throw new Error(`${call} answered no record.`);
  return first;
}

export async function list(
  query: ListQuery,
  options: { signal?: AbortSignal } = {},
): Promise<ListPage<Incident>> {
  const scope: IncidentScope = query.scope;
  const filter = allOf(
    query.search && keywordFilter(SEARCH_FIELDS, query.search),
    scope.residence_uuid && equals('residence_uuid', scope.residence_uuid),
    scope.residence_uuid && equals('residence_kipleguard_reporting_enabled', 1),
  );
  const answer = await apiGet<ListAnswer<Incident>>('/incidents/list', {
    params: {
      filter: filter || undefined,
      ...pageParams(query),
    },
    signal: options.signal,
  });
  return toListPage(answer, query);
}

/** One incident; null when there is no such incident (or it is outside the caller's scope). */
export async function get(uuid: string): Promise<Incident | null> {
  const answer = await apiGet<ListResponse<Incident>>('/incidents/list', {
    params: { filter: equals('uuid', uuid), limit: 1, offset: 0 },
  });
  return answer.resource[0] ?? null;
}

export async function categories(): Promise<IncidentCategory[]> {
  return (await apiGet<ResourceResponse<IncidentCategory[]>>('/data/kg_incident_categories'))
    .resource;
}

/**
 * The sites an incident may be added at: the caller's sites (the server scopes the list) that
 * take incident reports.
 */
export async function siteOptions(): Promise<SiteOption[]> {
  const answer = await apiGet<ListResponse<Site>>('/data/residences', {
    params: { filter: equals('kipleguard_reporting', 1), order: 'name asc', limit: 500 },
  });
  return answer.resource.map(({ uuid, name }) => ({ uuid, name }));
}

/**
 * Uploads photos and videos for an incident, answering their uuids in the order given. An incident
 * may hold more files than one upload call carries, so they go in calls of MAX_FILES_PER_UPLOAD.
 * `onProgress` hears the whole percent of all the files' bytes sent so far.
 */
export async function uploadFiles(
  files: readonly File[],
  onProgress?: (percent: number) => void,
): Promise<UploadedFile[]> {
  const totalBytes = files.reduce((sum, file) => sum + file.size, 0) || 1;
  const uploaded: UploadedFile[] = [];
  let sentBefore = 0;
  for (let start = 0; start < files.length; start += MAX_FILES_PER_UPLOAD) {
    const batch = files.slice(start, start + MAX_FILES_PER_UPLOAD);
    const batchBytes = batch.reduce((sum, file) => sum + file.size, 0);
    const body = new FormData();
    for (const file of batch) body.append('files', file, file.name);
    const answer = await apiPost<ResourceResponse<UploadedFile[]>>(
      '/files/multiple/Kgguards',
      body,
      {
        onUploadProgress: (event) => {
          // The multipart envelope makes the body a little larger than the files; stay below 100
          // until the answer is in.
          const share = event.total
            ? (Math.min(event.loaded, event.total) / event.total) * batchBytes
            : 0;
          onProgress?.(Math.min(99, Math.floor(((sentBefore + share) / totalBytes) * 100)));
        },
      },
    );
    uploaded.push(...answer.resource);
    sentBefore += batchBytes;
  }
  onProgress?.(100);
  return uploaded;
}

export async function create(body: IncidentAddBody): Promise<Incident> {
  return firstOf(
    await apiPost<ResourceResponse<Incident[]>>('/incidents/add', body),
    'POST /incidents/add',
  );
}

export async function update(uuid: string, body: IncidentUpdateBody): Promise<Incident> {
  const url = `/incidents/${encodeURIComponent(uuid)}`;
  return firstOf(await apiPatch<ResourceResponse<Incident[]>>(url, body), `PATCH ${url}`);
}

/**
 * The bytes of an attached file, for the Word export. File URLs are whole paths that carry their
 * own key (they need no base URL and no headers), as <img> uses them.
 */
export async function fileBytes(url: string): Promise<ArrayBuffer> {
  return apiGet<ArrayBuffer>(url, { baseURL: '', responseType: 'arraybuffer' });
}
