import { useFormikContext } from 'formik';

/** A record a picker may offer: active (1) or not (0). */
export interface ActiveChoice {
  uuid: string;
  name: string;
  is_active: number;
}

/**
 * The `<option>`s of a picker of records that can be switched off (every company picker): the
 * active ones, and the one the record already belongs to (the field's value when the form opened),
 * so an edit neither hides nor drops it. An inactive company's staff cannot sign in, so nothing new
 * is put in one.
 */
export function ActiveOptions({
  field,
  choices,
}: {
  field: string;
  choices: readonly ActiveChoice[];
}) {
  const { initialValues } = useFormikContext<Record<string, unknown>>();
  const kept = initialValues[field];
  return choices
    .filter((choice) => choice.is_active === 1 || choice.uuid === kept)
    .map((choice) => (
      <option key={choice.uuid} value={choice.uuid}>
        {choice.name}
      </option>
    ));
}
