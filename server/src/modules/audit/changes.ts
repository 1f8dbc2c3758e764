import { AUDIT_SECRET, type AuditChange } from '@contract/audit';

/** Fields whose values are secrets: recorded as changed, never with their value. */
const SECRET_FIELD = /^(pin|password|challenge|code|token|secret)$|_(hash|token|password|secret)$/i;

function comparable(value: unknown): string {
  return JSON.stringify(value ?? null);
}

/**
 * The fields that differ between `before` and `after` (null: the record did not exist yet, or
 * no longer does), each with both values; a secret's values are AUDIT_SECRET. Arrays (a guard's
 * sites) compare as sets of their items, in the order given.
 */
export function changesBetween(
  beforeRecord: object | null,
  afterRecord: object | null,
): Record<string, AuditChange> {
  const before = beforeRecord as Record<string, unknown> | null;
  const after = afterRecord as Record<string, unknown> | null;
  const changes: Record<string, AuditChange> = {};
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const field of fields) {
    const old = before?.[field] ?? null;
    const now = after?.[field] ?? null;
    if (comparable(sorted(old)) === comparable(sorted(now))) continue;
    changes[field] = SECRET_FIELD.test(field)
      ? { before: old === null ? null : AUDIT_SECRET, after: now === null ? null : AUDIT_SECRET }
      : { before: old, after: now };
  }
  return changes;
}

function sorted(value: unknown): unknown {
  return Array.isArray(value) ? [...value].map(String).sort() : value;
}

/** A change of secrets alone, such as a new PIN or password: named, never shown. */
export function secretChanged(...fields: string[]): Record<string, AuditChange> {
  return Object.fromEntries(
    fields.map((field) => [field, { before: AUDIT_SECRET, after: AUDIT_SECRET }]),
  );
}
