import type { ListPage, ListQuery } from '../app/list-slice';
import type { AuditEntry } from '@contract/audit';
import { apiGet } from './client';
import { allOf, equals, keywordFilter, quote } from './filters';
import { pageParams, toListPage, type ListAnswer } from './paging';

/** The audit trail (../lib/contract/audit.ts): read only; the server writes it. */

/** Scope keys an audit list understands (see ListQuery.scope): a record's history, or filters. */
export interface AuditScope {
  /** One record's entries: a guard's, a site's, a login's History. */
  entity_uuid?: string;
  /** An AuditEntity. */
  entity?: string;
  /** An AuditAction. */
  action?: string;
  /** Part of the acting user's name. */
  actor_name?: string;
  /** UTC 'YYYY-MM-DD HH:MM:SS': entries at or after it. */
  created_from?: string;
  /** UTC 'YYYY-MM-DD HH:MM:SS': entries before it. */
  created_before?: string;
}

const SEARCH_FIELDS = ['entity_label', 'actor_name'] as const;

/** Pass `signal` to cancel the request, as an export closed midway does. */
export async function list(
  query: ListQuery,
  options: { signal?: AbortSignal } = {},
): Promise<ListPage<AuditEntry>> {
  const scope: AuditScope = query.scope;
  const filter = allOf(
    query.search && keywordFilter(SEARCH_FIELDS, query.search),
    scope.entity_uuid && equals('entity_uuid', scope.entity_uuid),
    scope.entity && equals('entity', scope.entity),
    scope.action && equals('action', scope.action),
    scope.actor_name && keywordFilter(['actor_name'], scope.actor_name),
    scope.created_from && `created_at>=${quote(scope.created_from)}`,
    scope.created_before && `created_at<${quote(scope.created_before)}`,
  );
  const answer = await apiGet<ListAnswer<AuditEntry>>('/audit/list', {
    params: {
      filter: filter || undefined,
      ...pageParams(query),
    },
    signal: options.signal,
  });
  return toListPage(answer, query);
}
