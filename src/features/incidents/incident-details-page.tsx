import { useEffect, useId, useState } from 'react';
import { Form, Formik, useFormikContext } from 'formik';
import FileDown from 'lucide-react/icons/file-down';
import { useParams } from 'react-router-dom';
import { Button, Card, CardBody, Input, Label, Progress, Spinner } from 'reactstrap';
import { errorText } from '../../api/client';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { BackLink } from '../../components/back-link';
import { ErrorToast } from '../../components/error-toast';
import { LoadingOverlay } from '../../components/loading-overlay';
import { clearIfShown, SuccessAlert } from '../../components/success-alert';
import type { Incident, IncidentFile } from '@contract/incidents';
import { formatLocation } from '../../lib/attendance';
import { formatTimestamp } from '../../lib/dates';
import { INCIDENT_STATUSES, isIncidentStatus } from '@rules/incidents';
import {
  changeIncidentStatus,
  errorDismissed,
  exportIncident,
  loadIncident,
  saveIncidentEdits,
  selectIncident,
  selectIncidentError,
  selectIncidentSaving,
  selectIncidentStatus,
  selectIncidentUuid,
} from './incident-details-slice';
import { FilePreviewModal } from './file-preview-modal';
import { FileTile, IncidentFilesPicker } from './incident-files';
import { isVideo, reporterOf } from './incident-text';
import { UnsavedChangesModal, useUnsavedChangesGuard } from './unsaved-changes';
import './incidents.css';

export const INCIDENT_NOT_FOUND = 'Incident does not exist.';

const backToIncidents = <BackLink to="/incidents">Back to Incidents</BackLink>;

/** What the page edits before Save: the remarks, the files kept, and the files added. */
interface IncidentEditValues {
  actions_taken: string;
  kept: IncidentFile[];
  added: File[];
}

function editValuesOf(incident: Incident): IncidentEditValues {
  return { actions_taken: incident.actions_taken, kept: incident.files, added: [] };
}

function Details({ incident }: { incident: Incident }) {
  const rows: Array<[string, string]> = [
    ['Incident ID', incident.kg_incident_id],
    ['Category', incident.category_name],
    ['Site', incident.residence_name],
    ['Security Company', incident.kg_security_company?.name ?? '-'],
    ['Reporter', reporterOf(incident) || '-'],
    ['Incident Date', formatTimestamp(incident.incident_date)],
    ['Created at', formatTimestamp(incident.created_at)],
    ['GPS', formatLocation(incident.lat, incident.lng) || '-'],
  ];
  return (
    <Card className="mb-3">
      <CardBody>
        <dl className="row mb-0 incident-details">
          {rows.map(([label, value]) => (
            <div key={label} className="col-md-6 col-xl-3 mb-2">
              <dt>{label}</dt>
              <dd className="mb-0 text-break">{value}</dd>
            </div>
          ))}
        </dl>
      </CardBody>
    </Card>
  );
}

/** The status dropdown: saved at once when chosen (spec part 2 §4), its colour and word alike. */
function StatusSelect({
  incident,
  disabled,
  onSaved,
}: {
  incident: Incident;
  disabled: boolean;
  onSaved: () => void;
}) {
  const dispatch = useAppDispatch();
  const id = useId();

  async function choose(status: string) {
    if (!isIncidentStatus(status)) return;
    if (await dispatch(changeIncidentStatus(incident.uuid, status))) onSaved();
  }

  return (
    <div className="d-flex align-items-center gap-2">
      <Label for={id} className="mb-0 fw-semibold">
        Status
      </Label>
      <Input
        id={id}
        type="select"
        className={`incident-status-select is-${incident.status.toLowerCase()}`}
        value={incident.status}
        disabled={disabled}
        onChange={(event) => void choose(event.target.value)}
      >
        {INCIDENT_STATUSES.map((status) => (
          <option key={status}>{status}</option>
        ))}
      </Input>
    </div>
  );
}

/** While the new files upload and the edits save. */
function SavingProgress({ percent }: { percent: number | null }) {
  const labelId = useId();
  return (
    <div className="mb-3">
      <div role="status" className="d-flex align-items-center gap-2 mb-2">
        <span className="spinner-border spinner-border-sm" aria-hidden="true" />
        <span>Saving your changes. Please don&apos;t close this window.</span>
      </div>
      {percent !== null ? (
        <>
          <div id={labelId} className="small text-muted mb-1">
            Uploading files
          </div>
          <Progress value={percent} barAriaLabelledBy={labelId}>
            {percent}%
          </Progress>
        </>
      ) : null}
    </div>
  );
}

type SaveEdits = (
  values: IncidentEditValues,
  resetForm: (next: { values: IncidentEditValues }) => void,
) => Promise<boolean>;

/**
 * The incident with its status, export, remarks and photos. Remarks and photos are saved together
 * with Save; every way out while they are unsaved asks first.
 */
