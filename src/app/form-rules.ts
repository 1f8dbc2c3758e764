import * as yup from 'yup';

/**
 * A yup schema whose every field asks the shared rules (src/lib/rules) for its message, so a form
 * and the server check the same things with the same words. `errorsOf` gets the whole form, since
 * some rules read two fields (latitude with longitude).
 */
export function schemaFromRules<Values extends object>(
  fields: ReadonlyArray<keyof Values & string>,
  errorsOf: (values: Values) => Partial<Record<string, string>>,
) {
  return yup.object(
    Object.fromEntries(
      fields.map((field) => [
        field,
        yup.mixed().test({
          name: 'shared-rule',
          test(_value, context) {
            const message = errorsOf(context.parent as Values)[field];
            return message ? context.createError({ message }) : true;
          },
        }),
      ]),
    ),
  );
}
