import * as auditApi from '../../api/audit';
import type { AuditEntry } from '@contract/audit';
import type { ListQuery } from '../../app/list-slice';
import { appConfig } from '../../config';
import { toCsv } from '../../lib/csv';
import { formatTimestamp } from '../../lib/dates';
import { fetchEntireList } from '../../lib/export';
import {
  actionLabel,
  actorName,
  AUDIT_TEXT,
  changesText,
  entityLabel,
  roleLabel,
} from './audit-text';

export const AUDIT_FILE_NAME = AUDIT_TEXT.fileName;

/** Every column of the table, split where a cell shows two things, then the changes as text. */
export const AUDIT_CSV_HEADERS = [
  'Date & Time',
  'User',
  'Role',
  'Action',
  'Record Type',
  'Record',
  'Address',
  'User Agent',
  'Changes',
] as const;

/** One CSV line per entry, as the table and the side panel show it; changes one field a line. */
export function auditCsv(rows: readonly AuditEntry[]): Promise<string> {
  return toCsv(
    AUDIT_CSV_HEADERS,
    rows.map((entry) => [
      formatTimestamp(entry.created_at),
      actorName(entry),
      roleLabel(entry),
      actionLabel(entry),
      entityLabel(entry),
      entry.entity_label,
      entry.client_address,
      entry.user_agent,
      changesText(entry),
    ]),
  );
}

/** Every entry of the screen's list, with its search, filters and sort, page by page. */
export function fetchAllAudit(
  query: Pick<ListQuery, 'sort' | 'search' | 'scope'>,
  signal: AbortSignal,
  onProgress: (percent: number) => void,
): Promise<AuditEntry[]> {
  return fetchEntireList(auditApi.list, query, {
    signal,
    onProgress,
    pageSize: appConfig.exportPageSize,
  });
}
