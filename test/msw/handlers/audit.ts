import { http, HttpResponse } from 'msw';
import type { AuditEntry } from '@contract/audit';
import { auditEntries } from '../../fixtures/audit';
import { API } from '../api';
import { equalsOf, matchesKeyword, pageOf } from '../filter-text';

/** The bound of `created_at>='…'` or `created_at<'…'`, as src/api/audit.ts writes them. */
function createdBound(filter: string, operator: '>=' | '<'): string | undefined {
  return new RegExp(`created_at${operator}'([^']*)'`).exec(filter)?.[1];
}

function matchesFilter(filter: string, row: AuditEntry): boolean {
  for (const field of ['entity_uuid', 'entity', 'action'] as const) {
    const value = equalsOf(filter, field);
    if (value !== undefined && row[field] !== value) return false;
  }
  const from = createdBound(filter, '>=');
  if (from !== undefined && row.created_at < from) return false;
  const before = createdBound(filter, '<');
  if (before !== undefined && row.created_at >= before) return false;
  return matchesKeyword(filter, [row.entity_label, row.actor_name]);
}

const SORTABLE: Record<string, (row: AuditEntry) => string> = {
  id: (row) => String(row.id).padStart(12, '0'),
  created_at: (row) => row.created_at,
  action: (row) => row.action,
  entity: (row) => row.entity,
  actor_name: (row) => row.actor_name ?? '',
  entity_label: (row) => row.entity_label ?? '',
};

/** Answers `rows` (the fixtures by default) filtered, sorted and paged as the server would. */
export function auditListHandler(rows: readonly AuditEntry[] = auditEntries) {
  return http.get(`${API}/audit/list`, ({ request }) => {
    const params = new URL(request.url).searchParams;
    const filter = params.get('filter') ?? '';
    const matching = rows.filter((row) => matchesFilter(filter, row));
    return HttpResponse.json(pageOf(matching, params, SORTABLE));
  });
}

export const auditHandlers = [auditListHandler()];
