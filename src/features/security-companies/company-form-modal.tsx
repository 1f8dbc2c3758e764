import type { FormikHelpers } from 'formik';
import { useEffect, useRef, useState } from 'react';
import { Col, Row } from 'reactstrap';
import { isEmailInUse } from '../../api/admins';
import { createApiThunk } from '../../app/api-thunk';
import { schemaFromRules } from '../../app/form-rules';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ConfirmModal } from '../../components/confirm-modal';
import { DateField } from '../../components/date-field';
import { FormModal } from '../../components/form-modal';
import { markRefusedField, StatusSwitch, TextInput } from '../../components/form-fields';
import { isFieldRefusal } from '../../app/list-writes';
import { SiteChecklist } from '../../components/site-checklist';
import { SiteMoveSummary } from '../../components/site-move-summary';
import type { SecurityCompany, SecurityCompanyBody } from '@contract/security-companies';
import type { SiteMove } from '@contract/sites';
import { EMAIL_IN_USE } from '@rules/passwords';
import { companyFieldErrors, type CompanyField } from '@rules/security-companies';
import { apiDateToForm, formDateToApi } from '../../lib/dates';
import { siteMoveWords, sitesGivenUpTitle, type SiteMoveWords } from '../../lib/site-move-words';
import { useSiteChoices } from '../../app/options/site-choices';
import { checkSitesGivenUp, companiesList, saveCompany } from './companies-slice';

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

/** A site the form gives up that is still the company's, and what its move to no company ends. */
interface GivenUpSite {
  uuid: string;
  name: string;
  words: SiteMoveWords;
}

/** A save waiting for the superadmin to confirm what giving up its sites ends. */
interface PendingGiveUp {
  values: CompanyFormValues;
  helpers: FormikHelpers<CompanyFormValues>;
  sites: GivenUpSite[];
}

const endsSomething = ({ ends }: SiteMove) => Object.values(ends).some((count) => count > 0);
const carriesRecords = ({ records }: SiteMove) => Object.values(records).some((count) => count > 0);

function GiveUpBody({ sites }: { sites: readonly GivenUpSite[] }) {
  return (
    <>
      {sites.map((site, index) => (
        <section key={site.uuid} className={index < sites.length - 1 ? 'mb-3' : undefined}>
          <h3 className="h6">{site.name}</h3>
          <SiteMoveSummary words={site.words} />
        </section>
      ))}
    </>
  );
}

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

  // The last confirmation asked for, kept after it closes so the closing fade still shows it.
  const [pendingGiveUp, setPendingGiveUp] = useState<PendingGiveUp | null>(null);
  const [giveUpStep, setGiveUpStep] = useState<'closed' | 'asking' | 'saving'>('closed');
  // The previews while they load: closing the form drops them.
  const giveUpCheck = useRef<{ abort: () => void } | null>(null);

  useEffect(() => {
    if (!isOpen) return;
    return () => {
      giveUpCheck.current?.abort();
      giveUpCheck.current = null;
      setGiveUpStep('closed');
    };
  }, [isOpen]);

  async function save(values: CompanyFormValues, helpers: FormikHelpers<CompanyFormValues>) {
    const outcome = await dispatch(saveCompany(company?.uuid ?? null, toBody(values, adding)));
    // A refused save returns to the form as it was: at its field, or in the toast.
    setGiveUpStep('closed');
    if (outcome === 'saved') onSaved();
    else if (isFieldRefusal(outcome)) markRefusedField(helpers, values, outcome);
  }

  /**
   * The save gives the company exactly the sites listed: each site it had and the form leaves out
   * goes to no company, ending its guards', supervisors', kiosks' and open shifts' ties there
   * (issue 35). When any of them ends something or has records, the superadmin sees it per site
   * and confirms first. A preview that fails is shown in the form, and nothing is saved. Sites
   * added are free ones (the checklist offers no other), so nothing of theirs ends.
   */
  async function submit(values: CompanyFormValues, helpers: FormikHelpers<CompanyFormValues>) {
    if (giveUpCheck.current) return;
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
    const givenUp = (company?.residences ?? []).filter(
      (site) => !values.residence_uuid.includes(site.uuid),
    );
    if (givenUp.length > 0) {
      const check = dispatch(checkSitesGivenUp(givenUp.map((site) => site.uuid)));
      giveUpCheck.current = check;
      const answer = await check;
      // The form closed while the previews loaded.
      if (giveUpCheck.current !== check) return;
      giveUpCheck.current = null;
      if (checkSitesGivenUp.rejected.match(answer)) {
        helpers.setStatus(answer.payload ?? answer.error.message);
        return;
      }
      // A site that is no longer the company's (moved meanwhile) is not given up by this save.
      const moving = givenUp.flatMap((site, index) => {
        const move = answer.payload[index];
        return move?.moves ? [{ ...site, move }] : [];
      });
      if (moving.some(({ move }) => endsSomething(move) || carriesRecords(move))) {
        setPendingGiveUp({
          values,
          helpers,
          sites: moving.map(({ uuid, name, move }) => ({
            uuid,
            name,
            words: siteMoveWords(name, move),
          })),
        });
        setGiveUpStep('asking');
        return;
      }
    }
    await save(values, helpers);
  }

  const giveUpEnds = pendingGiveUp?.sites.some((site) => site.words.ends.length > 0) ?? false;

  return (
    <>
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
      {/* Beside the form, not inside it: keys and clicks in one dialog must not reach the other. */}
      <ConfirmModal
        isOpen={isOpen && giveUpStep !== 'closed'}
        title={pendingGiveUp ? sitesGivenUpTitle(pendingGiveUp.sites.map((site) => site.name)) : ''}
        body={pendingGiveUp ? <GiveUpBody sites={pendingGiveUp.sites} /> : null}
        confirmLabel="Save and give up sites"
        confirmColor={giveUpEnds ? 'danger' : 'primary'}
        busy={giveUpStep === 'saving'}
        busyText="Currently updating. Please don't close this window."
        onConfirm={() => {
          if (!pendingGiveUp) return;
          setGiveUpStep('saving');
          void save(pendingGiveUp.values, pendingGiveUp.helpers);
        }}
        onCancel={() => setGiveUpStep('closed')}
      />
    </>
  );
}
