import type { ReactNode } from 'react';
import { Table } from 'reactstrap';
import type { AuditEntry } from '@contract/audit';
import { SidePanel } from '../../components/side-panel';
import { formatTimestamp } from '../../lib/dates';
import { deviceName } from '../../lib/user-agent';
import {
  actionLabel,
  actorName,
  AUDIT_TEXT,
  fieldLabel,
  fieldValueText,
  recordText,
  roleLabel,
} from './audit-text';
import './audit-log.css';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="small text-muted fw-normal">{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

/** The entry's changes field by field: Field | Before | After. */
function ChangesTable({ entry }: { entry: AuditEntry }) {
  const changes = Object.entries(entry.changes);
  if (changes.length === 0) return <p className="text-muted mb-0">{AUDIT_TEXT.noChanges}</p>;
  return (
    <Table size="sm" bordered className="audit-changes mb-0" aria-label={AUDIT_TEXT.changes}>
      <thead>
        <tr>
          <th scope="col">{AUDIT_TEXT.field}</th>
          <th scope="col">{AUDIT_TEXT.before}</th>
          <th scope="col">{AUDIT_TEXT.after}</th>
        </tr>
      </thead>
      <tbody>
        {changes.map(([field, change]) => (
          <tr key={field}>
            <th scope="row" className="fw-normal">
              {fieldLabel(entry, field)}
            </th>
            <td>{fieldValueText(field, change.before)}</td>
            <td>{fieldValueText(field, change.after)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export interface AuditEntryPanelProps {
  /** The entry shown; kept by the caller while the panel fades out. */
  entry: AuditEntry | null;
  isOpen: boolean;
  onClose: () => void;
}

/** One audit entry beside the list: who, when, from where, the record, and what changed. */
export function AuditEntryPanel({ entry, isOpen, onClose }: AuditEntryPanelProps) {
  return (
    <SidePanel
      isOpen={isOpen && entry !== null}
      title={entry ? `${actionLabel(entry)} – ${recordText(entry)}` : AUDIT_TEXT.panelTitle}
      onClose={onClose}
    >
      {entry ? (
        <>
          <dl className="mb-4">
            <Detail label={AUDIT_TEXT.who}>
              {actorName(entry)}
              {entry.actor_name ? (
                <span className="d-block small text-muted">{roleLabel(entry)}</span>
              ) : null}
            </Detail>
            <Detail label={AUDIT_TEXT.when}>{formatTimestamp(entry.created_at)}</Detail>
            <Detail label={AUDIT_TEXT.action}>{actionLabel(entry)}</Detail>
            <Detail label={AUDIT_TEXT.record}>{recordText(entry)}</Detail>
            <Detail label={AUDIT_TEXT.address}>{entry.client_address ?? AUDIT_TEXT.noValue}</Detail>
            <Detail label={AUDIT_TEXT.userAgent}>
              {entry.user_agent ? (
                <>
                  <span className="d-block">{deviceName(entry.user_agent)}</span>
                  <span className="d-block small text-muted text-break">{entry.user_agent}</span>
                </>
              ) : (
                AUDIT_TEXT.noValue
              )}
            </Detail>
          </dl>
          <h3 className="h6">{AUDIT_TEXT.changes}</h3>
          <ChangesTable entry={entry} />
        </>
      ) : null}
    </SidePanel>
  );
}
