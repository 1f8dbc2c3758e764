/**
 * A PATCH body laid over the record's stored values: a field the client leaves out (or sends as
 * undefined) keeps its stored value, so that a partial edit never resets what it did not name.
 * The result is checked and written as a full edit would be.
 */
export function patched<Stored extends object, Sent extends object>(
  stored: Stored,
  sent: Sent,
): Partial<Record<keyof Stored | keyof Sent, unknown>> {
  const named = Object.entries(sent).filter(([, value]) => value !== undefined);
  return { ...stored, ...Object.fromEntries(named) };
}
