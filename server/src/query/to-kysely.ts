import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { ComparisonOperator, FilterNode, FilterValue } from './ast';
import type { Engine } from '../db/engine';
import { searchesOrsAsUnions, valueOnly } from '../db/engine/plan-hints';
import { rowKey } from '../db/engine/row-keys';
import { searchIndexCondition } from '../db/engine/search-indexes';
import { excerpt, filterError } from './errors';

type LikeNode = Extract<FilterNode, { kind: 'like' }>;

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
 * A trigram index over a column (an SQLite FTS5 table kept in step by triggers, see the migration
 * 2026-11-23T05): `table` is the index, `column` its column for the text, and `rowid` the rowid
 * of the row the tested column belongs to, such as 'guards.rowid' or 'filter_company.rowid'.
 */
export interface SearchIndex {
  table: string;
  column: string;
  rowid: string;
}

/**
 * A condition on one field, as a function of the column it tests; values are already bound.
 * `index`, when the column has one, lets a substring search read it instead of every row.
 */
export type FieldTest = (column: Expression<unknown>, index?: SearchIndex) => Expression<SqlBool>;

/**
 * A field with no column of its own in the listed table, such as one reached through a link
 * table. It receives each condition on the field and answers the whole condition, e.g.
 * `guards.uuid in (select guard_uuid from guard_residences where <test(residence_uuid)>)`:
 * a condition then holds when some related row satisfies it, and `NOT` negates that.
 */
export interface ComputedField {
  /**
   * `plan.readFirst` false: the list walks its own order and tests each row (walksInOrder), so a
   * key should be read as a value, not through its index (see relatedColumn).
   */
  compile: (test: FieldTest, plan: { readFirst: boolean }) => Expression<SqlBool>;
  /** The column `order` sorts by; without one the field cannot be sorted on. */
  orderBy?: string;
  /** Set for a column of one related row (see relatedColumn). */
  relation?: Relation;
}

/**
 * A column of the one row of `table` (as `alias`) that the listed table's `key` names by uuid,
 * such as a pass's site name: 'visitors.residence_uuid' → residences.name.
 */
export interface Relation {
  key: string;
  table: string;
  alias: string;
  column: string;
  /** The related table's column the key holds: its uuid unless told (a name, for audit_names). */
  matches?: string;
  search?: SearchIndex;
}

/**
 * A field that is a related row's column: `key in (select alias.uuid from table as alias …)`
 * (or the column `matches` names).
 * On a walk in the list's order the key is read as a value: through its index, SQLite read every
 * listed row of each match (an OR of them a multi-index OR) and sorted them all, 370 ms for a
 * superadmin's two-letter attendance search at a million rows, where the walk meets a page early.
 */
export function relatedColumn(
  relation: Relation,
  options: { orderBy?: string } = {},
): ComputedField {
  return {
    compile: (test, plan) =>
      sql<SqlBool>`${plan.readFirst ? sql.ref(relation.key) : valueOnly(sql.ref(relation.key))} in (select ${sql.ref(`${relation.alias}.${relation.matches ?? 'uuid'}`)} from ${sql.table(relation.table)} as ${sql.table(relation.alias)} where ${test(sql.ref(`${relation.alias}.${relation.column}`), relation.search)})`,
    orderBy: options.orderBy,
    relation,
  };
}

/** A column with a trigram index, e.g. { column: 'guards.name', search: {…} }. */
export interface IndexedColumn {
  column: string;
  search: SearchIndex;
}

/** An API field: a column reference such as 'guards.name', an indexed column, or a computed field. */
export type FieldSpec = string | IndexedColumn | ComputedField;

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
  if (typeof spec === 'string') return spec;
  return 'column' in spec ? spec.column : spec.orderBy;
}

/** Trigram indexes find text of at least three characters. */
const MIN_INDEXED_TEXT = 3;

/**
 * The text a LIKE pattern looks for anywhere in a value ('%text%', with \%, \_ and \\ as plain
 * characters), or null when the pattern is of another shape or too short for a trigram index.
 */
export function containedText(pattern: string): string | null {
  if (pattern.length < 2 || !pattern.startsWith('%') || !pattern.endsWith('%')) return null;
  let text = '';
  const inner = pattern.slice(1, -1);
  for (let i = 0; i < inner.length; i += 1) {
    const character = inner[i] ?? '';
    if (character === '\\') {
      const escaped = inner[i + 1];
      // A backslash with nothing after it escapes the closing %: not a '%text%' pattern.
      if (escaped === undefined) return null;
      text += escaped;
      i += 1;
    } else if (character === '%' || character === '_') {
      return null;
    } else {
      text += character;
    }
  }
  return [...text].length >= MIN_INDEXED_TEXT ? text : null;
}

