import { useEffect, useId, useState, type ComponentProps } from 'react';
import { Form, Formik, useField, useFormikContext, type FormikHelpers } from 'formik';
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
  Row,
  Spinner,
} from 'reactstrap';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { GuardSiteLink } from '@contract/guards';
import { DateField } from '../../components/date-field';
import { PhotoPicker } from '../../components/photo-picker';
import { refusedFieldState } from '../../components/form-fields';
import type { FieldRefusal } from '../../api/client';
import { GUARD_MESSAGES } from '@rules/guards';
import { loadCompanyOptions, selectCompanyOptions } from '../../app/options/company-options-slice';
import { ActiveOptions } from '../../components/active-options';
import { guardFormSchema, type GuardFormMode, type GuardFormValues } from './guard-form-schema';
import {
  loadSiteOptions,
  selectSiteOptions,
  selectSitesCompanyUuid,
  selectSitesLoading,
} from './guard-options-slice';
import { SERVICE_OFF_MARK } from './guard-columns';
import { checkEmailInUse } from './guards-slice';
import { selectOwnSiteUuids } from '../../app/session/locked-company';

type TextFieldProps = {
  name: Exclude<keyof GuardFormValues, 'residence_uuids' | 'photo'>;
  label: string;
} & Omit<ComponentProps<typeof Input>, 'name' | 'id'>;

function TextField({ name, label, ...inputProps }: TextFieldProps) {
  const id = useId();
  const problemId = useId();
  const [field, meta] = useField<string>(name);
  const invalid = meta.touched && Boolean(meta.error);
  return (
    <FormGroup>
      <Label for={id}>{label}</Label>
      <Input
        id={id}
        {...inputProps}
        {...field}
        invalid={invalid}
        aria-describedby={invalid ? problemId : undefined}
      />
      {invalid ? <FormFeedback id={problemId}>{meta.error}</FormFeedback> : null}
    </FormGroup>
  );
}

/** Choosing another company empties the chosen sites: they belong to the old company. */
function CompanyField({ locked }: { locked: boolean }) {
  const id = useId();
  const companies = useAppSelector(selectCompanyOptions);
  const { setFieldValue } = useFormikContext<GuardFormValues>();
  const [field, meta] = useField<string>('security_company_uuid');
  const invalid = meta.touched && Boolean(meta.error);
  return (
    <FormGroup>
      <Label for={id}>Company</Label>
      <Input
        id={id}
        type="select"
        {...field}
        disabled={locked}
        invalid={invalid}
        onChange={(event) => {
          void setFieldValue('security_company_uuid', event.target.value);
          void setFieldValue('residence_uuids', []);
        }}
      >
        <option value="">Select a company</option>
        <ActiveOptions field="security_company_uuid" choices={companies} />
      </Input>
      {invalid ? <FormFeedback>{meta.error}</FormFeedback> : null}
    </FormGroup>
  );
}

/** An edited guard's site links, with the company they belong to. */
export interface LinkedSites {
  companyUuid: string;
  sites: readonly GuardSiteLink[];
}

/**
 * Why a linked site is not among the offered ones. Another supervisor's site cannot be changed
 * here (the server keeps that link whatever is sent), so its box is disabled.
 */
function linkNote(site: GuardSiteLink, ownSiteUuids: readonly string[] | null) {
  if (ownSiteUuids !== null && !ownSiteUuids.includes(site.residence_uuid)) {
    return { text: '(not one of your sites)', locked: true };
  }
  const text = site.residence_kipleguard_enabled === 1 ? null : SERVICE_OFF_MARK;
  return { text, locked: false };
}

/**
 * The sites of the chosen company, reloaded whenever the company changes. On edit, the guard's
 * other links (a site whose guard service is off, another supervisor's site) show too, ticked, so
 * the form sends no link the user cannot see.
 */
function SitesField({ linked }: { linked: LinkedSites | null }) {
  const dispatch = useAppDispatch();
  const { values, setFieldValue, submitCount } = useFormikContext<GuardFormValues>();
  const [, meta] = useField<string[]>('residence_uuids');
  const company = values.security_company_uuid;
  const sites = useAppSelector(selectSiteOptions);
  const sitesCompany = useAppSelector(selectSitesCompanyUuid);
  const loading = useAppSelector(selectSitesLoading);
  const ownSiteUuids = useAppSelector(selectOwnSiteUuids);
  const idPrefix = useId();

  useEffect(() => {
    if (company) void dispatch(loadSiteOptions(company));
  }, [company, dispatch]);

  function toggle(siteUuid: string, chosen: boolean) {
    const others = values.residence_uuids.filter((uuid) => uuid !== siteUuid);
    void setFieldValue('residence_uuids', chosen ? [...others, siteUuid] : others);
  }

  const current = Boolean(company) && sitesCompany === company;
  const shown = current ? sites : [];
  const unoffered =
    current && !loading && linked?.companyUuid === company
      ? linked.sites.filter((link) => !shown.some((site) => site.uuid === link.residence_uuid))
      : [];
  const error = (meta.touched || submitCount > 0) && meta.error ? meta.error : null;
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6 mb-2">Site</legend>
      {loading ? <Spinner size="sm" aria-label="Loading sites" /> : null}
      {!loading && shown.length === 0 ? (
        <p className="text-muted small mb-0">
          {company
            ? 'This company has no sites with the guard service.'
            : 'Choose a company first.'}
        </p>
      ) : null}
      <div className="guard-site-options">
        {shown.map((site) => (
          <FormGroup check key={site.uuid}>
            <Input
              id={`${idPrefix}-${site.uuid}`}
              type="checkbox"
              checked={values.residence_uuids.includes(site.uuid)}
              onChange={(event) => toggle(site.uuid, event.target.checked)}
            />
            <Label check for={`${idPrefix}-${site.uuid}`}>
              {site.name}
            </Label>
          </FormGroup>
        ))}
        {unoffered.map((site) => {
          const note = linkNote(site, ownSiteUuids);
          const id = `${idPrefix}-${site.residence_uuid}`;
          return (
            <FormGroup check key={site.residence_uuid}>
              <Input
                id={id}
                type="checkbox"
                checked={values.residence_uuids.includes(site.residence_uuid)}
                disabled={note.locked}
                onChange={(event) => toggle(site.residence_uuid, event.target.checked)}
              />
              <Label check for={id}>
                {site.residence_name}
                {note.text ? (
                  <>
                    {' '}
                    <span className="text-muted small">{note.text}</span>
                  </>
                ) : null}
              </Label>
            </FormGroup>
          );
        })}
      </div>
      {error ? <FormFeedback className="d-block">{error}</FormFeedback> : null}
    </fieldset>
  );
}

