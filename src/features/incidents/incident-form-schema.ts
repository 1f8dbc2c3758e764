import moment from 'moment';
import * as yup from 'yup';
import { FORM_DATE } from '../../lib/dates';
import type { IncidentAddBody } from '@contract/incidents';
import { COORDINATE_LABELS, INCIDENT_MESSAGES, LAT_RANGE, LNG_RANGE } from '@rules/incidents';

/** The Add Incident form as typed: the date and time as their inputs give them, coordinates as text. */
export interface IncidentFormValues {
  /** 'DD/MM/YYYY' as the date field writes it, the reader's local day. */
  incident_date: string;
  /** 'HH:mm', the reader's local time. */
  incident_time: string;
  residence_uuid: string;
  category_uuid: string;
  lat: string;
  lng: string;
  description: string;
  /** Shown as Remarks. */
  actions_taken: string;
  /** Photos and videos the picker accepted. */
  files: File[];
}

const FORM_TIME = 'HH:mm';
const API_TIMESTAMP = 'YYYY-MM-DD HH:mm:ss';
/** A decimal number as people type one: no exponent, no hexadecimal, no spaces inside. */
const DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)$/;

/** The form's day and time as one local moment; invalid when either is missing or malformed. */
function localMoment(date: string, time: string) {
  return moment(`${date} ${time}`, `${FORM_DATE} ${FORM_TIME}`, true);
}

/** Today's date as the date field writes it, to tell when the time input needs a `max`. */
export function todayForInput(now: Date = new Date()): string {
  return moment(now).format(FORM_DATE);
}

/** The current time as the time input writes it, for its `max` when the date is today. */
export function nowForInput(now: Date = new Date()): string {
  return moment(now).format(FORM_TIME);
}

/** A coordinate's text as a number; null when left blank, NaN when it is not a number. */
function coordinateOf(text: string | undefined): number | null {
  const trimmed = text?.trim() ?? '';
  if (trimmed === '') return null;
  return DECIMAL.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/**
 * The message under one coordinate (spec part 2 §5): out of range (or not a number), or blank
 * while the other one is given. The server applies the same rule (coordinatesProblem).
 */
function coordinateProblem(
  own: string | undefined,
  other: string | undefined,
  range: { min: number; max: number },
  label: string,
): string | null {
  const value = coordinateOf(own);
  if (value === null) {
    return coordinateOf(other) === null ? null : INCIDENT_MESSAGES.cannotBeBlank(label);
  }
  return Number.isNaN(value) || value < range.min || value > range.max
    ? INCIDENT_MESSAGES.outOfRange(range.min, range.max)
    : null;
}

const requiredText = (message: string) => yup.string().trim().required(message);

/** `now` is read at each check, so a form left open still refuses a moment that is yet to come. */
export function incidentFormSchema(now: () => Date = () => new Date()) {
  return yup.object({
    incident_date: requiredText(INCIDENT_MESSAGES.dateRequired)
      .test('real-date', INCIDENT_MESSAGES.dateInvalid, (value) =>
        moment(value, FORM_DATE, true).isValid(),
      )
      .test(
        'not-after-today',
        INCIDENT_MESSAGES.dateInFuture,
        (value) => !moment(value, FORM_DATE, true).isAfter(now(), 'day'),
      ),
    incident_time: requiredText(INCIDENT_MESSAGES.timeRequired).test(
      'not-after-now',
      INCIDENT_MESSAGES.timeInFuture,
      function notAfterNow(value) {
        const chosen = localMoment((this.parent.incident_date as string | undefined) ?? '', value);
        // Only a valid day-and-time can be later than now; a missing date has its own message.
        return !chosen.isValid() || !chosen.isAfter(now(), 'minute');
      },
    ),
    residence_uuid: requiredText(INCIDENT_MESSAGES.siteRequired),
    category_uuid: requiredText(INCIDENT_MESSAGES.categoryRequired),
    // Formik hands yup a blank field as undefined.
    lat: yup.string().test('lat', function latitude(value) {
      const problem = coordinateProblem(
        value,
        this.parent.lng as string | undefined,
        LAT_RANGE,
        COORDINATE_LABELS.lat,
      );
      return problem ? this.createError({ message: problem }) : true;
    }),
    lng: yup.string().test('lng', function longitude(value) {
      const problem = coordinateProblem(
        value,
        this.parent.lat as string | undefined,
        LNG_RANGE,
        COORDINATE_LABELS.lng,
      );
      return problem ? this.createError({ message: problem }) : true;
    }),
    description: requiredText(INCIDENT_MESSAGES.descriptionRequired),
  });
}

export function emptyIncidentForm(residenceUuid = ''): IncidentFormValues {
  return {
    incident_date: '',
    incident_time: '',
    residence_uuid: residenceUuid,
    category_uuid: '',
    lat: '',
    lng: '',
    description: '',
    actions_taken: '',
    files: [],
  };
}

/** The add call's body (its files come from the upload): the local moment sent as UTC text. */
export function formToAddBody(values: IncidentFormValues): Omit<IncidentAddBody, 'files'> {
  return {
    incident_date: localMoment(values.incident_date, values.incident_time)
      .utc()
      .format(API_TIMESTAMP),
    residence_uuid: values.residence_uuid,
    category_uuid: values.category_uuid,
    lat: coordinateOf(values.lat),
    lng: coordinateOf(values.lng),
    actions_taken: values.actions_taken.trim(),
    description: values.description.trim(),
    status: 'PENDING',
  };
}
