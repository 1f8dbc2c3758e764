import { Form, Formik, type FormikConfig, type FormikProps, type FormikValues } from 'formik';
import type { ReactNode } from 'react';
import { Alert, Button, ModalBody, ModalFooter } from 'reactstrap';
import { Dialog } from './dialog';

export interface FormModalProps<Values extends FormikValues> {
  isOpen: boolean;
  title: string;
  /** While true the save runs: the modal shows busyText and cannot be closed or dismissed. */
  saving: boolean;
  busyText: string;
  onClose: () => void;
  initialValues: Values;
  validationSchema: FormikConfig<Values>['validationSchema'];
  onSubmit: FormikConfig<Values>['onSubmit'];
  size?: 'lg' | 'xl';
  submitLabel?: string;
  /** The fields; Formik's state is at hand for fields that depend on each other. */
  children: (form: FormikProps<Values>) => ReactNode;
}

/**
 * The add and edit modals of the company, supervisor and login screens: a Formik form with
 * Cancel and Submit, locked while it saves. A problem the form sets as its status (a failed
 * check before saving) shows above the fields.
 */
export function FormModal<Values extends FormikValues>({
  isOpen,
  title,
  saving,
  busyText,
  onClose,
  initialValues,
  validationSchema,
  onSubmit,
  size = 'lg',
  submitLabel = 'Submit',
  children,
}: FormModalProps<Values>) {
  const close = saving ? undefined : onClose;
  return (
    // The backdrop never closes it, so a stray click does not throw away what was typed.
    <Dialog
      isOpen={isOpen}
      title={title}
      toggle={close}
      size={size}
      centered
      backdrop="static"
      keyboard={!saving}
    >
      <Formik initialValues={initialValues} validationSchema={validationSchema} onSubmit={onSubmit}>
        {(form) => (
          <Form noValidate aria-label={title}>
            <ModalBody>
              {typeof form.status === 'string' ? (
                <Alert color="danger" fade={false}>
                  {form.status}
                </Alert>
              ) : null}
              <fieldset disabled={saving}>{children(form)}</fieldset>
            </ModalBody>
            <ModalFooter>
              {saving ? (
                <div role="status" className="d-flex align-items-center gap-2 me-auto">
                  <span className="spinner-border spinner-border-sm" aria-hidden="true" />
                  <span>{busyText}</span>
                </div>
              ) : (
                <Button type="button" color="secondary" outline onClick={onClose}>
                  Cancel
                </Button>
              )}
              <Button type="submit" color="primary" disabled={saving || form.isSubmitting}>
                {submitLabel}
              </Button>
            </ModalFooter>
          </Form>
        )}
      </Formik>
    </Dialog>
  );
}
