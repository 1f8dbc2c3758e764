import { Button, ModalBody, ModalFooter } from 'reactstrap';
import { Dialog } from '../../components/dialog';
import type { LoginHistoryModalProps } from '../../features/logins/logins-page';
import { AuditList } from '../../features/audit-log/audit-list';
import { AUDIT_TEXT } from '../../features/audit-log/audit-text';

/**
 * A login's History: its audit entries, as a guard's or a site's History tab lists theirs. A login
 * has no details page to hold the tab, so the list opens in a dialog from its row.
 */
export function LoginHistoryModal({ isOpen, login, onClose }: LoginHistoryModalProps) {
  return (
    <Dialog
      isOpen={isOpen && login !== null}
      title={AUDIT_TEXT.historyOf(login?.user_email ?? '')}
      toggle={onClose}
      size="xl"
    >
      <ModalBody>{login ? <AuditList entityUuid={login.uuid} /> : null}</ModalBody>
      <ModalFooter>
        <Button color="secondary" outline onClick={onClose}>
          {AUDIT_TEXT.close}
        </Button>
      </ModalFooter>
    </Dialog>
  );
}
