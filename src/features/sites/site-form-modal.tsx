import { Form, Formik, type FormikHelpers } from 'formik';
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Col, ModalBody, ModalFooter, Row } from 'reactstrap';
import { ConfirmModal } from '../../components/confirm-modal';
import { Dialog } from '../../components/dialog';
import type { Site, SiteMove } from '@contract/sites';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { SelectInput, SwitchInput, TextInput } from '../../components/form-fields';
import { PhotoPicker } from '../../components/photo-picker';
import { SiteMoveSummary } from '../../components/site-move-summary';
import { siteMoveWords } from '../../lib/site-move-words';
import { SITE_STATUSES, SITE_TYPES } from '@rules/sites';
import {
  companyOptionsErrorDismissed,
  loadCompanyOptions,
  selectCompanyOptions,
  selectCompanyOptionsError,
  selectCompanyOptionsLoading,
} from '../../app/options/company-options-slice';
import { ActiveOptions } from '../../components/active-options';
import {
  newSiteValues,
  siteFormSchema,
  siteFormValues,
  toSiteInput,
  type SiteFormValues,
} from './site-form-schema';
import { checkSiteMove, saveSite, sitesList } from './sites-slice';

const STATUS_LABELS: Record<(typeof SITE_STATUSES)[number], string> = {
  ACTIVE: 'Active',
  INACTIVE: 'Inactive',
};

function CompanySelect() {
  const dispatch = useAppDispatch();
  const options = useAppSelector(selectCompanyOptions);
  const loading = useAppSelector(selectCompanyOptionsLoading);
  const error = useAppSelector(selectCompanyOptionsError);

  useEffect(() => {
    const load = dispatch(loadCompanyOptions());
    // This form shows its own failure, so once it closes neither its load nor its error remains
    // (the guard pages' toast would show the error otherwise).
    return () => {
      load.abort();
      dispatch(companyOptionsErrorDismissed());
    };
  }, [dispatch]);

  // Each opening offers only the list it loaded itself: a company gone since then is not offered.
  const shown = loading || error ? [] : options;
  return (
    <>
      <SelectInput name="security_company_uuid" label="Security Company">
        <option value="">{loading ? 'Loading companies...' : 'No security company'}</option>
        <ActiveOptions field="security_company_uuid" choices={shown} />
      </SelectInput>
      {error ? (
        <p className="small text-danger mt-n2">Security companies could not be loaded: {error}</p>
      ) : null}
    </>
  );
}

/** A save waiting for the superadmin to confirm what moving the site to its company ends. */
interface PendingMove {
  values: SiteFormValues;
  move: SiteMove;
}

