import { isRejectedWithValue, type UnknownAction } from '@reduxjs/toolkit';
import { Form, Formik } from 'formik';
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, ModalBody, ModalFooter } from 'reactstrap';
import { Dialog } from '../../components/dialog';
import * as yup from 'yup';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { TextInput } from '../../components/form-fields';
import type { Guard, GuardAppAccess } from '@contract/guards';
import { formatTimestamp } from '../../lib/dates';
import { MIN_PASSWORD_LENGTH, PASSWORD_MESSAGES } from '@rules/passwords';
import { BusyView } from './busy-view';
import {
  loadAppAccess,
  mailAppLink,
  revokeAppAccess,
  selectAppAccess,
  setAppPassword,
} from './guard-profile-slice';

export const APP_ACCESS_TEXTS = {
  title: 'App access',
  noAccess: 'No access',
  accessSince: (when: string) => `Access given (password set ${when})`,
  notSignedIn: 'Not signed in',
  noWrongPins: 'No wrong PINs',
  wrongPins: (n: number) => `${n} wrong PIN${n === 1 ? '' : 's'} in the last 15 minutes`,
  pinLocked: (until: string, n: number) => `Locked until ${until} after ${n} wrong PINs`,
  passwordHint: 'At least 6 characters. Tell the guard the password yourself.',
  noEmail: 'Add an email to the guard’s profile to mail a link.',
  passwordSet: (name: string) =>
    `${name} can now sign in to the guard app with the new password. Any device signed in before has been signed out.`,
  linkMailed: (email: string) =>
    `A link to choose a password has been mailed to ${email}. It works once.`,
  revokeQuestion: (name: string) =>
    `Revoke ${name}’s access to the guard app? ${name} is signed out at once and cannot sign in again until given a new password.`,
  revoked: (name: string) => `${name} no longer has access to the guard app.`,
  busy: "Saving. Please don't close this window.",
} as const;

const passwordSchema = yup.object({
  password: yup
    .string()
    .required(PASSWORD_MESSAGES.tooShort)
    .min(MIN_PASSWORD_LENGTH, PASSWORD_MESSAGES.tooShort),
});

type Step =
  | { step: 'overview'; error: string | null }
  | { step: 'confirm-revoke' }
  | { step: 'busy' }
  | { step: 'done'; message: string };

/** What the guard's access and PIN look like to its company, in words. */
function accessLines(access: GuardAppAccess | null) {
  if (!access) return null;
  const pin = access.pin_locked_until
    ? APP_ACCESS_TEXTS.pinLocked(formatTimestamp(access.pin_locked_until), access.pin_failures)
    : access.pin_failures > 0
      ? APP_ACCESS_TEXTS.wrongPins(access.pin_failures)
      : APP_ACCESS_TEXTS.noWrongPins;
  return [
    [
      'Guard app',
      access.has_password
        ? APP_ACCESS_TEXTS.accessSince(formatTimestamp(access.password_set_at))
        : APP_ACCESS_TEXTS.noAccess,
    ],
    ['Signed in on', access.signed_in_device ?? APP_ACCESS_TEXTS.notSignedIn],
    ['PIN', pin],
  ] as const;
}

/**
 * The guard's access to the guard app, from its details page: set a password, mail a link to set
 * one, or revoke; with the device it is signed in on and its PIN lock-out.
 */
