import { useField } from 'formik';
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { FormFeedback, FormGroup, Input, Label } from 'reactstrap';

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
  type?: 'text' | 'email' | 'password' | 'date' | 'tel';
  disabled?: boolean;
  inputMode?: InputHTMLAttributes<HTMLInputElement>['inputMode'];
  autoComplete?: string;
  hint?: ReactNode;
  /** Keeps anything but digits out as it is typed or pasted. */
  onlyDigits?: boolean;
}) {
  const id = useId();
  const hintId = useId();
  const [field, meta, helpers] = useField<string>(name);
  const problem = meta.touched ? meta.error : undefined;
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
        aria-describedby={hint ? hintId : undefined}
        invalid={problem !== undefined}
      />
      {hint ? (
        <div id={hintId} className="form-text">
          {hint}
        </div>
      ) : null}
      {problem ? <FormFeedback>{problem}</FormFeedback> : null}
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
