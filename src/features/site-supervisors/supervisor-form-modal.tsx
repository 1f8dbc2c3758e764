import type { FormikHelpers } from 'formik';
import { useEffect } from 'react';
import { Col, Row } from 'reactstrap';
import { isEmailTakenByAnother } from '../../api/admins';
import { createApiThunk } from '../../app/api-thunk';
import { schemaFromRules } from '../../app/form-rules';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { FormModal } from '../../components/form-modal';
import {
  markRefusedField,
  SelectInput,
  StatusSwitch,
  TextInput,
} from '../../components/form-fields';
import { isFieldRefusal } from '../../app/list-writes';
import { PhotoPicker } from '../../components/photo-picker';
import { SiteChecklist } from '../../components/site-checklist';
import type { SiteSupervisor, SiteSupervisorBody } from '@contract/site-supervisors';
import { EMAIL_IN_USE } from '@rules/passwords';
import { supervisorFieldErrors, type SupervisorField } from '@rules/site-supervisors';
import {
  loadCompanyOptions,
  selectCompanyOptions,
  selectCompanyOptionsLoading,
} from '../../app/options/company-options-slice';
import { ActiveOptions } from '../../components/active-options';
import { selectLockedCompanyUuid } from '../../app/session/locked-company';
import { useSiteChoices } from '../../app/options/site-choices';
import { saveSupervisor, siteSupervisorsList } from './site-supervisors-slice';

export interface SupervisorFormValues {
  security_company_uuid: string;
  name: string;
  phone: string;
  address: string;
  ic_passport_number: string;
  residence_uuid: string[];
  email: string;
  challenge: string;
  is_active: boolean;
  /** A newly chosen photo, uploaded before the save; null keeps the current one. */
  photo: File | null;
}

const FIELDS: SupervisorField[] = ['security_company_uuid', 'name', 'phone', 'email', 'challenge'];

const schemas = {
  add: schemaFromRules<SupervisorFormValues>(FIELDS, (values) =>
    supervisorFieldErrors(values, 'add'),
  ),
  edit: schemaFromRules<SupervisorFormValues>(FIELDS, (values) =>
    supervisorFieldErrors(values, 'edit'),
  ),
};

export const checkSupervisorEmail = createApiThunk(
  'siteSupervisors/emailChecked',
  ({ email, ownUuid }: { email: string; ownUuid: string }) => isEmailTakenByAnother(email, ownUuid),
);

function formValues(
  supervisor: SiteSupervisor | null,
  lockedCompany: string | null,
): SupervisorFormValues {
  const profile = supervisor?.kg_user_profiles_by_kg_user_profile_uuid;
  return {
    security_company_uuid: supervisor?.security_company_uuid ?? lockedCompany ?? '',
    name: supervisor?.supervisor_name ?? '',
    phone: profile?.phone ?? '',
    address: profile?.address ?? '',
    ic_passport_number: profile?.ic_passport_number ?? '',
    residence_uuid: supervisor?.kg_residence_supervisors.map((site) => site.residence_uuid) ?? [],
    email: supervisor?.supervisor_email ?? '',
    challenge: '',
    is_active: supervisor ? supervisor.is_active === 1 : true,
    photo: null,
  };
}

function toBody(
  values: SupervisorFormValues,
  supervisor: SiteSupervisor | null,
): SiteSupervisorBody {
  const email = values.email.trim();
  return {
    security_company_uuid: values.security_company_uuid,
    name: values.name.trim(),
    phone: values.phone.trim(),
    address: values.address.trim(),
    // A new supervisor is active (spec part 2 §9); an edit sends the switch.
    is_active: supervisor ? (values.is_active ? 1 : 0) : 1,
    ic_passport_number: values.ic_passport_number.trim(),
    residence_uuid: values.residence_uuid,
    email,
    identifier: email,
    type: 'userpass',
    ...(supervisor ? {} : { challenge: values.challenge }),
  };
}

/** The company's sites with the guard service, cleared and reloaded when the company changes. */
function SupervisorSites({
  companyUuid,
  value,
  onChange,
}: {
  companyUuid: string;
  value: string[];
  onChange: (value: string[]) => void;
}) {
  const choices = useSiteChoices(companyUuid ? { kind: 'of-company', companyUuid } : null);
  return (
    <SiteChecklist
      legend="Site"
      sites={choices.sites}
      loading={choices.loading}
      loadError={choices.error}
      emptyText={
        companyUuid
          ? 'This company has no sites with the guard service.'
          : 'Choose a company first.'
      }
      value={value}
      onChange={onChange}
    />
  );
}

