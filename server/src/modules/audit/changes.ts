import { AUDIT_SECRET, type AuditChange } from '@contract/audit';
import type { DB } from '../../db/database';

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

/**
 * Fields that point at another record, and what the trail records instead: that record's name
 * under the field the forms show ('residence_uuid' → 'site': 'Alpha Towers'), read within the
 * write, so an entry reads as its moment saw it and is never rewritten or joined when read.
 */
const NAMED_REFERENCES = {
  residence_uuid: { as: 'site', table: 'residences' },
  residence_uuids: { as: 'sites', table: 'residences' },
  security_company_uuid: { as: 'company', table: 'security_companies' },
  unit_uuid: { as: 'unit', table: 'units' },
  kg_guard_uuid: { as: 'guard', table: 'guards' },
  photo_file_uuid: { as: 'photo', table: 'files' },
} as const satisfies Record<string, { as: string; table: NamedTable }>;

type NamedTable = 'residences' | 'security_companies' | 'units' | 'guards' | 'files';
type Reference = keyof typeof NAMED_REFERENCES;

function isReference(field: string): field is Reference {
  return Object.hasOwn(NAMED_REFERENCES, field);
}

function uuidsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : [];
}

async function namesOf(db: DB, table: NamedTable, uuids: string[]): Promise<Map<string, string>> {
  if (uuids.length === 0) return new Map();
  const rows =
    table === 'files'
      ? await db
          .selectFrom('files')
          .select(['uuid', 'filename as name'])
          .where('uuid', 'in', uuids)
          .execute()
      : await db.selectFrom(table).select(['uuid', 'name']).where('uuid', 'in', uuids).execute();
  return new Map(rows.map((row) => [row.uuid, row.name]));
}

/**
 * The changes with each reference recorded as its record's name (one indexed look-up per kind
 * of record the entry names); an id no longer found stays as it is.
 */
export async function namedChanges(
  db: DB,
  changes: Record<string, AuditChange>,
): Promise<Record<string, AuditChange>> {
  const references = Object.keys(changes).filter(isReference);
  if (references.length === 0) return changes;
  const wanted = new Map<NamedTable, Set<string>>();
  for (const field of references) {
    const { table } = NAMED_REFERENCES[field];
    const uuids = wanted.get(table) ?? new Set<string>();
    for (const value of [changes[field]?.before, changes[field]?.after]) {
      for (const uuid of uuidsIn(value)) uuids.add(uuid);
    }
    wanted.set(table, uuids);
  }
  const names = new Map<NamedTable, Map<string, string>>();
  for (const [table, uuids] of wanted) names.set(table, await namesOf(db, table, [...uuids]));
  const named = (field: Reference, value: unknown): unknown => {
    const of = names.get(NAMED_REFERENCES[field].table);
    const name = (uuid: unknown) => (typeof uuid === 'string' ? (of?.get(uuid) ?? uuid) : uuid);
    return Array.isArray(value) ? value.map(name) : name(value);
  };
  return Object.fromEntries(
    Object.entries(changes).map(([field, change]) =>
      isReference(field)
        ? [
            NAMED_REFERENCES[field].as,
            { before: named(field, change.before), after: named(field, change.after) },
          ]
        : [field, change],
    ),
  );
}
