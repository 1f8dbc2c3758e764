import type { FormikHelpers } from 'formik';
import { Col, Row } from 'reactstrap';
import { isEmailInUse } from '../../api/admins';
import { createApiThunk } from '../../app/api-thunk';
import { schemaFromRules } from '../../app/form-rules';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { DateField } from '../../components/date-field';
import { FormModal } from '../../components/form-modal';
import { markRefusedField, StatusSwitch, TextInput } from '../../components/form-fields';
import { isFieldRefusal } from '../../app/list-writes';
import { SiteChecklist } from '../../components/site-checklist';
import type { SecurityCompany, SecurityCompanyBody } from '@contract/security-companies';
import { EMAIL_IN_USE } from '@rules/passwords';
import { companyFieldErrors, type CompanyField } from '@rules/security-companies';
import { apiDateToForm, formDateToApi } from '../../lib/dates';
import { useSiteChoices } from '../sites/site-choices';
import { companiesList, saveCompany } from './companies-slice';

export interface CompanyFormValues {
  name: string;
  brn: string;
  license_number: string;
  /** 'DD/MM/YYYY' as the date field writes it, or ''. */
  license_expiry_date: string;
  address: string;
  lat: string;
  lng: string;
  is_active: boolean;
  residence_uuid: string[];
  email: string;
  challenge: string;
}

const FIELDS: CompanyField[] = [
  'name',
  'brn',
  'license_number',
  'license_expiry_date',
  'address',
  'lat',
  'lng',
  'email',
  'challenge',
];

/** The API's date for a typed one; text that is no date stays as typed, for the rule to refuse. */
function expiryForApi(typed: string | undefined): string {
  // Formik hands the rules a blank field as undefined.
  const text = typed?.trim() ?? '';
  return text === '' ? '' : (formDateToApi(text) ?? text);
}

/** The shared rules judge the company as the API will receive it. */
function fieldErrors(values: CompanyFormValues, mode: 'add' | 'edit') {
  return companyFieldErrors(
    { ...values, license_expiry_date: expiryForApi(values.license_expiry_date) },
    mode,
  );
}

const schemas = {
  add: schemaFromRules<CompanyFormValues>(FIELDS, (values) => fieldErrors(values, 'add')),
  edit: schemaFromRules<CompanyFormValues>(FIELDS, (values) => fieldErrors(values, 'edit')),
};

function formValues(company: SecurityCompany | null): CompanyFormValues {
  return {
    name: company?.name ?? '',
    brn: company?.brn ?? '',
    license_number: company?.license_number ?? '',
    license_expiry_date: apiDateToForm(company?.license_expiry_date),
    address: company?.address ?? '',
    lat: company?.lat === null || company?.lat === undefined ? '' : String(company.lat),
    lng: company?.lng === null || company?.lng === undefined ? '' : String(company.lng),
    is_active: company ? company.is_active === 1 : true,
    residence_uuid: company?.residences.map((site) => site.uuid) ?? [],
    email: company?.email ?? '',
    challenge: '',
  };
}

function toBody(values: CompanyFormValues, adding: boolean): SecurityCompanyBody {
  const email = values.email.trim();
  return {
    name: values.name.trim(),
    brn: values.brn.trim(),
    license_number: values.license_number.trim(),
    license_expiry_date: expiryForApi(values.license_expiry_date) || null,
    address: values.address.trim(),
    lat: values.lat.trim() || null,
    lng: values.lng.trim() || null,
    is_active: values.is_active ? 1 : 0,
    residence_uuid: values.residence_uuid,
    ...(adding ? { email, identifier: email, challenge: values.challenge, type: 'userpass' } : {}),
  };
}

export const checkCompanyEmail = createApiThunk('companies/emailChecked', isEmailInUse);

export interface CompanyFormModalProps {
  isOpen: boolean;
  /** The company to edit; null adds one. */
  company: SecurityCompany | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Add and Edit Security Company: the company, its sites and (on add) its login. */
export function CompanyFormModal({ isOpen, company, onClose, onSaved }: CompanyFormModalProps) {
  const dispatch = useAppDispatch();
  const loadingType = useAppSelector(companiesList.selectors.selectLoadingType);
  const saving = loadingType === 'add' || loadingType === 'update';
  const adding = company === null;
  const choices = useSiteChoices(
    isOpen ? { kind: 'assignable', companyUuid: company?.uuid ?? null } : null,
  );
  // A site the company has whose guard service is off still shows, so a save does not drop it.
  const sites = [
    ...choices.sites,
    ...(company?.residences ?? []).filter(
      (own) => !choices.sites.some((site) => site.uuid === own.uuid),
    ),
  ];

  async function submit(values: CompanyFormValues, helpers: FormikHelpers<CompanyFormValues>) {
    helpers.setStatus(null);
    if (adding) {
      const check = await dispatch(checkCompanyEmail(values.email.trim()));
      if (checkCompanyEmail.rejected.match(check)) {
        helpers.setStatus(check.payload ?? check.error.message);
        return;
      }
      if (check.payload) {
        helpers.setFieldError('email', EMAIL_IN_USE);
        return;
      }
    }
    const outcome = await dispatch(saveCompany(company?.uuid ?? null, toBody(values, adding)));
    if (outcome === 'saved') onSaved();
    else if (isFieldRefusal(outcome)) markRefusedField(helpers, values, outcome);
  }

  return (
    <FormModal
      isOpen={isOpen}
      title={adding ? 'Add Security Company' : 'Edit Security Company'}
      saving={saving}
      busyText={
        adding
          ? "Adding new security company. Please don't close this window."
          : "Currently updating. Please don't close this window."
      }
      onClose={onClose}
      initialValues={formValues(company)}
      validationSchema={adding ? schemas.add : schemas.edit}
      onSubmit={submit}
    >
      {({ values, errors, setFieldValue }) => (
        <>
          <TextInput name="name" label="Name" />
          <Row>
            <Col md={6}>
              <TextInput name="brn" label="BRN" />
            </Col>
            <Col md={6}>
              <TextInput name="license_number" label="License No." />
            </Col>
          </Row>
          <DateField name="license_expiry_date" label="License Expiry Date" />
          <TextInput name="address" label="Address" />
          <Row>
            <Col md={6}>
              <TextInput name="lat" label="Latitude (optional)" inputMode="decimal" />
            </Col>
            <Col md={6}>
              <TextInput name="lng" label="Longitude (optional)" inputMode="decimal" />
            </Col>
          </Row>
          <StatusSwitch name="is_active" />
          <SiteChecklist
            legend="Site"
            sites={sites}
            loading={choices.loading}
            loadError={choices.error}
            emptyText="No site with the guard service is free to give this company."
            value={values.residence_uuid}
            onChange={(next) => void setFieldValue('residence_uuid', next)}
            error={typeof errors.residence_uuid === 'string' ? errors.residence_uuid : null}
          />
          <fieldset>
            <legend className="form-label fs-6">Login</legend>
            <TextInput
              name="email"
              label="Email"
              type="email"
              disabled={!adding}
              autoComplete="off"
            />
            {adding ? (
              <TextInput
                name="challenge"
                label="Password"
                type="password"
                autoComplete="new-password"
              />
            ) : null}
          </fieldset>
        </>
      )}
    </FormModal>
  );
}
