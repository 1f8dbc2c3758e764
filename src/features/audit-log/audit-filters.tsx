import { Form, Formik } from 'formik';
import { Button, Col, Row } from 'reactstrap';
import * as yup from 'yup';
import type { AuditScope } from '../../api/audit';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@contract/audit';
import { DateField } from '../../components/date-field';
import { SelectInput, TextInput } from '../../components/form-fields';
import { formDateToDay, formDayStartUtc, isValidFormDate } from '../../lib/dates';
import { ACTION_LABELS, AUDIT_TEXT, ENTITY_LABELS } from './audit-text';

export interface AuditFilterValues {
  entity: string;
  action: string;
  /** Part of the acting user's name. */
  actor: string;
  /** 'DD/MM/YYYY', the reader's local day; '' for no bound. */
  from: string;
  to: string;
}

const NO_FILTERS: AuditFilterValues = { entity: '', action: '', actor: '', from: '', to: '' };

const optionalDate = yup
  .string()
  .trim()
  .test('date', AUDIT_TEXT.dateInvalid, (text) => !text || isValidFormDate(text));

const schema = yup.object({
  from: optionalDate,
  to: optionalDate.test('order', AUDIT_TEXT.toBeforeFrom, (text, context) => {
    const to = text ? formDateToDay(text) : null;
    const from = formDateToDay(String(context.parent.from ?? ''));
    return to === null || from === null || to >= from;
  }),
});

/**
 * The filters as the list's scope: From from the start of its local day, To to the end of its
 * own (entries before the next day starts), both as the API's UTC timestamps.
 */
export function scopeOfFilters(values: AuditFilterValues): Record<string, string> {
  const actor = values.actor.trim();
  const wanted: AuditScope = {
    entity: values.entity,
    action: values.action,
    actor_name: actor,
    created_from: (values.from && formDayStartUtc(values.from.trim())) || '',
    created_before: (values.to && formDayStartUtc(values.to.trim(), 1)) || '',
  };
  return Object.fromEntries(
    Object.entries(wanted).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
}

/** Record type, action, user and a date range; Apply runs them, Clear runs the list without. */
export function AuditFilters({ onApply }: { onApply: (scope: Record<string, string>) => void }) {
  return (
    <Formik
      initialValues={NO_FILTERS}
      validationSchema={schema}
      onSubmit={(values) => onApply(scopeOfFilters(values))}
    >
      {({ resetForm }) => (
        <Form noValidate aria-label={AUDIT_TEXT.filters} className="mb-3">
          <Row className="g-3">
            <Col sm={6} lg={4}>
              <SelectInput name="entity" label={AUDIT_TEXT.entity}>
                <option value="">{AUDIT_TEXT.anyEntity}</option>
                {AUDIT_ENTITIES.map((entity) => (
                  <option key={entity} value={entity}>
                    {ENTITY_LABELS[entity]}
                  </option>
                ))}
              </SelectInput>
            </Col>
            <Col sm={6} lg={4}>
              <SelectInput name="action" label={AUDIT_TEXT.action}>
                <option value="">{AUDIT_TEXT.anyAction}</option>
                {AUDIT_ACTIONS.map((action) => (
                  <option key={action} value={action}>
                    {ACTION_LABELS[action]}
                  </option>
                ))}
              </SelectInput>
            </Col>
            <Col sm={6} lg={4}>
              <TextInput name="actor" label={AUDIT_TEXT.user} autoComplete="off" />
            </Col>
            <Col sm={6} lg={4}>
              <DateField name="from" label={AUDIT_TEXT.from} notAfterToday />
            </Col>
            <Col sm={6} lg={4}>
              <DateField name="to" label={AUDIT_TEXT.to} notAfterToday />
            </Col>
          </Row>
          <div className="d-flex flex-wrap gap-2">
            <Button type="submit" color="primary">
              {AUDIT_TEXT.apply}
            </Button>
            <Button
              type="button"
              color="secondary"
              outline
              onClick={() => {
                resetForm();
                onApply({});
              }}
            >
              {AUDIT_TEXT.clear}
            </Button>
          </div>
        </Form>
      )}
    </Formik>
  );
}
