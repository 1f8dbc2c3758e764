import { useField, useFormikContext, type FormikHelpers } from 'formik';
import { useEffect, useId, useState } from 'react';
import { Col, FormFeedback, FormGroup, Input, Label, Row } from 'reactstrap';
import type { SiteOption } from '../../api/sites';
import { schemaFromRules } from '../../app/form-rules';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { DateField } from '../../components/date-field';
import { FormModal } from '../../components/form-modal';
import { SelectInput, SwitchInput, TextInput } from '../../components/form-fields';
import { apiDateToForm, formDateToApi } from '../../lib/dates';
import type { PassBody, PassUnit, Visitor } from '@contract/visitors';
import { passFieldErrors, REPEAT, type PassField } from '@rules/pass-issuing';
import { ONE_TIME, WEEKDAYS } from '@rules/visitor-pass';
import { VISITOR_TYPES } from '@rules/walk-ins';
import {
  mayOverrideWatchlist,
  WATCHLIST_MESSAGES,
  WATCHLIST_REFUSAL_START,
} from '@rules/watchlist';
import { selectRole } from '../../app/session/session-slice';
import { loadPassSites, loadPassUnits, savePass } from './visitors-slice';
import { hostName } from './visitor-text';

/** The form's values: the API's fields, with the date as the date field writes it (DD/MM/YYYY). */
export type PassFormValues = PassBody;

const FIELDS: PassField[] = [
  'residence_uuid',
  'unit_uuid',
  'host_name',
  'name',
  'phone_number',
  'email',
  'category',
  'repeat_type',
  'repeatType',
  'date',
  'start_time',
  'end_time',
];

/** The form's values as the shared rules and the API read them. */
function toBody(values: PassFormValues): PassBody {
  // Formik hands its schema '' as undefined.
  const text = (field: keyof PassFormValues) => String(values[field] ?? '').trim();
  const date = text('date');
  return {
    residence_uuid: text('residence_uuid'),
    unit_uuid: text('unit_uuid'),
    host_name: text('host_name'),
    name: text('name'),
    phone_number: text('phone_number'),
    email: text('email'),
    car_plate_number: text('car_plate_number'),
    category: text('category'),
    repeat_type: text('repeat_type'),
    repeatType: text('repeat_type') === REPEAT ? text('repeatType') : '',
    // A date that is no day stays unreadable to the rules, which then ask for DD/MM/YYYY.
    date: formDateToApi(date) ?? `invalid:${date}`,
    start_time: text('start_time'),
    end_time: text('end_time'),
    remarks: text('remarks'),
    ...(values.override_watchlist === true && { override_watchlist: true }),
  };
}

const schema = schemaFromRules<PassFormValues>(FIELDS, (values) =>
  passFieldErrors(toBody(values), { now: new Date(), siteTakesVisitors: null }),
);

function formValues(pass: Visitor | null): PassFormValues {
  return {
    residence_uuid: pass?.residence_uuid ?? '',
    unit_uuid: pass?.unit_uuid ?? '',
    host_name: pass ? hostName(pass) : '',
    name: pass?.name ?? '',
    phone_number: pass?.phone_number ?? '',
    email: pass?.email ?? '',
    car_plate_number: pass?.car_plate_number ?? '',
    category: pass?.category ?? '',
    repeat_type: pass?.repeat_type ?? ONE_TIME,
    repeatType: pass?.repeatType ?? '',
    date: pass ? apiDateToForm(pass.date) : '',
    start_time: pass?.start_time.slice(0, 5) ?? '',
    end_time: pass?.end_time.slice(0, 5) ?? '',
    remarks: pass?.remarks ?? '',
    override_watchlist: false,
  };
}

