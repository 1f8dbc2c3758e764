/** The query language's public surface: route handlers import from here, not from the parts. */
export { QueryError, type QueryErrorCode } from './errors';
export type { ComparisonOperator, FilterNode, FilterValue } from './ast';
export { FILTER_LIMITS, parseFilterTree, type FilterLimits } from './parser';
export {
  compileFilter,
  formatUtcTimestamp,
  containedText,
  relatedColumn,
  type ComputedField,
  type Relation,
  type FieldSpec,
  type IndexedColumn,
  type SearchIndex,
  type FieldSpecs,
  type FieldTest,
} from './to-kysely';
export {
  DEFAULT_MAX_LIMIT,
  FEW_MATCHES,
  applyListQuery,
  countMatches,
  listAnswer,
  parseFilter,
  walksInOrder,
  matchesForPlan,
  countSearch,
  COUNT_CAP,
  type ListCount,
  parseListQuery,
  readListQuery,
  RELATED_KEYS_READ_FIRST,
  type FilterOptions,
  type ListAnswer,
  type ListQueryParams,
  type OrderTerm,
  type ParsedListQuery,
  type ResourceQuerySpec,
  type SortDirection,
} from './list-query';