export interface SiteFormModalProps {
  isOpen: boolean;
  /** The site to edit; null adds a new one. */
  site: Site | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Add Site and Edit Site: the cover photo is uploaded first, then the site is saved with it. */
export function SiteFormModal({ isOpen, site, onClose, onSaved }: SiteFormModalProps) {
  const dispatch = useAppDispatch();
  const loadingType = useAppSelector(sitesList.selectors.selectLoadingType);
  // The upload and the save both run under the slice's 'add' or 'update'.
  const saving = loadingType === 'add' || loadingType === 'update';
  // While saving the modal cannot be left: no close button, no Escape, and Cancel is hidden.
  const close = saving ? undefined : onClose;
  const title = site ? 'Edit Site' : 'Add Site';
  const busyText = site
    ? "Currently updating. Please don't close this window."
    : "Creating new site. Please don't close this window.";

  // The last move previewed, kept after its confirmation closes so the closing fade still shows it.
  const [pendingMove, setPendingMove] = useState<PendingMove | null>(null);
  const [moveStep, setMoveStep] = useState<'closed' | 'asking' | 'saving'>('closed');
  // The preview while it loads: a second Submit waits for it, and closing the form drops it.
  const moveCheck = useRef<{ abort: () => void } | null>(null);

  useEffect(() => {
    if (!isOpen) return;
    return () => {
      moveCheck.current?.abort();
      moveCheck.current = null;
      setMoveStep('closed');
    };
  }, [isOpen]);

  async function save(values: SiteFormValues) {
    const saved = await dispatch(
      saveSite({ uuid: site?.uuid, input: toSiteInput(values), cover: values.cover }),
    );
    // A refused save returns to the form as it was, with the error in the toast.
    setMoveStep('closed');
    if (saved) onSaved();
  }

  /**
   * A site given to another company (or to none) loses the old company's guards, supervisors,
   * kiosks and open shifts there when it is saved (issue 35): the superadmin sees what ends and
   * confirms first. A preview that fails is shown in the form, and nothing is saved.
   */
  async function submit(values: SiteFormValues, helpers: FormikHelpers<SiteFormValues>) {
    if (moveCheck.current) return;
    helpers.setStatus(null);
    const companyUuid = values.security_company_uuid || null;
    if (site && companyUuid !== site.security_company_uuid) {
      const check = dispatch(checkSiteMove({ uuid: site.uuid, companyUuid }));
      moveCheck.current = check;
      const answer = await check;
      // The form closed while the preview loaded.
      if (moveCheck.current !== check) return;
      moveCheck.current = null;
      if (checkSiteMove.rejected.match(answer)) {
        helpers.setStatus(answer.payload ?? answer.error.message);
        return;
      }
      if (answer.payload.moves) {
        setPendingMove({ values, move: answer.payload });
        setMoveStep('asking');
        return;
      }
    }
    await save(values);
  }

  const movingName = pendingMove?.values.name.trim() ?? '';
  const moveWords = pendingMove ? siteMoveWords(movingName, pendingMove.move) : null;

  return (
    <>
      {/* The backdrop never closes it, so a stray click does not throw away what was typed. */}
      <Dialog
        isOpen={isOpen}
        title={title}
        toggle={close}
        size="lg"
        centered
        backdrop="static"
        keyboard={!saving}
      >
        <Formik
          initialValues={site ? siteFormValues(site) : newSiteValues}
          validationSchema={siteFormSchema}
          onSubmit={submit}
        >
          {({ setFieldValue, status }) => (
            <Form noValidate aria-label={title}>
              <ModalBody>
                {typeof status === 'string' ? (
                  <Alert color="danger" fade={false}>
                    {status}
                  </Alert>
                ) : null}
                <fieldset disabled={saving}>
                  <PhotoPicker
                    label="Cover Photo"
                    currentUrl={site?.file?.url}
                    disabled={saving}
                    onChange={(file) => void setFieldValue('cover', file)}
                  />
                  <TextInput name="name" label="Name" />
                  <TextInput name="address" label="Address" />
                  <Row>
                    <Col md={6}>
                      <SelectInput name="type" label="Type">
                        <option value="">Select a type</option>
                        {SITE_TYPES.map((type) => (
                          <option key={type}>{type}</option>
                        ))}
                      </SelectInput>
                    </Col>
                    <Col md={6}>
                      <SelectInput name="status" label="Status">
                        {SITE_STATUSES.map((status) => (
                          <option key={status} value={status}>
                            {STATUS_LABELS[status]}
                          </option>
                        ))}
                      </SelectInput>
                    </Col>
                  </Row>
                  <Row>
                    <Col md={6}>
                      <TextInput name="lat" label="Latitude" inputMode="decimal" />
                    </Col>
                    <Col md={6}>
                      <TextInput name="lng" label="Longitude" inputMode="decimal" />
                    </Col>
                  </Row>
                  <CompanySelect />
                  <fieldset>
                    <legend className="form-label fs-6">Features</legend>
                    <SwitchInput name="kipleguard_enabled" label="Guard service" />
                    <SwitchInput name="kipleguard_visitors" label="Visitors" />
                    <SwitchInput name="kipleguard_reporting" label="Reporting" />
                    <SwitchInput name="kipleguard_attendance" label="Attendance" />
                  </fieldset>
                </fieldset>
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
                <Button type="submit" color="primary" disabled={saving}>
                  Submit
                </Button>
              </ModalFooter>
            </Form>
          )}
        </Formik>
      </Dialog>
      {/* Beside the form, not inside it: keys and clicks in one dialog must not reach the other. */}
      <ConfirmModal
        isOpen={isOpen && moveStep !== 'closed'}
        title={moveWords?.title ?? ''}
        body={moveWords ? <SiteMoveSummary words={moveWords} /> : null}
        confirmLabel="Move site"
        confirmColor={moveWords?.ends.length ? 'danger' : 'primary'}
        busy={moveStep === 'saving'}
        busyText={`Moving ${movingName}. Please don't close this window.`}
        onConfirm={() => {
          if (!pendingMove) return;
          setMoveStep('saving');
          void save(pendingMove.values);
        }}
        onCancel={() => setMoveStep('closed')}
      />
    </>
  );
}