function IncidentEditForm({
  incident,
  uploadPercent,
  notice,
  onNoticeDone,
  onStatusSaved,
  onSave,
}: {
  incident: Incident;
  uploadPercent: number | null;
  notice: string | null;
  onNoticeDone: (shown: string) => void;
  onStatusSaved: () => void;
  onSave: SaveEdits;
}) {
  const dispatch = useAppDispatch();
  const saving = useAppSelector(selectIncidentSaving);
  const { values, dirty, setFieldValue, resetForm } = useFormikContext<IncidentEditValues>();
  const { request, askFirst } = useUnsavedChangesGuard(dirty);
  const remarksId = useId();
  const [preview, setPreview] = useState<{ open: boolean; file: IncidentFile | null }>({
    open: false,
    file: null,
  });
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const busy = saving !== null;

  /** The saved incident goes into the document, so unsaved edits are settled first (askFirst). */
  async function exportWord() {
    setExporting(true);
    setExportError(null);
    try {
      await dispatch(exportIncident());
    } catch (error) {
      setExportError(errorText(error));
    } finally {
      setExporting(false);
    }
  }

  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-end gap-2 mb-3">
        <StatusSelect incident={incident} disabled={busy} onSaved={onStatusSaved} />
        <Button
          color="primary"
          outline
          disabled={exporting}
          onClick={() => askFirst(() => void exportWord())}
        >
          {exporting ? <Spinner size="sm" aria-hidden="true" /> : <FileDown size={16} />}
          Export to Word
        </Button>
      </div>
      <SuccessAlert message={notice} onDone={onNoticeDone} />
      <Details incident={incident} />
      <h2 className="h5">Description</h2>
      <p className="incident-description">{incident.description}</p>
      <Form noValidate aria-label="Remarks and photos">
        <fieldset disabled={busy}>
          <Label for={remarksId} className="h5">
            Remarks
          </Label>
          <Input
            id={remarksId}
            type="textarea"
            rows={3}
            className="mb-3"
            value={values.actions_taken}
            onChange={(event) => void setFieldValue('actions_taken', event.target.value)}
          />
        </fieldset>
        <h2 className="h5">Photos</h2>
        {values.kept.length > 0 ? (
          <ul className="incident-file-grid mb-3" aria-label="Attached files">
            {values.kept.map((file) => (
              <FileTile
                key={file.uuid}
                name={file.filename}
                url={file.url}
                video={isVideo(file.mime_type)}
                disabled={busy}
                onPreview={() => setPreview({ open: true, file })}
                onRemove={() =>
                  void setFieldValue(
                    'kept',
                    values.kept.filter((other) => other.uuid !== file.uuid),
                  )
                }
              />
            ))}
          </ul>
        ) : (
          <p className="text-muted">No photos or videos.</p>
        )}
        <IncidentFilesPicker
          label="Add photos or videos"
          files={values.added}
          heldCount={values.kept.length}
          disabled={busy}
          onChange={(files) => void setFieldValue('added', files)}
        />
        {saving === 'edits' ? <SavingProgress percent={uploadPercent} /> : null}
        <div className="d-flex gap-2">
          <Button type="submit" color="primary" disabled={!dirty || busy}>
            Save
          </Button>
          <Button
            type="button"
            color="secondary"
            outline
            disabled={!dirty || busy}
            onClick={() => resetForm()}
          >
            Discard changes
          </Button>
        </div>
      </Form>
      <FilePreviewModal
        isOpen={preview.open}
        file={preview.file}
        onClose={() => setPreview((current) => ({ ...current, open: false }))}
      />
      <UnsavedChangesModal
        request={request}
        onSave={() => onSave(values, resetForm)}
        onDiscard={() => resetForm()}
      />
      <ErrorToast message={exportError} onDismiss={() => setExportError(null)} />
    </>
  );
}

/** Formik around the page's edits; a save starts the form again from what the server answered. */
function IncidentEditor({ incident }: { incident: Incident }) {
  const dispatch = useAppDispatch();
  const [uploadPercent, setUploadPercent] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // Read once: a status saved meanwhile must not reset the remarks and photos being edited.
  const [initialValues] = useState(() => editValuesOf(incident));

  const save: SaveEdits = async (values, resetForm) => {
    setUploadPercent(values.added.length > 0 ? 0 : null);
    const saved = await dispatch(
      saveIncidentEdits(incident.uuid, {
        actions_taken: values.actions_taken,
        keptFileUuids: values.kept.map((file) => file.uuid),
        newFiles: values.added,
        onUploadProgress: setUploadPercent,
      }),
    );
    setUploadPercent(null);
    if (!saved) return false;
    resetForm({ values: editValuesOf(saved) });
    setNotice('Success Updated');
    return true;
  };

  return (
    <Formik
      initialValues={initialValues}
      onSubmit={async (values, helpers) => {
        await save(values, helpers.resetForm);
      }}
    >
      <IncidentEditForm
        incident={incident}
        uploadPercent={uploadPercent}
        notice={notice}
        onNoticeDone={clearIfShown(setNotice)}
        onStatusSaved={() => setNotice('Success Updated')}
        onSave={save}
      />
    </Formik>
  );
}

const PAGE_TITLE = 'Incident Details';

/** /incidents-view/:uuid (spec part 2 §2). */
export function IncidentDetailsPage() {
  const { uuid = '' } = useParams();
  const dispatch = useAppDispatch();
  const loadedUuid = useAppSelector(selectIncidentUuid);
  const status = useAppSelector(selectIncidentStatus);
  const incident = useAppSelector(selectIncident);
  const error = useAppSelector(selectIncidentError);

  useEffect(() => {
    void dispatch(loadIncident(uuid));
  }, [dispatch, uuid]);

  // The store may still describe the incident of an earlier visit until this uuid is asked for.
  const current = loadedUuid === uuid;
  const shown = current && incident?.uuid === uuid ? incident : null;
  const toast = <ErrorToast message={error} onDismiss={() => dispatch(errorDismissed())} />;

  if (current && status === 'missing') {
    return (
      <section>
        <h1 className="page-title">{PAGE_TITLE}</h1>
        {backToIncidents}
        <p>{INCIDENT_NOT_FOUND}</p>
        {toast}
      </section>
    );
  }

  return (
    <section className="position-relative incident-page">
      <h1 className="page-title">{PAGE_TITLE}</h1>
      {backToIncidents}
      {shown ? <IncidentEditor key={shown.uuid} incident={shown} /> : null}
      {!shown && !(current && status === 'failed') ? (
        <LoadingOverlay text="Fetching content..." />
      ) : null}
      {toast}
    </section>
  );
}
