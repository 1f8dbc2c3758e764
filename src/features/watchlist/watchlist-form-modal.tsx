import type { FormikHelpers } from 'formik';
import { useEffect } from 'react';
import { Col, Row } from 'reactstrap';
import { schemaFromRules } from '../../app/form-rules';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { isFieldRefusal } from '../../app/list-writes';
import { markRefusedField, SelectInput, TextInput } from '../../components/form-fields';
import { FormModal } from '../../components/form-modal';
import type { WatchlistBody, WatchlistEntry } from '@contract/watchlist';
import { watchlistFieldErrors, type WatchlistFormField } from '@rules/watchlist';
import { selectLockedCompanyUuid } from '../../app/session/locked-company';
import { ActiveOptions } from '../../components/active-options';
import {
  loadCompanyOptions,
  selectCompanyOptions,
  selectCompanyOptionsLoading,
} from '../../app/options/company-options-slice';
import { useSiteChoices } from '../../app/options/site-choices';
import { saveWatchlistEntry, watchlistList } from './watchlist-slice';

export interface WatchlistFormValues {
  security_company_uuid: string;
  /** '' for every site of the company. */
  residence_uuid: string;
  name: string;
  ic_passport_number: string;
  car_plate_number: string;
  phone_number: string;
  reason: string;
}

const COMPANY_REQUIRED = 'Choose the security company.';

const schema = schemaFromRules<WatchlistFormValues>(
  ['security_company_uuid', 'name', 'reason'],
  (values): Partial<Record<WatchlistFormField | 'security_company_uuid', string>> => ({
    ...watchlistFieldErrors(values),
    ...(values.security_company_uuid ? {} : { security_company_uuid: COMPANY_REQUIRED }),
  }),
);

function formValues(
  entry: WatchlistEntry | null,
  lockedCompany: string | null,
): WatchlistFormValues {
  return {
    security_company_uuid: entry?.security_company_uuid ?? lockedCompany ?? '',
    residence_uuid: entry?.residence_uuid ?? '',
    name: entry?.name ?? '',
    ic_passport_number: entry?.ic_passport_number ?? '',
    car_plate_number: entry?.car_plate_number ?? '',
    phone_number: entry?.phone_number ?? '',
    reason: entry?.reason ?? '',
  };
}

function toBody(values: WatchlistFormValues): WatchlistBody {
  return {
    security_company_uuid: values.security_company_uuid,
    residence_uuid: values.residence_uuid || null,
    name: values.name.trim(),
    ic_passport_number: values.ic_passport_number.trim(),
    car_plate_number: values.car_plate_number.trim(),
    phone_number: values.phone_number.trim(),
    reason: values.reason.trim(),
  };
}

/** The company's sites, or all of them; reloaded when the company changes. */
function SiteSelect({ companyUuid }: { companyUuid: string }) {
  const choices = useSiteChoices(companyUuid ? { kind: 'of-company', companyUuid } : null);
  return (
    <SelectInput name="residence_uuid" label="Site">
      <option value="">{choices.loading ? 'Loading sites...' : 'All sites of the company'}</option>
      {choices.sites.map((site) => (
        <option key={site.uuid} value={site.uuid}>
          {site.name}
        </option>
      ))}
    </SelectInput>
  );
}

export interface WatchlistFormModalProps {
  isOpen: boolean;
  entry: WatchlistEntry | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Add and Edit Watchlist Entry: who (any of four fields), where, and why. */
export function WatchlistFormModal({ isOpen, entry, onClose, onSaved }: WatchlistFormModalProps) {
  const dispatch = useAppDispatch();
  const loadingType = useAppSelector(watchlistList.selectors.selectLoadingType);
  const saving = loadingType === 'add' || loadingType === 'update';
  const companies = useAppSelector(selectCompanyOptions);
  const companiesLoading = useAppSelector(selectCompanyOptionsLoading);
  // A company's own users keep only their company's watchlist.
  const lockedCompany = useAppSelector(selectLockedCompanyUuid);
  const adding = entry === null;

  useEffect(() => {
    if (isOpen && lockedCompany === null) void dispatch(loadCompanyOptions());
  }, [isOpen, lockedCompany, dispatch]);

  async function submit(values: WatchlistFormValues, helpers: FormikHelpers<WatchlistFormValues>) {
    helpers.setStatus(null);
    const outcome = await dispatch(saveWatchlistEntry(entry?.uuid ?? null, toBody(values)));
    if (outcome === 'saved') onSaved();
    else if (isFieldRefusal(outcome)) markRefusedField(helpers, values, outcome);
  }

  return (
    <FormModal
      isOpen={isOpen}
      title={adding ? 'Add Watchlist Entry' : 'Edit Watchlist Entry'}
      saving={saving}
      busyText={
        adding
          ? "Adding to the watchlist. Please don't close this window."
          : "Currently updating. Please don't close this window."
      }
      onClose={onClose}
      initialValues={formValues(entry, lockedCompany)}
      validationSchema={schema}
      onSubmit={submit}
    >
      {({ values, setFieldValue }) => (
        <>
          {lockedCompany === null ? (
            <SelectInput
              name="security_company_uuid"
              label="Security Company"
              // The site belongs to the company: a new company starts with all its sites.
              onValueChange={() => void setFieldValue('residence_uuid', '')}
            >
              <option value="">
                {companiesLoading ? 'Loading companies...' : 'Select a security company'}
              </option>
              <ActiveOptions field="security_company_uuid" choices={companies} />
            </SelectInput>
          ) : null}
          <SiteSelect companyUuid={values.security_company_uuid} />
          <TextInput
            name="name"
            label="Name"
            hint="Give at least one of the name, IC/passport number, car plate or phone."
          />
          <Row>
            <Col md={4}>
              <TextInput name="ic_passport_number" label="IC/Passport No." />
            </Col>
            <Col md={4}>
              <TextInput name="car_plate_number" label="Car Plate Number" />
            </Col>
            <Col md={4}>
              <TextInput name="phone_number" label="Phone" type="tel" />
            </Col>
          </Row>
          <TextInput name="reason" label="Reason" type="textarea" />
        </>
      )}
    </FormModal>
  );
}
