import { useEffect, useId, useRef, useState } from 'react';
import MonitorSmartphone from 'lucide-react/icons/monitor-smartphone';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, Table } from 'reactstrap';
import * as yup from 'yup';
import { KIOSK_LABEL_MAX_LENGTH, KIOSK_MESSAGES } from '@rules/kiosks';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ConfirmModal } from '../../components/confirm-modal';
import { TextInput } from '../../components/form-fields';
import { FormModal } from '../../components/form-modal';
import { PinOnlyShiftsSwitch } from './pin-only-shifts-switch';
import { formatTimestamp } from '../../lib/dates';
import type { Kiosk } from '@contract/kiosks';
import type { Site } from '@contract/sites';
import { storeDeviceToken } from '../../lib/kiosk-device';
import {
  enrolKiosk,
  kiosksErrorDismissed,
  loadSiteKiosks,
  revokeKiosk,
  selectKiosks,
  selectKiosksError,
  selectKiosksSiteUuid,
  selectKiosksStatus,
  selectRevoking,
} from './site-kiosks-slice';

const enrolSchema = yup.object({
  label: yup
    .string()
    .trim()
    .required(KIOSK_MESSAGES.labelRequired)
    .max(KIOSK_LABEL_MAX_LENGTH, KIOSK_MESSAGES.labelTooLong),
});

type KioskModal = 'enrol' | 'revoke';

/**
 * The site's guardhouse kiosks: who enrolled each and when it was last used, Revoke, and the
 * enrolment of this very browser. An enrolled browser keeps only the kiosk's credential: it goes
 * to /kiosk, which ends the console session here, as a kiosk must not carry one.
 */
export function SiteKiosks({ site }: { site: Site }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const kiosks = useAppSelector(selectKiosks);
  const status = useAppSelector(selectKiosksStatus);
  const isCurrent = useAppSelector(selectKiosksSiteUuid) === site.uuid;
  const revoking = useAppSelector(selectRevoking);
  const error = useAppSelector(selectKiosksError);
  const [open, setOpen] = useState<KioskModal | null>(null);
  // Kept after closing, so the closing fade still names it.
  const [chosen, setChosen] = useState<Kiosk | null>(null);
  const [enrolling, setEnrolling] = useState(false);

  useEffect(() => {
    void dispatch(loadSiteKiosks(site.uuid));
  }, [dispatch, site.uuid]);

  async function enrol({ label }: { label: string }, setStatus: (status: string) => void) {
    setEnrolling(true);
    try {
      const answer = await dispatch(
        enrolKiosk({ residence_uuid: site.uuid, label: label.trim() }),
      ).unwrap();
      storeDeviceToken(answer.token);
      navigate('/kiosk');
    } catch (message) {
      setEnrolling(false);
      setStatus(String(message));
    }
  }

  async function revoke() {
    if (!chosen) return;
    await dispatch(revokeKiosk(chosen));
    setOpen(null);
  }

  const loading = !isCurrent || status === 'loading' || status === 'idle';
  const label = chosen?.label ?? '';

  return (
    <section className="site-kiosks mt-4" aria-labelledby={headingId}>
      <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2 mb-2">
        <h2 id={headingId} ref={heading} tabIndex={-1} className="h4 mb-0">
          Kiosks
        </h2>
        <Button color="primary" onClick={() => setOpen('enrol')}>
          <MonitorSmartphone size={16} aria-hidden="true" />
          Set up this device as a kiosk
        </Button>
      </div>
      <p className="text-muted">
        Guardhouse devices where the site&apos;s guards start and end shifts, report incidents and
        check visitors in, each signed in with its own credential.
      </p>
      <PinOnlyShiftsSwitch site={site} />
      {error ? (
        <Alert color="danger" fade={false} toggle={() => dispatch(kiosksErrorDismissed())}>
          {error}
        </Alert>
      ) : null}
      {loading ? (
        <p role="status">Loading kiosks...</p>
      ) : status === 'failed' ? null : kiosks.length === 0 ? (
        <p>No device is set up as a kiosk for this site.</p>
      ) : (
        <Table responsive className="bg-white" aria-labelledby={headingId}>
          <thead>
            <tr>
              <th scope="col">Label</th>
              <th scope="col">Enrolled by</th>
              <th scope="col">Enrolled at</th>
              <th scope="col">Last activity</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {kiosks.map((kiosk) => (
              <tr key={kiosk.uuid}>
                <td>{kiosk.label}</td>
                <td>{kiosk.enrolled_by_name ?? '-'}</td>
                <td>{formatTimestamp(kiosk.created_at)}</td>
                <td>{kiosk.last_seen_at ? formatTimestamp(kiosk.last_seen_at) : 'Never'}</td>
                <td className="text-end">
                  <Button
                    color="danger"
                    outline
                    size="sm"
                    aria-label={`Revoke ${kiosk.label}`}
                    onClick={() => {
                      setChosen(kiosk);
                      setOpen('revoke');
                    }}
                  >
                    Revoke
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <FormModal
        isOpen={open === 'enrol'}
        title="Set Up This Device as a Kiosk"
        saving={enrolling}
        busyText="Setting up this device. Please don't close this window."
        onClose={() => setOpen(null)}
        initialValues={{ label: '' }}
        validationSchema={enrolSchema}
        onSubmit={(values, helpers) => enrol(values, helpers.setStatus)}
        submitLabel="Set up"
      >
        {() => (
          <>
            <p>
              This browser becomes a kiosk of <strong>{site.name}</strong>. You will be signed out
              of the console here, and the device will open the kiosk&apos;s start screen.
            </p>
            <TextInput
              name="label"
              label="Label"
              hint="Names the device in the list, e.g. Main gate guardhouse."
              autoComplete="off"
            />
          </>
        )}
      </FormModal>
      <ConfirmModal
        isOpen={open === 'revoke'}
        title="Revoke Kiosk"
        body={`Are you sure you want to revoke ${label}? That device stops working as a kiosk at once.`}
        confirmLabel="Revoke"
        busy={revoking}
        busyText={`Revoking ${label}. Please don't close this window.`}
        onConfirm={() => void revoke()}
        onCancel={() => setOpen(null)}
        // The row and its Revoke button are gone: focus goes back to the section.
        focusWhenOpenerGone={() => heading.current}
      />
    </section>
  );
}