/** lower() on both sides: SQLite's LIKE ignores ASCII case, PostgreSQL's does not. */
function plainLike(
  column: Expression<unknown>,
  pattern: string | number,
  negated = false,
): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${column}) ${negated ? sql`not like` : sql`like`} lower(${pattern}) escape '\\'`;
}

/**
 * One operand of a search's union: a condition on the listed table's row, or, for a related
 * row's column, a condition on that row (`joined`), which the union reads first.
 */
interface UnionMember {
  where: RawBuilder<SqlBool>;
  joined?: Relation;
}

/**
 * `a or b or …` over the listed table's rows as `rowid in (rows where a union all rows where b …)`.
 * The same rows, but each search reads its own index (a trigram index, or the listed table's
 * index on a sub-select's key), where SQLite gives an OR of sub-selects one plan: walking every
 * row in the list's order and testing each (a visitor search that matched nothing: ~440 ms at
 * 200,000 passes). Each operand names only the listed table's columns, so inside its sub-select
 * the table's name means the sub-select's own row. `readFirst` false leaves the walk in order to
 * SQLite, testing each row against the matches: faster when they are many (FEW_MATCHES).
 *
 * A related row's search starts from the related rows it matches, then reads the listed rows
 * keyed to them, an order `cross join` fixes on SQLite. Left to the planner, `key in (sub-select)`
 * was tested on every listed row when the statistics said a site holds many (all 20,000 passes
 * read at the 100 k size for a search matching nothing).
 */
function unionOfMatches(
  engine: Engine,
  table: string,
  members: UnionMember[],
  options: { readFirst: boolean; within?: Expression<SqlBool> },
): RawBuilder<SqlBool> {
  // Live rows only, as the list shows: the listed table's indexes on sub-selects' keys are partial.
  // `within` (the caller's scope) there too, so rows it would drop are not gathered and read.
  const within = options.within ? sql`${options.within} and ` : sql``;
  const matches = members.map(({ where, joined }) => {
    const from = joined
      ? sql`${sql.table(joined.table)} as ${sql.table(joined.alias)} cross join ${sql.table(table)}`
      : sql.table(table);
    const keyed = joined
      ? sql`${sql.ref(joined.key)} = ${sql.ref(`${joined.alias}.${joined.matches ?? 'uuid'}`)} and `
      : sql``;
    return sql`select ${rowKey(engine, table)} from ${from} where ${sql.ref(`${table}.deleted_at`)} is null and ${within}${keyed}${where}`;
  });
  const key = rowKey(engine, table, { valueOnly: !options.readFirst });
  return sql<SqlBool>`(${key} in (${sql.join(matches, sql` union all `)}))`;
}

/** The related row a field is a column of, if it is one (relatedColumn). */
function relationOf(spec: FieldSpec | undefined): Relation | undefined {
  return typeof spec === 'object' && 'compile' in spec ? spec.relation : undefined;
}

/** A substring search of a related row's column, and the select of the keys it matches. */
export interface RelatedSearch {
  node: FilterNode;
  /** The keys of the related rows the search matches (`key` each), as the sub-select reads them. */
  keys: RawBuilder<{ key: unknown }>;
}

/**
 * The substring searches in `tree` of a related row's column (a pass's site name, a guard's
 * company), each with the select of the related rows' keys it matches: the rows the sub-select of
 * relatedColumn would read, live or not, found through the column's trigram index.
 */
export function relatedSearches(tree: FilterNode, fields: FieldSpecs): RelatedSearch[] {
  const found: RelatedSearch[] = [];
  const walk = (node: FilterNode): void => {
    if (node.kind === 'and' || node.kind === 'or') node.operands.forEach(walk);
    else if (node.kind === 'not') walk(node.operand);
    else if (node.kind === 'like' && !node.negated && node.pattern.kind === 'string') {
      const relation = relationOf(fieldOf(fields, node.field));
      if (relation === undefined || containedText(node.pattern.value) === null) return;
      const column = sql.ref(`${relation.alias}.${relation.column}`);
      found.push({
        node,
        keys: sql<{
          key: unknown;
        }>`select ${sql.ref(`${relation.alias}.${relation.matches ?? 'uuid'}`)} as ${sql.ref('key')} from ${sql.table(relation.table)} as ${sql.table(relation.alias)} where ${plainLike(column, node.pattern.value)}`,
      });
    }
  };
  walk(tree);
  return found;
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
  options: {
    onSearchIndex?: () => void;
    listedTable?: string;
    readMatchesFirst?: boolean;
    within?: Expression<SqlBool>;
    /** The engine the SQL is for; SQLite unless told. */
    engine?: Engine;
    /**
     * Searches of a related row's column whose related rows were read first (readListQuery):
     * each such node is compiled as its key among those rows' keys.
     */
    resolved?: ReadonlyMap<FilterNode, readonly unknown[]>;
  } = {},
): Expression<SqlBool> {
  const engine = options.engine ?? 'sqlite';
  const nowText = formatUtcTimestamp(now);
  let indexReads = 0;
  const readIndex = () => {
    indexReads += 1;
    options.onSearchIndex?.();
  };

  /** One field condition: applied to the field's column, or handed to its computed field. */
  const condition = (field: string, test: FieldTest): RawBuilder<SqlBool> => {
    const spec = fieldOf(fields, field);
    if (spec === undefined) throw filterError(`Unknown field ${excerpt(field)} in filter.`);
    if (typeof spec === 'string') return sql<SqlBool>`${test(sql.ref(spec))}`;
    if ('column' in spec) return sql<SqlBool>`${test(sql.ref(spec.column), spec.search)}`;
    return sql<SqlBool>`(${spec.compile(test, { readFirst: options.readMatchesFirst ?? true })})`;
  };

  const bind = (value: FilterValue): string | number =>
    value.kind === 'now' ? nowText : value.value;

  /** A backslash escapes % and _, so a client can search for them as plain characters. */
  const likeTest =
    (node: LikeNode): FieldTest =>
    (column, index) => {
      const pattern = bind(node.pattern);
      if (node.negated) return plainLike(column, pattern, true);
      const text = index && typeof pattern === 'string' ? containedText(pattern) : null;
      if (!index || text === null) return plainLike(column, pattern);
      readIndex();
      return searchIndexCondition(engine, index, [index.column], text, plainLike(column, pattern));
    };

  const compile = (node: FilterNode): RawBuilder<SqlBool> => {
    switch (node.kind) {
      case 'and':
        return sql<SqlBool>`(${sql.join(node.operands.map(compile), sql` and `)})`;
      case 'or':
        return (
          (searchesOrsAsUnions(engine) &&
            options.listedTable !== undefined &&
            searchUnion(node.operands, options.listedTable)) ||
          sql<SqlBool>`(${sql.join(node.operands.map(compile), sql` or `)})`
        );
      case 'not':
        return sql<SqlBool>`not (${compile(node.operand)})`;
      case 'comparison':
        return condition(
          node.field,
          (column) => sql<SqlBool>`${column} ${COMPARISON_SQL[node.operator]} ${bind(node.value)}`,
        );
      case 'like': {
        const keys = options.resolved?.get(node);
        const relation = keys && relationOf(fieldOf(fields, node.field));
        if (keys && relation) {
          const key = sql.ref(relation.key);
          return keys.length === 0
            ? sql<SqlBool>`1 = 0`
            : sql<SqlBool>`${options.readMatchesFirst === false ? valueOnly(key) : key} in (${sql.join(keys.map((value) => sql.val(value)))})`;
        }
        return condition(node.field, likeTest(node));
      }
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

  /**
   * An OR of substring searches that each read an index, as the union of each one's matches (see
   * unionOfMatches); searches of one trigram index share its MATCH. Null for any other OR.
   */
  const searchUnion = (operands: FilterNode[], table: string): RawBuilder<SqlBool> | null => {
    const byIndex = new Map<
      string,
      { index: SearchIndex; text: string; columns: string[]; likes: RawBuilder<SqlBool>[] }
    >();
    const members: UnionMember[] = [];
    for (const operand of operands) {
      if (operand.kind !== 'like' || operand.negated) return null;
      const pattern = bind(operand.pattern);
      const text = typeof pattern === 'string' ? containedText(pattern) : null;
      if (text === null) return null;
      const spec = fieldOf(fields, operand.field);
      if (typeof spec === 'object' && 'column' in spec && spec.search.rowid === `${table}.rowid`) {
        const key = `${spec.search.table} ${text}`;
        const search = byIndex.get(key) ?? { index: spec.search, text, columns: [], likes: [] };
        search.columns.push(spec.search.column);
        search.likes.push(plainLike(sql.ref(spec.column), pattern));
        byIndex.set(key, search);
      } else {
        const readsBefore = indexReads;
        const relation = typeof spec === 'object' && 'compile' in spec ? spec.relation : undefined;
        const member: UnionMember = relation
          ? {
              where: sql<SqlBool>`${likeTest(operand)(sql.ref(`${relation.alias}.${relation.column}`), relation.search)}`,
              joined: relation,
            }
          : { where: compile(operand) };
        if (indexReads === readsBefore) return null;
        members.push(member);
      }
    }
    for (const { index, columns, text, likes } of byIndex.values()) {
      readIndex();
      members.push({
        where: searchIndexCondition(
          engine,
          index,
          columns,
          text,
          sql<SqlBool>`(${sql.join(likes, sql` or `)})`,
        ),
      });
    }
    return unionOfMatches(engine, table, members, {
      readFirst: options.readMatchesFirst ?? true,
      within: options.within,
    });
  };

  return compile(tree);
}
