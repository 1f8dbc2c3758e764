import { useId, useState } from 'react';
import { ErrorMessage, Field, Form, Formik } from 'formik';
import { Alert, Button, FormGroup, Label, Spinner } from 'reactstrap';
import { useAppDispatch } from '../../app/hooks';
import { BackLink } from '../../components/back-link';
import { loginSchema } from '../../lib/login-schema';
import { PASSWORD_TEXTS } from './password-texts';
import { requestPasswordReset } from './password-thunks';

/** The sign-in form's email rule and messages, so both forms word them alike. */
const forgotSchema = loginSchema.pick(['email']);

type Outcome = { kind: 'sent' } | { kind: 'failed'; message: string } | null;

/** /forgetpassword (spec part 2 §2): mails a reset link to the account's email. */
export function ForgotPasswordPage() {
  const dispatch = useAppDispatch();
  const emailId = useId();
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function submit({ email }: { email: string }) {
    setOutcome(null);
    const failure = await dispatch(requestPasswordReset(email.trim()));
    setOutcome(failure === null ? { kind: 'sent' } : { kind: 'failed', message: failure });
  }

  return (
    <>
      <h1 className="public-title">{PASSWORD_TEXTS.forgotTitle}</h1>
      {outcome?.kind === 'sent' ? (
        <Alert color="success" fade={false}>
          {PASSWORD_TEXTS.requestSucceeded}
        </Alert>
      ) : null}
      {outcome?.kind === 'failed' ? (
        <Alert color="danger" fade={false}>
          {outcome.message}
        </Alert>
      ) : null}
      <Formik initialValues={{ email: '' }} validationSchema={forgotSchema} onSubmit={submit}>
        {({ errors, touched, isSubmitting }) => (
          <Form noValidate>
            <FormGroup>
              <Label for={emailId}>Email</Label>
              <Field
                id={emailId}
                name="email"
                type="email"
                autoComplete="username"
                className={`form-control${errors.email && touched.email ? ' is-invalid' : ''}`}
              />
              <ErrorMessage name="email" component="div" className="invalid-feedback" />
            </FormGroup>
            <Button type="submit" color="primary" className="w-100" disabled={isSubmitting}>
              {isSubmitting ? (
                <>
                  <Spinner size="sm" aria-hidden="true" />
                  {PASSWORD_TEXTS.requesting}
                </>
              ) : (
                PASSWORD_TEXTS.requestLink
              )}
            </Button>
            <div className="text-center mt-3">
              <BackLink to="/login">{PASSWORD_TEXTS.backToSignIn}</BackLink>
            </div>
          </Form>
        )}
      </Formik>
    </>
  );
}
