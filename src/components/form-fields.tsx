import {
  useField,
  type FormikConfig,
  type FormikErrors,
  type FormikHelpers,
  type FormikTouched,
  type FormikValues,
} from 'formik';
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { FormFeedback, FormGroup, Input, Label } from 'reactstrap';
import type { FieldRefusal } from '../api/client';

/**
 * Shows a save the server refused at one field (a 409 "Email is already in use.") at that field,
 * as the form's own checks are; a field the form does not have gets the form's status instead.
 */
export function markRefusedField<Values extends FormikValues>(
  helpers: Pick<FormikHelpers<Values>, 'setFieldTouched' | 'setFieldError' | 'setStatus'>,
  values: Values,
  refusal: FieldRefusal,
): void {
  if (!(refusal.field in values)) {
    helpers.setStatus(refusal.message);
    return;
  }
  void helpers.setFieldTouched(refusal.field, true, false);
  helpers.setFieldError(refusal.field, refusal.message);
}

/**
 * The same, for a form shown afresh after its save was refused (the modal showed a busy view in
 * between): Formik's initial errors, touched fields and status.
 */
export function refusedFieldState<Values extends FormikValues>(
  values: Values,
  refusal: FieldRefusal | null,
): Pick<FormikConfig<Values>, 'initialErrors' | 'initialTouched' | 'initialStatus'> {
  if (!refusal) return {};
  if (!(refusal.field in values)) return { initialStatus: refusal.message };
  return {
    initialErrors: { [refusal.field]: refusal.message } as FormikErrors<Values>,
    initialTouched: { [refusal.field]: true } as FormikTouched<Values>,
  };
}

interface FieldProps {
  name: string;
  label: string;
}

/** A labelled input bound to Formik by name, with its message once touched or submitted. */
export function TextInput({
  name,
  label,
  type = 'text',
  disabled,
  inputMode,
  autoComplete,
  hint,
  onlyDigits,
}: FieldProps & {
  type?: 'text' | 'email' | 'password' | 'tel' | 'time' | 'textarea';
  disabled?: boolean;
  inputMode?: InputHTMLAttributes<HTMLInputElement>['inputMode'];
  autoComplete?: string;
  hint?: ReactNode;
  /** Keeps anything but digits out as it is typed or pasted. */
  onlyDigits?: boolean;
}) {
  const id = useId();
  const hintId = useId();
  const problemId = useId();
  const [field, meta, helpers] = useField<string>(name);
  const problem = meta.touched ? meta.error : undefined;
  const describedBy = [hint ? hintId : null, problem ? problemId : null].filter(Boolean).join(' ');
  return (
    <FormGroup>
      <Label for={id}>{label}</Label>
      <Input
        id={id}
        type={type}
        {...field}
        onChange={
          onlyDigits
            ? (event) => void helpers.setValue(event.target.value.replace(/\D/g, ''))
            : field.onChange
        }
        disabled={disabled}
        inputMode={onlyDigits ? 'numeric' : inputMode}
        autoComplete={autoComplete}
        aria-describedby={describedBy || undefined}
        invalid={problem !== undefined}
      />
      {hint ? (
        <div id={hintId} className="form-text">
          {hint}
        </div>
      ) : null}
      {problem ? <FormFeedback id={problemId}>{problem}</FormFeedback> : null}
    </FormGroup>
  );
}

export function SelectInput({
  name,
  label,
  children,
  disabled,
  onValueChange,
}: FieldProps & {
  children: ReactNode;
  disabled?: boolean;
  /** Runs after the field takes a new value, for fields that depend on this one. */
  onValueChange?: (value: string) => void;
}) {
  const id = useId();
  const [field, meta, helpers] = useField<string>(name);
  const problem = meta.touched ? meta.error : undefined;
  return (
    <FormGroup>
      <Label for={id}>{label}</Label>
      <Input
        id={id}
        type="select"
        {...field}
        onChange={(event) => {
          void helpers.setValue(event.target.value);
          onValueChange?.(event.target.value);
        }}
        disabled={disabled}
        invalid={problem !== undefined}
      >
        {children}
      </Input>
      {problem ? <FormFeedback>{problem}</FormFeedback> : null}
    </FormGroup>
  );
}

/**
 * A labelled on/off switch bound to a Formik boolean; the label may follow the switch's state.
 * `hint` says why a disabled switch may not change.
 */
export function SwitchInput({
  name,
  label,
  disabled,
  hint,
}: {
  name: string;
  label: ReactNode | ((checked: boolean) => ReactNode);
  disabled?: boolean;
  hint?: ReactNode;
}) {
  const id = useId();
  const hintId = useId();
  const [{ checked = false, onChange, onBlur }] = useField<boolean>({ name, type: 'checkbox' });
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
        disabled={disabled}
        aria-describedby={hint ? hintId : undefined}
      />
      <Label for={id} check>
        {typeof label === 'function' ? label(checked) : label}
      </Label>
      {hint ? (
        <div id={hintId} className="form-text">
          {hint}
        </div>
      ) : null}
    </FormGroup>
  );
}

/** The Active/Inactive switch of the company, supervisor and login forms. */
export function StatusSwitch({
  name,
  disabled,
  hint,
}: {
  name: string;
  disabled?: boolean;
  hint?: ReactNode;
}) {
  return (
    <SwitchInput
      name={name}
      label={(checked) => `Status: ${checked ? 'Active' : 'Inactive'}`}
      disabled={disabled}
      hint={hint}
    />
  );
}
