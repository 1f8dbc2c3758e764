import { useId, type ComponentProps, type ReactNode } from 'react';
import { useField } from 'formik';
import { FormFeedback, Input, Label } from 'reactstrap';

/** A labelled kiosk input bound to Formik, large, with its message once the field was touched. */
export function KioskField({
  name,
  label,
  children,
  ...inputProps
}: { name: string; label: string; children?: ReactNode } & Omit<
  ComponentProps<typeof Input>,
  'name' | 'id'
>) {
  const id = useId();
  const [field, meta] = useField<string>(name);
  const problem = meta.touched ? meta.error : undefined;
  return (
    <div className="kiosk-field">
      <Label for={id} className="kiosk-label">
        {label}
      </Label>
      {/* The caller's props last: a field whose change does more passes its own onChange. */}
      <Input id={id} bsSize="lg" {...field} {...inputProps} invalid={problem !== undefined}>
        {children}
      </Input>
      {problem ? <FormFeedback>{problem}</FormFeedback> : null}
    </div>
  );
}