export interface SupervisorFormModalProps {
  isOpen: boolean;
  supervisor: SiteSupervisor | null;
  onClose: () => void;
  onSaved: () => void;
}

/** The large Add and Edit Site Supervisor forms: the photo is uploaded first, then the save runs. */
export function SupervisorFormModal({
  isOpen,
  supervisor,
  onClose,
  onSaved,
}: SupervisorFormModalProps) {
  const dispatch = useAppDispatch();
  const loadingType = useAppSelector(siteSupervisorsList.selectors.selectLoadingType);
  const saving = loadingType === 'add' || loadingType === 'update';
  const companies = useAppSelector(selectCompanyOptions);
  const companiesLoading = useAppSelector(selectCompanyOptionsLoading);
  // A company's own staff manage only their company's supervisors.
  const lockedCompany = useAppSelector(selectLockedCompanyUuid);
  const adding = supervisor === null;

  useEffect(() => {
    if (isOpen) void dispatch(loadCompanyOptions());
  }, [isOpen, dispatch]);

  async function submit(
    values: SupervisorFormValues,
    helpers: FormikHelpers<SupervisorFormValues>,
  ) {
    helpers.setStatus(null);
    const check = await dispatch(
      checkSupervisorEmail({
        email: values.email.trim(),
        ownUuid: supervisor?.kg_user_profile_uuid ?? '',
      }),
    );
    if (checkSupervisorEmail.rejected.match(check)) {
      helpers.setStatus(check.payload ?? check.error.message);
      return;
    }
    if (check.payload) {
      helpers.setFieldError('email', EMAIL_IN_USE);
      return;
    }
    const outcome = await dispatch(
      saveSupervisor(supervisor?.uuid ?? null, toBody(values, supervisor), values.photo),
    );
    if (outcome === 'saved') onSaved();
    else if (isFieldRefusal(outcome)) markRefusedField(helpers, values, outcome);
  }

  return (
    <FormModal
      isOpen={isOpen}
      title={adding ? 'Add Site Supervisor' : 'Edit Site Supervisor'}
      size="xl"
      saving={saving}
      busyText={
        adding
          ? "Adding new site supervisor. Please don't close this window."
          : "Currently updating. Please don't close this window."
      }
      onClose={onClose}
      initialValues={formValues(supervisor, lockedCompany)}
      validationSchema={adding ? schemas.add : schemas.edit}
      onSubmit={submit}
    >
      {({ values, setFieldValue }) => (
        <Row>
          <Col lg={4}>
            <PhotoPicker
              label="Photo"
              value={values.photo}
              currentUrl={supervisor?.kg_user_profiles_by_kg_user_profile_uuid.photo_url}
              disabled={saving}
              onChange={(file) => void setFieldValue('photo', file)}
            />
          </Col>
          <Col lg={8}>
            <SelectInput
              name="security_company_uuid"
              label="Security Company"
              disabled={lockedCompany !== null}
              // The sites belong to the company: a new company starts with none chosen.
              onValueChange={() => void setFieldValue('residence_uuid', [])}
            >
              <option value="">
                {companiesLoading ? 'Loading companies...' : 'Select a security company'}
              </option>
              <ActiveOptions field="security_company_uuid" choices={companies} />
            </SelectInput>
            <TextInput name="name" label="Name" />
            <Row>
              <Col md={6}>
                <TextInput
                  name="phone"
                  label="Phone"
                  type="tel"
                  onlyDigits
                  hint="Digits only, starting with 60"
                />
              </Col>
              <Col md={6}>
                <TextInput name="ic_passport_number" label="IC/Passport No." />
              </Col>
            </Row>
            <TextInput name="address" label="Address" />
            <Row>
              <Col md={6}>
                <TextInput name="email" label="Email" type="email" autoComplete="off" />
              </Col>
              {adding ? (
                <Col md={6}>
                  <TextInput
                    name="challenge"
                    label="Password"
                    type="password"
                    autoComplete="new-password"
                  />
                </Col>
              ) : null}
            </Row>
            {adding ? null : <StatusSwitch name="is_active" />}
            <SupervisorSites
              companyUuid={values.security_company_uuid}
              value={values.residence_uuid}
              onChange={(next) => void setFieldValue('residence_uuid', next)}
            />
          </Col>
        </Row>
      )}
    </FormModal>
  );
}