/** Site, then the unit of that site's directory; a chosen unit puts its owner in Host. */
function SiteAndUnit({ sites, sitesLoading }: { sites: SiteOption[]; sitesLoading: boolean }) {
  const dispatch = useAppDispatch();
  const { values, setFieldValue } = useFormikContext<PassFormValues>();
  const [units, setUnits] = useState<{ list: PassUnit[]; loading: boolean; error: string | null }>({
    list: [],
    loading: false,
    error: null,
  });
  const site = values.residence_uuid;

  useEffect(() => {
    if (!site) {
      setUnits({ list: [], loading: false, error: null });
      return undefined;
    }
    setUnits({ list: [], loading: true, error: null });
    const request = dispatch(loadPassUnits(site));
    void request.then((result) => {
      if (loadPassUnits.fulfilled.match(result)) {
        setUnits({ list: result.payload, loading: false, error: null });
      } else if (!result.meta.aborted) {
        setUnits({ list: [], loading: false, error: result.payload ?? 'Request failed.' });
      }
    });
    return () => request.abort();
  }, [dispatch, site]);

  const unitPlaceholder = !site
    ? 'Choose a site first'
    : units.loading
      ? 'Loading units...'
      : units.error
        ? `The units could not be loaded: ${units.error}`
        : 'Select a unit';

  return (
    <Row>
      <Col md={6}>
        <SelectInput
          name="residence_uuid"
          label="Site"
          // The units belong to the site: a new site starts with none chosen.
          onValueChange={() => void setFieldValue('unit_uuid', '')}
        >
          <option value="">{sitesLoading ? 'Loading sites...' : 'Select a site'}</option>
          {sites.map((option) => (
            <option key={option.uuid} value={option.uuid}>
              {option.name}
            </option>
          ))}
        </SelectInput>
      </Col>
      <Col md={6}>
        <SelectInput
          name="unit_uuid"
          label="Unit"
          onValueChange={(uuid) => {
            const owner = units.list.find((unit) => unit.uuid === uuid)?.owner_name;
            if (owner) void setFieldValue('host_name', owner);
          }}
        >
          <option value="">{unitPlaceholder}</option>
          {units.list.map((unit) => (
            <option key={unit.uuid} value={unit.uuid}>
              {unit.name}
            </option>
          ))}
        </SelectInput>
      </Col>
    </Row>
  );
}

