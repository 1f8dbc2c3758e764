import { useState, type ComponentType } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ConfirmModal } from '../../components/confirm-modal';
import { ManagedList, type ModalState } from '../../components/managed-list';
import * as loginsApi from '../../api/logins';
import type { Login, LoginBody } from '@contract/logins';
import type { MutationType } from '../../app/list-slice';
import { selectProfile } from '../../app/session/session-slice';
import { loginColumns, type LoginRowAction } from './login-columns';
import { LoginFormModal } from './login-form-modal';
import { loginsList, verifiedWrite, type AdminCredentials } from './logins-slice';
import { VerificationModal } from './verification-modal';

/** A login's History dialog: the audit log's list, which the page composing this one passes in. */
export interface LoginHistoryModalProps {
  isOpen: boolean;
  login: Login | null;
  onClose: () => void;
}

/** A write that waits for the Verification step. */
interface PendingWrite {
  type: MutationType;
  /** What the Verification step says it confirms. */
  confirms: string;
  success: string;
  write: (verificationToken: string) => Promise<unknown>;
}

/**
 * Add, Edit and Delete each go form (or confirmation) → Verification → the write; a failed
 * verification stays on its step with the error (spec part 2 §4). History only reads.
 */
function LoginModals({
  state,
  close,
  done,
  HistoryModal,
}: {
  state: ModalState<Login, LoginRowAction>;
  close: () => void;
  done: (success: string) => void;
  HistoryModal: ComponentType<LoginHistoryModalProps>;
}) {
  const dispatch = useAppDispatch();
  const { open, row } = state;
  const [pending, setPending] = useState<PendingWrite | null>(null);
  const [verifying, setVerifying] = useState(false);
  const [verifyError, setVerifyError] = useState<string | null>(null);

  function awaitVerification(next: PendingWrite) {
    setVerifyError(null);
    setPending(next);
  }

  function cancel() {
    setPending(null);
    close();
  }

  async function verify(credentials: AdminCredentials) {
    if (!pending) return;
    setVerifying(true);
    const result = await dispatch(verifiedWrite(pending.type, credentials, pending.write));
    setVerifying(false);
    if (!result.verified) {
      setVerifyError(result.error);
      return;
    }
    setPending(null);
    if (result.ok) done(pending.success);
    else close();
  }

  const saveBody = (body: LoginBody) =>
    awaitVerification(
      row && open === 'edit'
        ? {
            type: 'update',
            confirms: `Confirm editing login ${row.user_email}`,
            success: 'Success Updated',
            write: (token) => loginsApi.update(row.uuid, body, token),
          }
        : {
            type: 'add',
            confirms: `Confirm adding login ${body.email}`,
            success: 'Success Added',
            write: (token) => loginsApi.create(body, token),
          },
    );

  return (
    <>
      <LoginFormModal
        isOpen={(open === 'add' || open === 'edit') && pending === null}
        login={open === 'edit' ? row : null}
        onClose={cancel}
        onReady={saveBody}
      />
      <ConfirmModal
        isOpen={open === 'delete' && pending === null}
        title="Delete Confirmation"
        body={`Are you sure you want to delete ${row?.user_email ?? ''}?`}
        onConfirm={() => {
          if (row) {
            awaitVerification({
              type: 'delete',
              confirms: `Confirm deleting login ${row.user_email}`,
              success: 'Success Deleted',
              write: (token) => loginsApi.remove(row.uuid, token),
            });
          }
        }}
        onCancel={cancel}
      />
      <HistoryModal isOpen={open === 'history'} login={row} onClose={close} />
      <VerificationModal
        isOpen={open !== null && pending !== null}
        confirms={pending?.confirms ?? ''}
        busy={verifying}
        error={verifyError}
        onVerify={(credentials) => void verify(credentials)}
        onCancel={cancel}
      />
    </>
  );
}

/** /users: the logins of the access type securitycompany (composed in app/pages/logins-page.tsx). */
export function LoginsPage({
  HistoryModal,
}: {
  HistoryModal: ComponentType<LoginHistoryModalProps>;
}) {
  const ownEmail = useAppSelector(selectProfile)?.email ?? null;
  return (
    <ManagedList
      title="Logins"
      searchPlaceholder="Search by Username, Security Co..."
      list={loginsList}
      columns={(onAction: (action: LoginRowAction, login: Login) => void) =>
        loginColumns(onAction, ownEmail)
      }
      getRowId={(login) => login.uuid}
      modals={(state, close, done) => (
        <LoginModals state={state} close={close} done={done} HistoryModal={HistoryModal} />
      )}
    />
  );
}
