import { Formik, Form, Field, ErrorMessage, type FormikHelpers } from 'formik';
import { Link, Navigate } from 'react-router-dom';
import { Alert, Button, FormGroup, Label, Spinner } from 'reactstrap';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { loginSchema, type LoginValues } from '../../lib/login-schema';
import { SESSION_IDLE_MESSAGE } from '@contract/session';
import {
  selectEndedForIdle,
  selectSignInError,
  selectSigningIn,
  selectToken,
  signIn,
} from '../../app/session/session-slice';

const initialValues: LoginValues = { email: '', password: '' };

export function LoginPage() {
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectToken);
  const error = useAppSelector(selectSignInError);
  const signingIn = useAppSelector(selectSigningIn);
  const endedForIdle = useAppSelector(selectEndedForIdle);

  if (token) return <Navigate to="/dashboard" replace />;

  const submit = async (values: LoginValues, helpers: FormikHelpers<LoginValues>) => {
    const result = await dispatch(
      signIn({ email: values.email.trim(), password: values.password }),
    );
    if (signIn.rejected.match(result)) {
      // The spec: on a failed sign-in the password field is cleared.
      helpers.setFieldValue('password', '', false);
      helpers.setFieldTouched('password', false, false);
    }
  };

  return (
    <>
      <h1 className="public-title">Sign in to your account</h1>
      {endedForIdle && !error ? (
        <Alert color="info" fade={false}>
          {SESSION_IDLE_MESSAGE}
        </Alert>
      ) : null}
      {error
        ? error.split('\n').map((line) => (
            <Alert color="danger" fade={false} key={line}>
              {line}
            </Alert>
          ))
        : null}
      <Formik initialValues={initialValues} validationSchema={loginSchema} onSubmit={submit}>
        {({ errors, touched }) => (
          <Form noValidate>
            <FormGroup>
              <Label for="email">Email</Label>
              <Field
                id="email"
                name="email"
                type="email"
                autoComplete="username"
                className={`form-control${errors.email && touched.email ? ' is-invalid' : ''}`}
              />
              <ErrorMessage name="email" component="div" className="invalid-feedback" />
            </FormGroup>
            <FormGroup>
              <Label for="password">Password</Label>
              <Field
                id="password"
                name="password"
                type="password"
                autoComplete="current-password"
                className={`form-control${errors.password && touched.password ? ' is-invalid' : ''}`}
              />
              <ErrorMessage name="password" component="div" className="invalid-feedback" />
            </FormGroup>
            <Button type="submit" color="primary" className="w-100" disabled={signingIn}>
              {signingIn ? <Spinner size="sm" className="me-2" /> : null}
              Sign In
            </Button>
            <div className="text-center mt-3">
              <Link to="/forgetpassword">Forgot Password</Link>
            </div>
          </Form>
        )}
      </Formik>
    </>
  );
}