/** The chosen photo lives in Formik; a refusal of its upload shows until another is chosen. */
function PhotoField({
  currentUrl,
  uploadRefusal,
}: {
  currentUrl: string | null;
  uploadRefusal: string | null;
}) {
  const { values, setFieldValue } = useFormikContext<GuardFormValues>();
  const [refusal, setRefusal] = useState(uploadRefusal);
  return (
    <PhotoPicker
      label="Photo"
      value={values.photo}
      currentUrl={currentUrl}
      error={refusal}
      onChange={(file) => {
        setRefusal(null);
        void setFieldValue('photo', file);
      }}
    />
  );
}

export interface GuardFormProps {
  mode: GuardFormMode;
  initialValues: GuardFormValues;
  /** A company user may only manage its own company's guards. */
  companyLocked: boolean;
  currentPhotoUrl?: string | null;
  /** Why the server refused the photo at the last save, shown under the Photo field. */
  photoError?: string | null;
  /** The field the server refused at the last save (Guard ID in use), marked at that field. */
  refusal?: FieldRefusal | null;
  /** Edit: the guard's site links, shown even where the Site list does not offer them. */
  linkedSites?: LinkedSites | null;
  /** Called with values that passed every check, the duplicate email included. */
  onSave: (values: GuardFormValues) => void;
  onCancel: () => void;
}

/** The fields of the Add Guard and Edit Guard modals, with the modal's body and footer. */
export function GuardForm({
  mode,
  initialValues,
  companyLocked,
  currentPhotoUrl = null,
  photoError = null,
  refusal = null,
  linkedSites = null,
  onSave,
  onCancel,
}: GuardFormProps) {
  const dispatch = useAppDispatch();
  const ownSiteUuids = useAppSelector(selectOwnSiteUuids);

  useEffect(() => {
    void dispatch(loadCompanyOptions());
  }, [dispatch]);

  async function submit(values: GuardFormValues, helpers: FormikHelpers<GuardFormValues>) {
    helpers.setStatus(null);
    const email = values.email.trim();
    if (email) {
      const check = await dispatch(checkEmailInUse(email));
      if (checkEmailInUse.rejected.match(check)) {
        helpers.setStatus(check.payload ?? check.error.message);
        return;
      }
      if (check.payload) {
        helpers.setFieldError('email', GUARD_MESSAGES.emailInUse);
        return;
      }
    }
    onSave(values);
  }

  return (
    <Formik
      initialValues={initialValues}
      {...refusedFieldState(initialValues, refusal)}
      validationSchema={guardFormSchema(mode, ownSiteUuids)}
      onSubmit={submit}
    >
      {({ isSubmitting, status }) => (
        <Form noValidate aria-label={mode === 'add' ? 'Add Guard' : 'Edit Guard'}>
          <ModalBody>
            {typeof status === 'string' ? (
              <Alert color="danger" fade={false}>
                {status}
              </Alert>
            ) : null}
            <PhotoField currentUrl={currentPhotoUrl} uploadRefusal={photoError} />
            <CompanyField locked={companyLocked} />
            <SitesField linked={linkedSites} />
            <Row>
              <Col md={6}>
                <TextField name="guard_id" label="Guard ID" />
              </Col>
              <Col md={6}>
                <TextField name="name" label="Name" />
              </Col>
              <Col md={6}>
                <TextField name="nationality" label="Nationality" />
              </Col>
              <Col md={6}>
                <TextField name="contact_number" label="Contact No." inputMode="numeric" />
              </Col>
              <Col md={6}>
                <TextField name="ic_passport_number" label="IC/Passport No." />
              </Col>
              <Col md={6}>
                <DateField name="birthdate" label="Birthdate" notAfterToday />
              </Col>
            </Row>
            <TextField name="email" label="Email" type="email" placeholder="Optional" />
            <TextField name="address" label="Address" type="textarea" rows={2} />
          </ModalBody>
          <ModalFooter>
            <Button type="button" color="secondary" outline onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" color="primary" disabled={isSubmitting}>
              Submit
            </Button>
          </ModalFooter>
        </Form>
      )}
    </Formik>
  );
}
