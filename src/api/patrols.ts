import type { ListPage, ListQuery } from '../app/list-slice';
import type { Patrol, PatrolCompletion, PatrolState } from '@contract/patrols';
import { apiGet } from './client';
import { allOf, equals, quote } from './filters';
import { pageParams, toListPage, type ListAnswer } from './paging';

/** The list's scope: one site's patrols due on one local day, in one state or by one guard. */
export interface PatrolScope {
  residence_uuid?: string;
  /** The reader's local day 'YYYY-MM-DD'. */
  day?: string;
  state?: PatrolState | '';
  guard_uuid?: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A local day's start as the API stores times: UTC 'YYYY-MM-DD HH:MM:SS'. */
export function dayStartUtc(day: string, plusDays = 0): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const start = new Date(year, month - 1, date + plusDays);
  return `${start.getUTCFullYear()}-${pad(start.getUTCMonth() + 1)}-${pad(start.getUTCDate())} ${pad(start.getUTCHours())}:${pad(start.getUTCMinutes())}:00`;
}

export async function list(
  query: ListQuery,
  options: { signal?: AbortSignal } = {},
): Promise<ListPage<Patrol>> {
  const scope: PatrolScope = query.scope;
  const filter = allOf(
    scope.residence_uuid && equals('residence_uuid', scope.residence_uuid),
    scope.day && `due_at >= ${quote(dayStartUtc(scope.day))}`,
    scope.day && `due_at < ${quote(dayStartUtc(scope.day, 1))}`,
    scope.state && equals('state', scope.state),
    scope.guard_uuid && equals('guard_uuid', scope.guard_uuid),
  );
  const answer = await apiGet<ListAnswer<Patrol>>('/patrols/list', {
    params: { filter: filter || undefined, ...pageParams(query) },
    signal: options.signal,
  });
  return toListPage(answer, query);
}

/** Checkpoints scanned of those due over local days `from` to `to`, at one site or all. */
export async function completion(params: {
  residence_uuid?: string;
  from: string;
  to: string;
}): Promise<PatrolCompletion> {
  return apiGet<PatrolCompletion>('/patrols/completion', { params });
}

/** One patrol the user sees (an alert's), or null. */
export async function get(uuid: string): Promise<Patrol | null> {
  const answer = await apiGet<ListAnswer<Patrol>>('/patrols/list', {
    params: { filter: equals('uuid', uuid), order: 'due_at desc', limit: 1 },
  });
  return answer.resource[0] ?? null;
}
