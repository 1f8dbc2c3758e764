import type { AuditEntry } from '@contract/audit';
import { BreakAtSeparators, dataColumns } from '../../components/data-table';
import { RowActions } from '../../components/row-actions';
import { formatTimestamp } from '../../lib/dates';
import {
  actionLabel,
  actorName,
  AUDIT_TEXT,
  entityLabel,
  recordText,
  roleLabel,
} from './audit-text';

const col = dataColumns<AuditEntry>();

/** What a record's own History hides until a user shows it: the column naming that record. */
export const HISTORY_HIDDEN: readonly string[] = ['record'];

/** The name a row's View button reads out: what happened, to what, when. */
export const entrySubject = (entry: AuditEntry) =>
  `${actionLabel(entry)}, ${recordText(entry)}, ${formatTimestamp(entry.created_at)}`;

/** The audit list's columns; View opens the entry's side panel, as a row click does. */
export function auditColumns(onView: (entry: AuditEntry) => void) {
  return col.columns([
    col.accessor('created_at', {
      header: AUDIT_TEXT.columns.when,
      meta: { sortField: 'created_at', kind: 'when' },
      cell: ({ getValue }) => formatTimestamp(getValue()),
    }),
    col.display({
      id: 'actor',
      header: AUDIT_TEXT.columns.user,
      // A name, or the email of a login that has none: broken only at its separators.
      meta: { sortField: 'actor_name', kind: 'id' },
      cell: ({ row }) => (
        <>
          <span className="d-block">
            <BreakAtSeparators text={actorName(row.original)} />
          </span>
          {row.original.actor_name ? (
            <span className="d-block small text-muted">{roleLabel(row.original)}</span>
          ) : null}
        </>
      ),
    }),
    col.display({
      id: 'action',
      header: AUDIT_TEXT.columns.action,
      meta: { sortField: 'action' },
      cell: ({ row }) => actionLabel(row.original),
    }),
    col.display({
      id: 'record',
      header: AUDIT_TEXT.columns.record,
      // A guard's or site's name, or a login's email: broken only at its separators.
      meta: { sortField: 'entity_label', kind: 'id' },
      cell: ({ row }) => (
        <>
          <span className="d-block small text-muted">{entityLabel(row.original)}</span>
          {row.original.entity_label ? (
            <span className="d-block">
              <BreakAtSeparators text={row.original.entity_label} />
            </span>
          ) : null}
        </>
      ),
    }),
    col.accessor('client_address', {
      header: AUDIT_TEXT.columns.address,
      meta: { kind: 'code' },
      cell: ({ getValue }) => getValue() ?? AUDIT_TEXT.noValue,
    }),
    col.display({
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => (
        <RowActions
          subject={entrySubject(row.original)}
          actions={[{ kind: 'view', onClick: () => onView(row.original) }]}
        />
      ),
    }),
  ]);
}
