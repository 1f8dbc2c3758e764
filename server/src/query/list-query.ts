import { sql, type Expression, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { ListResponse, ResourceResponse } from '@contract/list';
import type { Engine } from '../db/engine';
import { sortDirection } from '../db/engine/ordering';
import { valueOnly } from '../db/engine/plan-hints';
import { QueryError, excerpt, type QueryErrorCode } from './errors';
import { FILTER_LIMITS, parseFilterTree, type FilterLimits } from './parser';
import type { FilterNode } from './ast';
import {
  compileFilter,
  fieldOf,
  relatedSearches,
  sortColumnOf,
  type FieldSpecs,
} from './to-kysely';

export const DEFAULT_MAX_LIMIT = 500;

export type SortDirection = 'asc' | 'desc';

/** What one resource lets clients filter, sort and embed. Route handlers declare one each. */
export interface ResourceQuerySpec {
  /**
   * API field name -> SQL column reference such as 'guards.name' or 'sc.name' (compiled with
   * sql.ref), or a ComputedField for a field reached through another table.
   */
  fields: FieldSpecs;
  /**
   * The listed table, for a list of its live rows (`deleted_at` null) whose every field is a
   * column of that table or a sub-select keyed on one: a search over several of its fields then
   * gathers each field's matches through that field's index and unites them, rather than testing
   * the OR on every row in the list's order. Leave it out when a field names a joined table's
   * column.
   */
  table?: string;
  /** Fields allowed in `order`; defaults to all fields that have a column to sort by. */
  sortable?: readonly string[];
  /** Relation names allowed in `related`; defaults to none. */
  related?: readonly string[];
  /** Used when `order` is absent, and appended as a tie-breaker so pages stay stable. */
  defaultOrder: { field: string; direction: SortDirection };
  /** Largest `limit` accepted; defaults to DEFAULT_MAX_LIMIT. */
  maxLimit?: number;
  /** `limit` when the client sends none; defaults to maxLimit, as DreamFactory returns all it may. */
  defaultLimit?: number;
}

/** The list parameters as they arrive from Fastify's query string parser. */
export interface ListQueryParams {
  filter?: unknown;
  order?: unknown;
  limit?: unknown;
  offset?: unknown;
  related?: unknown;
  include_count?: unknown;
}

export interface FilterOptions {
  /** The instant NOW() stands for; defaults to the current time. */
  now?: Date;
  limits?: Partial<FilterLimits>;
  /** The engine the SQL is for (the app's `engine`); SQLite unless told. */
  engine?: Engine;
}

export interface OrderTerm {
  field: string;
  /** The spec's column reference, for `sql.ref`. */
  ref: string;
  direction: SortDirection;
}

export interface ParsedListQuery {
  /** Null when there is no filter. */
  where: Expression<SqlBool> | null;
  /**
   * The filter as one query should read it: `within`, a condition every row of the answer meets
   * anyway (the caller's scope), is also applied inside a search union (for a spec with a listed
   * table, ResourceQuerySpec.table), which then gathers only rows the caller may see; `inOrder`
   * tests each row against the search's matches rather than reading them first, for a walk in
   * the list's order (walksInOrder), on every spec.
   */
  whereFor(options: {
    within?: Expression<SqlBool>;
    inOrder?: boolean;
  }): Expression<SqlBool> | null;
  /** Never empty: ends with the default order unless the client already sorted by that field. */
  order: OrderTerm[];
  limit: number;
  offset: number;
  related: string[];
  /**
   * False when the client sent include_count=false: it has the count already (an export's later
   * pages), so the list answers without `meta` and spares the database the counting.
   */
  includeCount: boolean;
  /**
   * True for include_count=exact: a search is counted whole rather than up to COUNT_CAP (for
   * the last page of a long search, or an export's progress).
   */
  exactCount: boolean;
  /**
   * True when the filter reads a trigram search index (a search of three letters or more): its
   * matches are few enough to drive the query, so repositories keep SQLite from reading the
   * caller's scope through an index instead (see siteScope).
   */
  readsSearchIndex: boolean;
  /** The engine the SQL is for. */
  engine: Engine;
}

/**
 * Parses a filter against a resource's fields into a Kysely expression with bound values.
 * Throws QueryError for any text outside the language, including an empty filter.
 */
export function parseFilter(
  text: string,
  fields: FieldSpecs,
  options: FilterOptions = {},
): Expression<SqlBool> {
  const tree = parseFilterTree(text, { ...FILTER_LIMITS, ...options.limits });
  return compileFilter(tree, fields, options.now, { engine: options.engine });
}

/** The one entry point for list routes: validates every list parameter or throws QueryError. */
export function parseListQuery(
  params: ListQueryParams,
  spec: ResourceQuerySpec,
  options: FilterOptions & {
    /** The filter's tree as parsed before, with the related rows read for it (readListQuery). */
    relatedKeys?: { tree: FilterNode; resolved: ReadonlyMap<FilterNode, readonly unknown[]> };
  } = {},
): ParsedListQuery {
  const maxLimit = spec.maxLimit ?? DEFAULT_MAX_LIMIT;
  const filter = singleText(params.filter, 'filter', 'INVALID_FILTER');
  const limit = wholeNumber(params.limit, 'limit', 'INVALID_LIMIT', 1, maxLimit);
  const offset = wholeNumber(params.offset, 'offset', 'INVALID_OFFSET', 0, Number.MAX_SAFE_INTEGER);
  const tree =
    filter === undefined || filter.trim() === ''
      ? null
      : (options.relatedKeys?.tree ??
        parseFilterTree(filter, { ...FILTER_LIMITS, ...options.limits }));
  const now = options.now ?? new Date();
  let readsSearchIndex = false;
  const compile = (plan: { within?: Expression<SqlBool>; readMatchesFirst: boolean }) =>
    tree === null
      ? null
      : compileFilter(tree, spec.fields, now, {
          ...plan,
          engine: options.engine,
          resolved: options.relatedKeys?.resolved,
          listedTable: spec.table,
          onSearchIndex: () => {
            readsSearchIndex = true;
          },
        });
  // Compiled first: compiling is what finds whether a search index is read.
  const where = compile({ readMatchesFirst: true });
  const parsed: ParsedListQuery = {
    where,
    whereFor: ({ within, inOrder = false }) =>
      spec.table === undefined && !inOrder
        ? where
        : compile({ within, readMatchesFirst: !inOrder }),
    order: parseOrder(singleText(params.order, 'order', 'INVALID_ORDER'), spec),
    limit: limit ?? spec.defaultLimit ?? maxLimit,
    offset: offset ?? 0,
    related: parseRelated(singleText(params.related, 'related', 'INVALID_RELATED'), spec),
    ...parseIncludeCount(params.include_count),
    readsSearchIndex,
    engine: options.engine ?? 'sqlite',
  };
  if (tree !== null) trees.set(parsed, tree);
  return parsed;
}

/** Each parsed list's filter tree, for readListQuery. */
const trees = new WeakMap<ParsedListQuery, FilterNode>();

/** At most this many related rows' keys a search reads first (readListQuery); more are left to the sub-select. */
export const RELATED_KEYS_READ_FIRST = 1000;

/**
 * parseListQuery, and on PostgreSQL, the related rows a search names read first: a search of a
 * pass's site name or a guard's company reads the sites or companies it matches in a statement of
 * its own, and the list's statements then hold their keys as values. PostgreSQL plans
 * `residence_uuid in (sub-select)` inside a search's OR as a hashed sub-plan that no index serves,
 * so the OR's other arms could not read their trigram indexes and every row was read (a visitor
 * search matching nothing: every one of 200,000 passes). With the keys as values the planner sees
 * how few they are and combines the indexes. A search matching more than RELATED_KEYS_READ_FIRST
 * related rows keeps its sub-select. SQLite's searches gather each arm's matches already
 * (to-kysely.ts, unionOfMatches).
 */
export async function readListQuery<DB>(
  db: Kysely<DB>,
  params: ListQueryParams,
  spec: ResourceQuerySpec,
  options: FilterOptions = {},
): Promise<ParsedListQuery> {
  const list = parseListQuery(params, spec, options);
  const tree = trees.get(list);
  if (list.engine !== 'postgres' || tree === undefined) return list;
  const resolved = new Map<FilterNode, readonly unknown[]>();
  for (const { node, keys } of relatedSearches(tree, spec.fields)) {
    const rows = (
      await sql<{ key: unknown }>`${keys} limit ${RELATED_KEYS_READ_FIRST + 1}`.execute(db)
    ).rows;
    if (rows.length <= RELATED_KEYS_READ_FIRST)
      resolved.set(
        node,
        rows.map((row) => row.key),
      );
  }
  if (resolved.size === 0) return list;
  return parseListQuery(params, spec, { ...options, relatedKeys: { tree, resolved } });
}

/** At most this many matches of a search are sorted for a page; more are met early in order. */
export const FEW_MATCHES = 5000;

/**
 * Whether a page of a list with `matches` matches is found on a walk in the list's default
 * order, which every list has an index for: with many matches the walk meets a page early
 * (about limit × rows ÷ matches rows in), where reading them all and sorting costs every one.
 * Few matches, or another order (where the walk would read every row), read the matches first.
 */
export function walksInOrder(list: ParsedListQuery, matches: number): boolean {
  const inDefaultOrder = list.order.length === 1;
  return matches > FEW_MATCHES && inDefaultOrder;
}

/**
 * A search is counted up to this many matches: past it the answer's `meta.count` is the cap and
 * `meta.count_capped` is true. Counting a search most rows match (a site's name, two letters)
 * would otherwise read every match, 400,000 of a million attendance rows.
 */
export const COUNT_CAP = 10_000;

/** How many match: the whole count, or the cap when there are more. */
export interface ListCount {
  count: number;
  capped: boolean;
}

/** Counts what a select finds, stopping past `cap` when given. */
async function countRows<DB, TB extends keyof DB, O>(
  db: Kysely<DB>,
  matching: SelectQueryBuilder<DB, TB, O>,
  cap?: number,
): Promise<number> {
  const rows = matching.select(sql<number>`1`.as('one'));
  const counted = cap === undefined ? rows : rows.limit(cap + 1);
  const answer = await sql<{
    n: number;
  }>`select count(*) as n from (${counted}) as matched`.execute(db);
  return Number(answer.rows[0]?.n ?? 0);
}

/**
 * Counts a search's matches (`matching`, a select with its conditions) up to COUNT_CAP, or whole
 * for include_count=exact; null when the client asked for no count.
 */
export async function countSearch<DB, TB extends keyof DB, O>(
  db: Kysely<DB>,
  list: ParsedListQuery,
  matching: SelectQueryBuilder<DB, TB, O>,
): Promise<ListCount | null> {
  if (!list.includeCount) return null;
  if (list.exactCount) return { count: await countRows(db, matching), capped: false };
  const count = await countRows(db, matching, COUNT_CAP);
  return count > COUNT_CAP ? { count: COUNT_CAP, capped: true } : { count, capped: false };
}

/**
 * How many rows `matching` (a select with its conditions) finds, as far as choosing a page's
 * plan needs: the list's count when it was counted, else (a later page of a list the client
 * counted already) a count that stops past FEW_MATCHES, which costs at most that many rows.
 * The plan is then chosen by the matches, the same at every table size, never by the planner's
 * statistics.
 */
export async function matchesForPlan<DB, TB extends keyof DB, O>(
  db: Kysely<DB>,
  total: ListCount | number | null,
  matching: SelectQueryBuilder<DB, TB, O>,
): Promise<number> {
  if (total !== null) return typeof total === 'number' ? total : total.count;
  return countRows(db, matching, FEW_MATCHES);
}

/**
 * Counts the records a list matches (a query selecting `n`), unless the client asked for no count.
 * Every list counts through here, so `include_count=false` means the same everywhere.
 */
export async function countMatches(
  list: ParsedListQuery,
  query: { executeTakeFirstOrThrow(): Promise<{ n: number | bigint }> },
): Promise<number | null> {
  if (!list.includeCount) return null;
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** A list's answer: its page, and `meta.count` unless the client asked for no count. */
export type ListAnswer<Row> = ListResponse<Row> | ResourceResponse<Row[]>;

export function listAnswer<Row>(
  resource: Row[],
  count: ListCount | number | null,
): ListAnswer<Row> {
  if (count === null) return { resource };
  if (typeof count === 'number') return { resource, meta: { count } };
  return {
    resource,
    meta: count.capped ? { count: count.count, count_capped: true } : { count: count.count },
  };
}

/** DreamFactory's include_count: true unless the client says false (or 0); ours adds exact. */
function parseIncludeCount(value: unknown): { includeCount: boolean; exactCount: boolean } {
  const text = singleText(value, 'include_count', 'INVALID_INCLUDE_COUNT');
  if (text === undefined || text === '') return { includeCount: true, exactCount: false };
  const flag = text.toLowerCase();
  if (flag === 'true' || flag === '1') return { includeCount: true, exactCount: false };
  if (flag === 'false' || flag === '0') return { includeCount: false, exactCount: false };
  if (flag === 'exact') return { includeCount: true, exactCount: true };
  throw new QueryError(
    'INVALID_INCLUDE_COUNT',
    `Invalid include_count ${excerpt(text)}: expected true, false or exact.`,
  );
}

/**
 * Applies a parsed list query's filter, order, limit and offset to a select. `byValue` sorts by
 * the values alone (valueOnly): the planner cannot read an index for the order, so a search's few
 * matches drive the query rather than a walk of the whole order.
 */
export function applyListQuery<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  list: ParsedListQuery,
  options: { byValue?: boolean } = {},
): SelectQueryBuilder<DB, TB, O> {
  let result = list.where === null ? query : query.where(list.where);
  for (const term of list.order) {
    const key = options.byValue ? valueOnly(sql.ref(term.ref)) : sql.ref(term.ref);
    result = result.orderBy(key, sortDirection(list.engine, term.direction));
  }
  return result.limit(list.limit).offset(list.offset);
}

/** A query string parameter given once; a repeated one arrives as an array and is refused. */
function singleText(value: unknown, name: string, code: QueryErrorCode): string | undefined {
  if (value === undefined || typeof value === 'string') return value;
  if (Array.isArray(value)) throw new QueryError(code, `Parameter '${name}' must be given once.`);
  throw new QueryError(code, `Parameter '${name}' must be text.`);
}

/** Digits only (no sign, point or exponent); a number is accepted too, for coercing schemas. */
function wholeNumber(
  value: unknown,
  name: string,
  code: QueryErrorCode,
  min: number,
  max: number,
): number | undefined {
  const text = typeof value === 'number' ? String(value) : singleText(value, name, code);
  if (text === undefined || text === '') return undefined;
  const number = /^\d+$/.test(text) ? Number(text) : NaN;
  if (number >= min && number <= max) return number;
  const range = max === Number.MAX_SAFE_INTEGER ? `of ${min} or more` : `from ${min} to ${max}`;
  throw new QueryError(code, `Invalid ${name} ${excerpt(text)}: expected a whole number ${range}.`);
}

/** `field`, `` `field` `` or either followed by a direction: the same names filters accept. */
const ORDER_TERM = /^(?:`([A-Za-z_][A-Za-z0-9_.]*)`|([A-Za-z_][A-Za-z0-9_.]*))(?:\s+(asc|desc))?$/i;

function parseOrder(text: string | undefined, spec: ResourceQuerySpec): OrderTerm[] {
  const terms: OrderTerm[] = [];
  if (text !== undefined && text.trim() !== '') {
    const sortable =
      spec.sortable ??
      Object.keys(spec.fields).filter((field) => sortColumn(spec, field) !== undefined);
    for (const item of text.split(',')) {
      const match = ORDER_TERM.exec(item.trim());
      const field = match?.[1] ?? match?.[2];
      if (match === null || field === undefined) {
        throw new QueryError(
          'INVALID_ORDER',
          `Invalid order ${excerpt(item.trim())}: expected 'field [asc|desc]'.`,
        );
      }
      if (fieldOf(spec.fields, field) === undefined) {
        throw new QueryError('INVALID_ORDER', `Unknown field ${excerpt(field)} in order.`);
      }
      const ref = sortColumn(spec, field);
      if (ref === undefined || !sortable.includes(field)) {
        throw new QueryError('INVALID_ORDER', `Field ${excerpt(field)} cannot be used in order.`);
      }
      if (terms.some((term) => term.field === field)) {
        throw new QueryError('INVALID_ORDER', `Field ${excerpt(field)} appears twice in order.`);
      }
      const direction = match[3]?.toLowerCase() === 'desc' ? 'desc' : 'asc';
      terms.push({ field, ref, direction });
    }
  }
  const fallback = spec.defaultOrder;
  if (!terms.some((term) => term.field === fallback.field)) {
    const ref = sortColumn(spec, fallback.field);
    // A spec mistake, not a client one: fail loudly rather than as a 400.
    if (ref === undefined) {
      throw new Error(`defaultOrder field '${fallback.field}' is not a field with a sort column.`);
    }
    terms.push({ field: fallback.field, ref, direction: fallback.direction });
  }
  return terms;
}

function sortColumn(spec: ResourceQuerySpec, field: string): string | undefined {
  const fieldSpec = fieldOf(spec.fields, field);
  return fieldSpec === undefined ? undefined : sortColumnOf(fieldSpec);
}

function parseRelated(text: string | undefined, spec: ResourceQuerySpec): string[] {
  if (text === undefined || text.trim() === '') return [];
  const allowed = spec.related ?? [];
  const names = text.split(',').map((name) => name.trim());
  if (names.includes('*')) return [...allowed];
  for (const name of names) {
    if (name === '') throw new QueryError('INVALID_RELATED', 'Empty name in related.');
    if (!allowed.includes(name)) {
      const known = allowed.length > 0 ? ` Allowed: ${allowed.join(', ')}.` : '';
      throw new QueryError(
        'INVALID_RELATED',
        `Unknown relation ${excerpt(name)} in related.${known}`,
      );
    }
  }
  return [...new Set(names)];
}
