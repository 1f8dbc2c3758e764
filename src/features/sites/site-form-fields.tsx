import { useField } from 'formik';
import { useId, type ReactNode } from 'react';
import { FormFeedback, FormGroup, Input, Label } from 'reactstrap';
import type { SiteFlag } from '../../lib/rules/sites';
import type { SiteFormValues } from './site-form-schema';

type TextFieldName = 'name' | 'address' | 'lat' | 'lng';
type SelectFieldName = 'type' | 'status' | 'security_company_uuid';

/** A labelled text input bound to Formik, with its message once the field was touched. */
export function TextField({
  name,
  label,
  inputMode,
}: {
  name: TextFieldName;
  label: string;
  inputMode?: 'decimal';
}) {
  const id = useId();
  const [field, meta] = useField<SiteFormValues[TextFieldName]>(name);
  const problem = meta.touched ? meta.error : undefined;
  return (
    <FormGroup>
      <Label for={id}>{label}</Label>
      <Input id={id} {...field} inputMode={inputMode} invalid={problem !== undefined} />
      {problem ? <FormFeedback>{problem}</FormFeedback> : null}
    </FormGroup>
  );
}

export function SelectField({
  name,
  label,
  children,
}: {
  name: SelectFieldName;
  label: string;
  children: ReactNode;
}) {
  const id = useId();
  const [field, meta] = useField<SiteFormValues[SelectFieldName]>(name);
  const problem = meta.touched ? meta.error : undefined;
  return (
    <FormGroup>
      <Label for={id}>{label}</Label>
      <Input id={id} type="select" {...field} invalid={problem !== undefined}>
        {children}
      </Input>
      {problem ? <FormFeedback>{problem}</FormFeedback> : null}
    </FormGroup>
  );
}

export function FlagSwitch({ name, label }: { name: SiteFlag; label: string }) {
  const id = useId();
  const [{ checked, onChange, onBlur }] = useField<boolean>({ name, type: 'checkbox' });
  return (
    <FormGroup switch>
      <Input
        id={id}
        name={name}
        type="switch"
        role="switch"
        checked={checked}
        onChange={onChange}
        onBlur={onBlur}
      />
      <Label for={id} check>
        {label}
      </Label>
    </FormGroup>
  );
}
