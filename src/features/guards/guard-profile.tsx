import { useEffect, type ReactNode } from 'react';
import { Button, Col, Row } from 'reactstrap';
import type { Guard } from '@contract/guards';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { apiDateToForm, formatTimestamp } from '../../lib/dates';
import { APP_ACCESS_TEXTS } from './app-access-modal';
import { loadAppAccess, selectAppAccess } from './guard-profile-slice';
import { guardSiteNames } from './guard-columns';
import type { GuardModal } from './guard-modals';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Col md={6} className="mb-3">
      <dt className="small text-muted fw-normal">{label}</dt>
      <dd className="mb-0">{children}</dd>
    </Col>
  );
}

/** The Profile tab of /guard-details: the guard's record and its actions. */
export function GuardProfile({
  guard,
  openModal,
}: {
  guard: Guard;
  openModal: (modal: GuardModal, guard: Guard) => void;
}) {
  const sites = guardSiteNames(guard);
  const dispatch = useAppDispatch();
  const access = useAppSelector(selectAppAccess);
  useEffect(() => {
    void dispatch(loadAppAccess(guard.uuid));
  }, [dispatch, guard.uuid]);
  return (
    <Row>
      <Col md={3} className="mb-3">
        {guard.photo_url ? (
          <img src={guard.photo_url} alt={`Photo of ${guard.name}`} className="guard-photo" />
        ) : (
          <div className="guard-photo placeholder-photo" aria-hidden="true" />
        )}
      </Col>
      <Col md={9}>
        <Row tag="dl">
          <Field label="Guard ID">{guard.guard_id}</Field>
          <Field label="Name">{guard.name}</Field>
          <Field label="IC/Passport No.">{guard.ic_passport_number}</Field>
          <Field label="Nationality">{guard.nationality}</Field>
          <Field label="Birthdate">{apiDateToForm(guard.birthdate)}</Field>
          <Field label="Address">{guard.address}</Field>
          <Field label="Contact No.">{guard.contact_number}</Field>
          <Field label="Email">{guard.email ?? ''}</Field>
          <Field label="Company">{guard.security_company_name}</Field>
          <Field label="Sites">{sites || 'No records found.'}</Field>
          <Field label="PIN status">
            {guard.pin_enabled ? 'Enabled' : 'Not enabled'}
            {access?.pin_locked_until ? (
              <span className="d-block text-danger">
                {APP_ACCESS_TEXTS.pinLocked(
                  formatTimestamp(access.pin_locked_until),
                  access.pin_failures,
                )}
              </span>
            ) : null}
          </Field>
          <Field label="Guard app">
            {access === null
              ? ''
              : access.has_password
                ? APP_ACCESS_TEXTS.accessSince(formatTimestamp(access.password_set_at))
                : APP_ACCESS_TEXTS.noAccess}
          </Field>
        </Row>
        <div className="d-flex flex-wrap gap-2">
          <Button color="primary" outline onClick={() => openModal('pin', guard)}>
            Generate new user PIN
          </Button>
          <Button color="primary" outline onClick={() => openModal('app-access', guard)}>
            App access
          </Button>
          <Button color="primary" onClick={() => openModal('edit', guard)}>
            Edit
          </Button>
          <Button color="danger" outline onClick={() => openModal('delete', guard)}>
            Delete
          </Button>
        </div>
      </Col>
    </Row>
  );
}
