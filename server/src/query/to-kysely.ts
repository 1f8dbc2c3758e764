import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { ComparisonOperator, FilterNode, FilterValue } from './ast';
import { excerpt, filterError } from './errors';

/** Fixed SQL text per operator: the only SQL the tree contributes besides bound values. */
const COMPARISON_SQL: Readonly<Record<ComparisonOperator, RawBuilder<unknown>>> = {
  '=': sql`=`,
  '<>': sql`<>`,
  '<': sql`<`,
  '<=': sql`<=`,
  '>': sql`>`,
  '>=': sql`>=`,
};

/** A condition on one field, as a function of the column it tests; values are already bound. */
export type FieldTest = (column: Expression<unknown>) => Expression<SqlBool>;

/**
 * A field with no column of its own in the listed table, such as one reached through a link
 * table. It receives each condition on the field and answers the whole condition, e.g.
 * `guards.uuid in (select guard_uuid from guard_residences where <test(residence_uuid)>)`:
 * a condition then holds when some related row satisfies it, and `NOT` negates that.
 */
export interface ComputedField {
  compile: (test: FieldTest) => Expression<SqlBool>;
  /** The column `order` sorts by; without one the field cannot be sorted on. */
  orderBy?: string;
}

/** An API field: a column reference such as 'guards.name', or a computed field. */
export type FieldSpec = string | ComputedField;

export type FieldSpecs = Readonly<Record<string, FieldSpec>>;

/**
 * The spec of an API field name, or undefined. `Object.hasOwn` so that names such as
 * 'constructor' or '__proto__' never reach the object's prototype.
 */
export function fieldOf(fields: FieldSpecs, field: string): FieldSpec | undefined {
  return Object.hasOwn(fields, field) ? fields[field] : undefined;
}

/** The column a field sorts by, or undefined when it has none. */
export function sortColumnOf(spec: FieldSpec): string | undefined {
  return typeof spec === 'string' ? spec : spec.orderBy;
}

/** Timestamps are stored as UTC text 'YYYY-MM-DD HH:MM:SS', so NOW() binds in that form. */
export function formatUtcTimestamp(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * Compiles a filter tree to a Kysely boolean expression. Columns go through `sql.ref` (quoted
 * identifiers) and every value is a bound parameter, so nothing from the client becomes SQL text.
 */
export function compileFilter(
  tree: FilterNode,
  fields: FieldSpecs,
  now: Date = new Date(),
): Expression<SqlBool> {
  const nowText = formatUtcTimestamp(now);

  /** One field condition: applied to the field's column, or handed to its computed field. */
  const condition = (field: string, test: FieldTest): RawBuilder<SqlBool> => {
    const spec = fieldOf(fields, field);
    if (spec === undefined) throw filterError(`Unknown field ${excerpt(field)} in filter.`);
    return typeof spec === 'string'
      ? sql<SqlBool>`${test(sql.ref(spec))}`
      : sql<SqlBool>`(${spec.compile(test)})`;
  };

  const bind = (value: FilterValue): string | number =>
    value.kind === 'now' ? nowText : value.value;

  const compile = (node: FilterNode): RawBuilder<SqlBool> => {
    switch (node.kind) {
      case 'and':
        return sql<SqlBool>`(${sql.join(node.operands.map(compile), sql` and `)})`;
      case 'or':
        return sql<SqlBool>`(${sql.join(node.operands.map(compile), sql` or `)})`;
      case 'not':
        return sql<SqlBool>`not (${compile(node.operand)})`;
      case 'comparison':
        return condition(
          node.field,
          (column) => sql<SqlBool>`${column} ${COMPARISON_SQL[node.operator]} ${bind(node.value)}`,
        );
      case 'like':
        // lower() on both sides: SQLite's LIKE ignores ASCII case, PostgreSQL's does not.
        // A backslash escapes % and _, so a client can search for them as plain characters.
        return condition(node.field, (column) =>
          node.negated
            ? sql<SqlBool>`lower(${column}) not like lower(${bind(node.pattern)}) escape '\\'`
            : sql<SqlBool>`lower(${column}) like lower(${bind(node.pattern)}) escape '\\'`,
        );
      case 'in':
        return condition(node.field, (column) =>
          node.negated
            ? sql<SqlBool>`${column} not in (${sql.join(node.values.map(bind))})`
            : sql<SqlBool>`${column} in (${sql.join(node.values.map(bind))})`,
        );
      case 'isNull':
        return condition(node.field, (column) =>
          node.negated ? sql<SqlBool>`${column} is not null` : sql<SqlBool>`${column} is null`,
        );
    }
  };

  return compile(tree);
}
