import { useEffect, useId, useMemo, useState, type ComponentProps, type ReactNode } from 'react';
import { Form, Formik, useField, useFormikContext } from 'formik';
import {
  Alert,
  Button,
  Col,
  FormFeedback,
  FormGroup,
  Input,
  Label,
  ModalBody,
  ModalFooter,
  Progress,
  Row,
} from 'reactstrap';
import { DateField } from '../../components/date-field';
import { Dialog } from '../../components/dialog';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { IncidentFilesPicker } from './incident-files';
import {
  emptyIncidentForm,
  formToAddBody,
  incidentFormSchema,
  nowForInput,
  todayForInput,
  type IncidentFormValues,
} from './incident-form-schema';
import {
  loadIncidentOptions,
  selectCategoryOptions,
  selectOptionsError,
  selectOptionsLoading,
  selectSiteOptions,
} from './incident-options-slice';
import { addIncident, incidentsSelectors } from './incidents-slice';

type TextFieldName = Exclude<keyof IncidentFormValues, 'files'>;

/** A labelled input bound to Formik, with its message once the field was touched. */
function Field({
  name,
  label,
  children,
  ...inputProps
}: { name: TextFieldName; label: string; children?: ReactNode } & Omit<
  ComponentProps<typeof Input>,
  'name' | 'id'
>) {
  const id = useId();
  const [field, meta] = useField<string>(name);
  const problem = meta.touched ? meta.error : undefined;
  return (
    <FormGroup>
      <Label for={id}>{label}</Label>
      <Input id={id} {...inputProps} {...field} invalid={problem !== undefined}>
        {children}
      </Input>
      {problem ? <FormFeedback>{problem}</FormFeedback> : null}
    </FormGroup>
  );
}

/** Date not later than today, time not later than now: the calendar and the time input say so too. */
function WhenFields() {
  const { values } = useFormikContext<IncidentFormValues>();
  const today = todayForInput();
  return (
    <Row>
      <Col md={6}>
        <DateField name="incident_date" label="Incident Date" notAfterToday />
      </Col>
      <Col md={6}>
        <Field
          name="incident_time"
          label="Incident Time"
          type="time"
          max={values.incident_date === today ? nowForInput() : undefined}
        />
      </Col>
    </Row>
  );
}

/** Site and Category, loaded each time the form opens. */
function OptionFields() {
  const dispatch = useAppDispatch();
  const sites = useAppSelector(selectSiteOptions);
  const categories = useAppSelector(selectCategoryOptions);
  const loading = useAppSelector(selectOptionsLoading);
  const error = useAppSelector(selectOptionsError);

  useEffect(() => {
    void dispatch(loadIncidentOptions());
  }, [dispatch]);

  const placeholder = (what: string) => (loading ? 'Loading...' : `Select a ${what}`);
  return (
    <>
      {error ? (
        <Alert color="danger" fade={false}>
          The sites and categories could not be loaded: {error}
        </Alert>
      ) : null}
      <Row>
        <Col md={6}>
          <Field name="residence_uuid" label="Site" type="select">
            <option value="">{placeholder('site')}</option>
            {sites.map((site) => (
              <option key={site.uuid} value={site.uuid}>
                {site.name}
              </option>
            ))}
          </Field>
        </Col>
        <Col md={6}>
          <Field name="category_uuid" label="Category" type="select">
            <option value="">{placeholder('category')}</option>
            {categories.map((category) => (
              <option key={category.uuid} value={category.uuid}>
                {category.name}
              </option>
            ))}
          </Field>
        </Col>
      </Row>
    </>
  );
}

function FilesField({ disabled }: { disabled: boolean }) {
  const { values, setFieldValue } = useFormikContext<IncidentFormValues>();
  return (
    <IncidentFilesPicker
      label="Photos and videos"
      files={values.files}
      disabled={disabled}
      onChange={(files) => void setFieldValue('files', files)}
    />
  );
}

/** While the files upload and the incident is added: the modal is locked and says why. */
function SavingStatus({ uploadPercent }: { uploadPercent: number | null }) {
  const labelId = useId();
  return (
    <div className="mt-2">
      <div role="status" className="d-flex align-items-center gap-2 mb-2">
        <span className="spinner-border spinner-border-sm" aria-hidden="true" />
        <span>Adding new incident. Please don&apos;t close this window.</span>
      </div>
      {uploadPercent !== null ? (
        <>
          <div id={labelId} className="small text-muted mb-1">
            Uploading files
          </div>
          <Progress value={uploadPercent} barAriaLabelledBy={labelId}>
            {uploadPercent}%
          </Progress>
        </>
      ) : null}
    </div>
  );
}

export interface AddIncidentModalProps {
  isOpen: boolean;
  /** Chosen beforehand when adding from a site's Incidents tab. */
  residenceUuid?: string;
  onClose: () => void;
  onAdded: () => void;
}

/**
 * Add Incident (spec part 2 §2, §5): the files are uploaded first, with their progress, then the
 * incident is added with their uuids. A failed save keeps everything typed and chosen; its reason
 * shows in the list's error toast.
 */
export function AddIncidentModal({
  isOpen,
  residenceUuid,
  onClose,
  onAdded,
}: AddIncidentModalProps) {
  const dispatch = useAppDispatch();
  const saving = useAppSelector(incidentsSelectors.selectLoadingType) === 'add';
  const [uploadPercent, setUploadPercent] = useState<number | null>(null);
  const schema = useMemo(() => incidentFormSchema(), []);
  // While saving the modal cannot be left: no close button, no Escape, and Cancel is hidden.
  const close = saving ? undefined : onClose;

  async function submit(values: IncidentFormValues) {
    setUploadPercent(values.files.length > 0 ? 0 : null);
    const added = await dispatch(
      addIncident({
        body: formToAddBody(values),
        files: values.files,
        onUploadProgress: setUploadPercent,
      }),
    );
    setUploadPercent(null);
    if (added) onAdded();
  }

  return (
    // The backdrop never closes it, so a stray click does not throw away what was typed.
    <Dialog
      isOpen={isOpen}
      title="Add Incident"
      toggle={close}
      size="lg"
      centered
      backdrop="static"
      keyboard={!saving}
    >
      <Formik
        initialValues={emptyIncidentForm(residenceUuid)}
        validationSchema={schema}
        onSubmit={submit}
      >
        <Form noValidate aria-label="Add Incident">
          <ModalBody>
            <fieldset disabled={saving}>
              <WhenFields />
              <OptionFields />
              <Row>
                <Col md={6}>
                  <Field name="lat" label="Lat" inputMode="decimal" placeholder="e.g. 3.139003" />
                </Col>
                <Col md={6}>
                  <Field
                    name="lng"
                    label="Long"
                    inputMode="decimal"
                    placeholder="e.g. 101.686855"
                  />
                </Col>
              </Row>
              <Field name="description" label="Description" type="textarea" rows={3} />
              <Field name="actions_taken" label="Remarks" type="textarea" rows={2} />
            </fieldset>
            <FilesField disabled={saving} />
            {saving ? <SavingStatus uploadPercent={uploadPercent} /> : null}
          </ModalBody>
          <ModalFooter>
            {saving ? null : (
              <Button type="button" color="secondary" outline onClick={onClose}>
                Cancel
              </Button>
            )}
            <Button type="submit" color="primary" disabled={saving}>
              Submit
            </Button>
          </ModalFooter>
        </Form>
      </Formik>
    </Dialog>
  );
}
