import { AuditList } from './audit-list';
import { AUDIT_TEXT } from './audit-text';

/** /audit-log, from the header menu: the audit trail the user may see, newest first. */
export function AuditLogPage() {
  return (
    <section>
      <h1 className="page-title">{AUDIT_TEXT.title}</h1>
      <AuditList />
    </section>
  );
}
