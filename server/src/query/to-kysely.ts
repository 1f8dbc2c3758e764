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

/**
 * The column behind an API field name, or undefined. `Object.hasOwn` so that names such as
 * 'constructor' or '__proto__' never reach the object's prototype.
 */
export function columnOf(
  fields: Readonly<Record<string, string>>,
  field: string,
): string | undefined {
  return Object.hasOwn(fields, field) ? fields[field] : undefined;
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
  fields: Readonly<Record<string, string>>,
  now: Date = new Date(),
): Expression<SqlBool> {
  const nowText = formatUtcTimestamp(now);

  const column = (field: string): RawBuilder<unknown> => {
    const ref = columnOf(fields, field);
    if (ref === undefined) throw filterError(`Unknown field ${excerpt(field)} in filter.`);
    return sql.ref(ref);
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
        return sql<SqlBool>`${column(node.field)} ${COMPARISON_SQL[node.operator]} ${bind(node.value)}`;
      case 'like':
        // lower() on both sides: SQLite's LIKE ignores ASCII case, PostgreSQL's does not.
        return node.negated
          ? sql<SqlBool>`lower(${column(node.field)}) not like lower(${bind(node.pattern)})`
          : sql<SqlBool>`lower(${column(node.field)}) like lower(${bind(node.pattern)})`;
      case 'in':
        return node.negated
          ? sql<SqlBool>`${column(node.field)} not in (${sql.join(node.values.map(bind))})`
          : sql<SqlBool>`${column(node.field)} in (${sql.join(node.values.map(bind))})`;
      case 'isNull':
        return node.negated
          ? sql<SqlBool>`${column(node.field)} is not null`
          : sql<SqlBool>`${column(node.field)} is null`;
    }
  };

  return compile(tree);
}
