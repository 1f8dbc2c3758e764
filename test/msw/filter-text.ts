/**
 * Reads the parts of the API's filter language that the console writes (src/api/filters.ts), so
 * the MSW handlers answer what the real server would. Not a parser: it finds known shapes.
 */
const QUOTED = "'((?:[^']|'')*)'";
const unquote = (text: string) => text.replace(/''/g, "'");

/** The text of the keyword search (`field like '%text%'`), lower-cased; null when there is none. */
export function keywordOf(filter: string): string | null {
  const pattern = new RegExp(`like ${QUOTED}`).exec(filter)?.[1];
  if (pattern === undefined) return null;
  return unquote(pattern).replace(/^%|%$/g, '').replace(/\\(.)/g, '$1').toLowerCase();
}

/** The value of `(field='value')`, or undefined when the filter has no such condition. */
export function equalsOf(filter: string, field: string): string | undefined {
  const value = new RegExp(`\\(${field}=${QUOTED}\\)`).exec(filter)?.[1];
  return value === undefined ? undefined : unquote(value);
}

export function matchesKeyword(filter: string, fields: ReadonlyArray<string | null>): boolean {
  const keyword = keywordOf(filter);
  return keyword === null || fields.some((field) => field?.toLowerCase().includes(keyword));
}

/**
 * Applies `order`, `limit` and `offset` as the server does, and leaves `meta` out when asked
 * `include_count=false`, as the server does; `sortable` maps fields to values.
 */
export function pageOf<Row>(
  rows: readonly Row[],
  params: URLSearchParams,
  sortable: Record<string, (row: Row) => string>,
): { resource: Row[]; meta?: { count: number } } {
  const [field = 'created_at', direction = 'desc'] = (
    params.get('order') ?? 'created_at desc'
  ).split(' ');
  const key = sortable[field];
  if (!key) throw new Error(`The handler cannot sort by ${field}`);
  const sign = direction === 'asc' ? 1 : -1;
  const sorted = [...rows].sort((a, b) => sign * key(a).localeCompare(key(b)));
  const offset = Number(params.get('offset') ?? 0);
  const limit = Number(params.get('limit') ?? 500);
  const resource = sorted.slice(offset, offset + limit);
  return params.get('include_count') === 'false'
    ? { resource }
    : { resource, meta: { count: rows.length } };
}
