import { useId, useState } from 'react';
import { Form, Formik, useField } from 'formik';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Button, FormFeedback, FormGroup, Input, Label, Spinner } from 'reactstrap';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { PublicBackLink } from '../../app/public-layout';
import { selectIdentityUuid, selectToken, signOut } from '../../app/session/session-slice';
import { PASSWORD_TEXTS } from './password-texts';
import { setNewPassword, type NewPasswordRequest } from './password-thunks';
import {
  emptyResetPasswordForm,
  resetPasswordSchema,
  type ResetPasswordValues,
} from './reset-password-schema';

function PasswordField({
  name,
  label,
  autoComplete,
}: {
  name: keyof ResetPasswordValues;
  label: string;
  autoComplete: 'current-password' | 'new-password';
}) {
  const id = useId();
  const [field, meta] = useField<string>(name);
  const problem = meta.touched ? meta.error : undefined;
  return (
    <FormGroup>
      <Label for={id}>{label}</Label>
      <Input
        id={id}
        type="password"
        autoComplete={autoComplete}
        {...field}
        invalid={problem !== undefined}
      />
      {problem ? <FormFeedback>{problem}</FormFeedback> : null}
    </FormGroup>
  );
}

/** After the change: signs out a session still open (its password is old), then goes to sign-in. */
function Changed() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const signedIn = useAppSelector(selectToken) !== null;

  async function signInAgain() {
    if (signedIn) await dispatch(signOut());
    navigate('/login');
  }

  return (
    <>
      <Alert color="success" fade={false}>
        {PASSWORD_TEXTS.resetSucceeded}
      </Alert>
      <Button color="primary" className="w-100" onClick={() => void signInAgain()}>
        {PASSWORD_TEXTS.signInAgain}
      </Button>
    </>
  );
}

/**
 * /resetpassword (spec part 2 §2). With a mailed link's `code` it sets a new password; without one
 * it is Change Password from the header menu (`?iuuid=`), which asks for the current password too.
 */
export function ResetPasswordPage() {
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const code = params.get('code');
  const sessionIdentity = useAppSelector(selectIdentityUuid);
  const identityUuid = params.get('iuuid') || sessionIdentity;
  const signedIn = useAppSelector(selectToken) !== null;
  const [changed, setChanged] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const changing = !code;

  async function submit(values: ResetPasswordValues) {
    setFailure(null);
    const request: NewPasswordRequest = code
      ? { code, password: values.password }
      : {
          identityUuid: identityUuid ?? '',
          currentPassword: values.current,
          password: values.password,
        };
    const problem = await dispatch(setNewPassword(request));
    if (problem === null) setChanged(true);
    else setFailure(problem);
  }

  let body;
  if (changed) {
    body = <Changed />;
  } else if (changing && !signedIn) {
    // Without a code only the signed-in user's own password can change.
    body = (
      <>
        <p>{PASSWORD_TEXTS.signInFirst}</p>
        <p className="text-center">
          <Link to="/forgetpassword">Forgot Password</Link>
        </p>
      </>
    );
  } else {
    body = (
      <>
        {failure ? (
          <Alert color="danger" fade={false}>
            {failure}
          </Alert>
        ) : null}
        <Formik
          initialValues={emptyResetPasswordForm}
          validationSchema={resetPasswordSchema(changing)}
          onSubmit={submit}
        >
          {({ isSubmitting }) => (
            <Form noValidate>
              {changing ? (
                <PasswordField
                  name="current"
                  label="Current Password"
                  autoComplete="current-password"
                />
              ) : null}
              <PasswordField name="password" label="New Password" autoComplete="new-password" />
              <PasswordField
                name="confirm"
                label="Confirm New Password"
                autoComplete="new-password"
              />
              <Button type="submit" color="primary" className="w-100" disabled={isSubmitting}>
                {isSubmitting ? <Spinner size="sm" aria-hidden="true" /> : null}
                {PASSWORD_TEXTS.submitNewPassword}
              </Button>
            </Form>
          )}
        </Formik>
      </>
    );
  }

  return (
    <>
      <h1 className="public-title">{PASSWORD_TEXTS.resetTitle}</h1>
      {body}
      {changed ? null : (
        <div className="text-center mt-3">
          <PublicBackLink />
        </div>
      )}
    </>
  );
}