export function AppAccessModal({
  isOpen,
  guard,
  onClose,
}: {
  isOpen: boolean;
  guard: Guard;
  onClose: () => void;
}) {
  const dispatch = useAppDispatch();
  const access = useAppSelector(selectAppAccess);
  const [state, setState] = useState<Step>({ step: 'overview', error: null });
  // Each step's first element takes the focus, so keyboard and screen reader users follow the change.
  const stepStart = useRef<HTMLElement | null>(null);
  const refusal = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (isOpen) void dispatch(loadAppAccess(guard.uuid));
  }, [dispatch, guard.uuid, isOpen]);

  useEffect(() => {
    (refusal.current ?? stepStart.current)?.focus();
  }, [state]);

  async function run(write: () => Promise<UnknownAction>, done: string): Promise<void> {
    setState({ step: 'busy' });
    const result = await write();
    setState(
      isRejectedWithValue(result)
        ? { step: 'overview', error: String(result.payload) }
        : { step: 'done', message: done },
    );
  }

  const busy = state.step === 'busy';
  const close = busy ? undefined : onClose;
  const lines = accessLines(access);
  const focusable = (element: HTMLElement | null) => {
    stepStart.current = element;
  };

  return (
    <Dialog
      isOpen={isOpen}
      title={`${APP_ACCESS_TEXTS.title}: ${guard.name}`}
      toggle={close}
      backdrop={busy ? 'static' : true}
      keyboard={!busy}
      onClosed={() => setState({ step: 'overview', error: null })}
      centered
    >
      {busy ? <BusyView text={APP_ACCESS_TEXTS.busy} /> : null}
      {state.step === 'done' ? (
        <>
          <ModalBody>
            <p ref={focusable} tabIndex={-1} className="mb-0">
              {state.message}
            </p>
          </ModalBody>
          <ModalFooter>
            <Button color="primary" onClick={onClose}>
              Okay
            </Button>
          </ModalFooter>
        </>
      ) : null}
      {state.step === 'confirm-revoke' ? (
        <>
          <ModalBody>
            <p ref={focusable} tabIndex={-1} className="mb-0">
              {APP_ACCESS_TEXTS.revokeQuestion(guard.name)}
            </p>
          </ModalBody>
          <ModalFooter>
            <Button
              color="secondary"
              outline
              onClick={() => setState({ step: 'overview', error: null })}
            >
              Cancel
            </Button>
            <Button
              color="danger"
              onClick={() =>
                void run(
                  () => dispatch(revokeAppAccess(guard.uuid)),
                  APP_ACCESS_TEXTS.revoked(guard.name),
                )
              }
            >
              Revoke
            </Button>
          </ModalFooter>
        </>
      ) : null}
      {state.step === 'overview' ? (
        <ModalBody>
          {state.error ? (
            <Alert color="danger" fade={false} innerRef={refusal} tabIndex={-1}>
              {state.error}
            </Alert>
          ) : null}
          {lines ? (
            <dl
              ref={focusable}
              tabIndex={-1}
              aria-label={`${guard.name}’s guard app access`}
              className="row mb-3"
            >
              {lines.map(([label, value]) => (
                <div key={label} className="col-12 d-flex gap-2">
                  <dt className="fw-normal text-muted">{label}:</dt>
                  <dd className="mb-1">{value}</dd>
                </div>
              ))}
            </dl>
          ) : (
            <p role="status">Fetching content...</p>
          )}
          <Formik
            initialValues={{ password: '' }}
            validationSchema={passwordSchema}
            onSubmit={(values) =>
              void run(
                () => dispatch(setAppPassword({ uuid: guard.uuid, password: values.password })),
                APP_ACCESS_TEXTS.passwordSet(guard.name),
              )
            }
          >
            <Form noValidate aria-label="Set a guard app password">
              <TextInput
                name="password"
                label="New password"
                type="password"
                autoComplete="new-password"
                hint={APP_ACCESS_TEXTS.passwordHint}
              />
              <Button type="submit" color="primary">
                Set password
              </Button>
            </Form>
          </Formik>
          <hr />
          <div className="d-flex flex-wrap align-items-center gap-2">
            <Button
              color="primary"
              outline
              disabled={!guard.email}
              onClick={() =>
                void run(
                  () => dispatch(mailAppLink(guard.uuid)),
                  APP_ACCESS_TEXTS.linkMailed(guard.email ?? ''),
                )
              }
            >
              Mail a set-password link
            </Button>
            {access?.has_password ? (
              <Button color="danger" outline onClick={() => setState({ step: 'confirm-revoke' })}>
                Revoke access
              </Button>
            ) : null}
          </div>
          {guard.email ? null : (
            <p className="small text-muted mt-2 mb-0">{APP_ACCESS_TEXTS.noEmail}</p>
          )}
        </ModalBody>
      ) : null}
    </Dialog>
  );
}
