/** The syntax tree of a filter: what the parser produces and the Kysely compile step consumes. */

export type FilterValue =
  | { kind: 'string'; value: string }
  | { kind: 'number'; value: number }
  /** `NOW()`: resolved at compile time, so one filter sees one instant. */
  | { kind: 'now' };

/** `!=` is normalised to `<>` by the parser. */
export type ComparisonOperator = '=' | '<>' | '<' | '<=' | '>' | '>=';

export type FilterNode =
  | { kind: 'and'; operands: FilterNode[] }
  | { kind: 'or'; operands: FilterNode[] }
  | { kind: 'not'; operand: FilterNode }
  | { kind: 'comparison'; field: string; operator: ComparisonOperator; value: FilterValue }
  | { kind: 'like'; field: string; negated: boolean; pattern: FilterValue }
  | { kind: 'in'; field: string; negated: boolean; values: FilterValue[] }
  | { kind: 'isNull'; field: string; negated: boolean };