/** One-time or repeating, as two radio buttons in a group. */
function RepeatTypeField() {
  const id = useId();
  const [field, meta] = useField<string>('repeat_type');
  const problem = meta.touched ? meta.error : undefined;
  const choices = [
    { value: ONE_TIME, label: 'One-time' },
    { value: REPEAT, label: 'Repeating (30 days)' },
  ];
  return (
    <FormGroup tag="fieldset">
      <legend className="form-label fs-6">Pass type</legend>
      {choices.map((choice) => (
        <FormGroup check inline key={choice.value}>
          <Input
            id={`${id}-${choice.value}`}
            type="radio"
            name={field.name}
            value={choice.value}
            checked={field.value === choice.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
          />
          <Label check for={`${id}-${choice.value}`}>
            {choice.label}
          </Label>
        </FormGroup>
      ))}
      {problem ? <FormFeedback className="d-block">{problem}</FormFeedback> : null}
    </FormGroup>
  );
}

/** The weekdays of a repeating pass as checkboxes, kept as the API writes them ('MONDAY,FRIDAY'). */
function WeekdaysField() {
  const id = useId();
  const problemId = useId();
  const [field, meta, helpers] = useField<string>('repeatType');
  const chosen = field.value.split(',').filter(Boolean);
  const problem = meta.touched ? meta.error : undefined;
  return (
    <FormGroup tag="fieldset" aria-describedby={problem ? problemId : undefined}>
      <legend className="form-label fs-6">Weekdays</legend>
      {WEEKDAYS.map((day) => {
        const label = `${day.charAt(0)}${day.slice(1, 3).toLowerCase()}`;
        return (
          <FormGroup check inline key={day}>
            <Input
              id={`${id}-${day}`}
              type="checkbox"
              checked={chosen.includes(day)}
              aria-label={`${day.charAt(0)}${day.slice(1).toLowerCase()}`}
              onChange={(event) => {
                const next = event.target.checked
                  ? [...chosen, day]
                  : chosen.filter((other) => other !== day);
                void helpers.setTouched(true, false);
                // Week order whatever order they were ticked in.
                void helpers.setValue(
                  WEEKDAYS.filter((weekday) => next.includes(weekday)).join(','),
                );
              }}
            />
            <Label check for={`${id}-${day}`}>
              {label}
            </Label>
          </FormGroup>
        );
      })}
      {problem ? (
        <FormFeedback id={problemId} className="d-block">
          {problem}
        </FormFeedback>
      ) : null}
    </FormGroup>
  );
}

export interface PassFormModalProps {
  isOpen: boolean;
  /** The pass to change, or null to issue a new one. */
  pass: Visitor | null;
  onClose: () => void;
  onSaved: (pass: Visitor) => void;
}

/** Add Visitor Pass and Edit Visitor Pass (issue 23): the rules are `@rules/pass-issuing`'s. */
export function PassFormModal({ isOpen, pass, onClose, onSaved }: PassFormModalProps) {
  const dispatch = useAppDispatch();
  const [saving, setSaving] = useState(false);
  const [sites, setSites] = useState<{ list: SiteOption[]; loading: boolean }>({
    list: [],
    loading: false,
  });
  const adding = pass === null;
  // After a watchlist refusal, a company user or the superadmin may issue it anyway (recorded).
  const mayOverride = mayOverrideWatchlist(useAppSelector(selectRole));

  useEffect(() => {
    if (!isOpen) return undefined;
    setSites({ list: [], loading: true });
    const request = dispatch(loadPassSites());
    void request.then((result) => {
      setSites({
        list: loadPassSites.fulfilled.match(result) ? result.payload : [],
        loading: false,
      });
    });
    return () => request.abort();
  }, [isOpen, dispatch]);

  async function submit(values: PassFormValues, helpers: FormikHelpers<PassFormValues>) {
    helpers.setStatus(null);
    setSaving(true);
    const result = await dispatch(savePass({ uuid: pass?.uuid ?? null, body: toBody(values) }));
    setSaving(false);
    if (savePass.fulfilled.match(result)) onSaved(result.payload);
    else helpers.setStatus(result.payload ?? 'Request failed.');
  }

  return (
    <FormModal
      isOpen={isOpen}
      title={adding ? 'Add Visitor Pass' : 'Edit Visitor Pass'}
      saving={saving}
      busyText={
        adding
          ? "Adding new visitor pass. Please don't close this window."
          : "Currently updating. Please don't close this window."
      }
      onClose={onClose}
      initialValues={formValues(pass)}
      validationSchema={schema}
      onSubmit={submit}
    >
      {({ values, status }) => (
        <>
          <SiteAndUnit sites={sites.list} sitesLoading={sites.loading} />
          <Row>
            <Col md={6}>
              <TextInput name="host_name" label="Host" />
            </Col>
            <Col md={6}>
              <TextInput name="name" label="Visitor name" />
            </Col>
          </Row>
          <Row>
            <Col md={6}>
              <TextInput
                name="phone_number"
                label="Phone"
                type="tel"
                onlyDigits
                hint="Digits only, starting with 60"
              />
            </Col>
            <Col md={6}>
              <TextInput
                name="email"
                label="Email (optional)"
                type="email"
                autoComplete="off"
                hint="The e-pass is sent here."
              />
            </Col>
          </Row>
          <Row>
            <Col md={6}>
              <TextInput name="car_plate_number" label="Car plate" />
            </Col>
            <Col md={6}>
              <SelectInput name="category" label="Category">
                <option value="">Select a category</option>
                {VISITOR_TYPES.map((type) => (
                  <option key={type.id} value={type.name}>
                    {type.name}
                  </option>
                ))}
              </SelectInput>
            </Col>
          </Row>
          <RepeatTypeField />
          {values.repeat_type === REPEAT ? <WeekdaysField /> : null}
          <Row>
            <Col md={4}>
              <DateField name="date" label="Date" />
            </Col>
            <Col md={4}>
              <TextInput name="start_time" label="Start time" type="time" />
            </Col>
            <Col md={4}>
              <TextInput name="end_time" label="End time" type="time" />
            </Col>
          </Row>
          <TextInput name="remarks" label="Remarks" type="textarea" />
          {mayOverride &&
          typeof status === 'string' &&
          status.startsWith(WATCHLIST_REFUSAL_START) ? (
            <SwitchInput name="override_watchlist" label={WATCHLIST_MESSAGES.overrideLabel} />
          ) : null}
        </>
      )}
    </FormModal>
  );
}
