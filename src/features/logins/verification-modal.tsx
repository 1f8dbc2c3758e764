import { Form, Formik } from 'formik';
import { useId } from 'react';
import { Alert, Button, ModalBody, ModalFooter } from 'reactstrap';
import { Dialog } from '../../components/dialog';
import * as yup from 'yup';
import { TextInput } from '../../components/form-fields';
import { LOGIN_MESSAGES } from '@rules/logins';
import { useAppSelector } from '../../app/hooks';
import { selectProfile } from '../../app/session/session-slice';

const schema = yup.object({
  email: yup.string().trim().required(LOGIN_MESSAGES.emailRequired),
  password: yup.string().required(LOGIN_MESSAGES.passwordRequired),
});

export interface VerificationModalProps {
  isOpen: boolean;
  /** What the step confirms, as the user will read it: "Confirm adding login x@y.com". */
  confirms: string;
  busy: boolean;
  /** The last verification's failure, shown as 'Admin verification failed' with it. */
  error: string | null;
  onVerify: (credentials: { email: string; password: string }) => void;
  onCancel: () => void;
}

/**
 * The step every login save and delete passes: the administrator's own email and password again.
 * It names the change it confirms, and starts from the signed-in administrator's email.
 */
export function VerificationModal({
  isOpen,
  confirms,
  busy,
  error,
  onVerify,
  onCancel,
}: VerificationModalProps) {
  const close = busy ? undefined : onCancel;
  const ownEmail = useAppSelector(selectProfile)?.email ?? '';
  const confirmsId = useId();
  return (
    <Dialog
      isOpen={isOpen}
      title="Verification"
      toggle={close}
      centered
      backdrop="static"
      keyboard={!busy}
    >
      <Formik
        initialValues={{ email: ownEmail, password: '' }}
        validationSchema={schema}
        onSubmit={(values, helpers) => {
          // The password is not kept in the form between attempts.
          helpers.setFieldValue('password', '', false);
          helpers.setFieldTouched('password', false, false);
          onVerify({ email: values.email.trim(), password: values.password });
        }}
      >
        <Form noValidate aria-label="Verification" aria-describedby={confirmsId}>
          <ModalBody>
            <p id={confirmsId} className="fw-semibold">
              {confirms}
            </p>
            <p>Please confirm it is you: enter your own email and password.</p>
            {error ? (
              <Alert color="danger" fade={false}>
                <strong>Admin verification failed</strong>
                <div>{error}</div>
              </Alert>
            ) : null}
            <fieldset disabled={busy}>
              <TextInput name="email" label="Email" type="email" autoComplete="username" />
              <TextInput
                name="password"
                label="Password"
                type="password"
                autoComplete="current-password"
              />
            </fieldset>
          </ModalBody>
          <ModalFooter>
            {busy ? (
              <div role="status" className="d-flex align-items-center gap-2 me-auto">
                <span className="spinner-border spinner-border-sm" aria-hidden="true" />
                <span>Verifying. Please don't close this window.</span>
              </div>
            ) : (
              <Button type="button" color="secondary" outline onClick={onCancel}>
                Cancel
              </Button>
            )}
            <Button type="submit" color="primary" disabled={busy}>
              Verify
            </Button>
          </ModalFooter>
        </Form>
      </Formik>
    </Dialog>
  );
}
