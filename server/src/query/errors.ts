export type QueryErrorCode =
  | 'INVALID_FILTER'
  | 'INVALID_ORDER'
  | 'INVALID_LIMIT'
  | 'INVALID_OFFSET'
  | 'INVALID_RELATED'
  | 'INVALID_INCLUDE_COUNT';

/**
 * A list call's query parameters are wrong. This is the only error the query module throws for
 * anything a client sends, so the HTTP layer can answer every one of them with a 400.
 * Fastify's default error handler already reads `statusCode` and `code`.
 */
export class QueryError extends Error {
  readonly statusCode = 400;
  readonly code: QueryErrorCode;

  constructor(code: QueryErrorCode, message: string) {
    super(message);
    this.name = 'QueryError';
    this.code = code;
  }
}

export function filterError(message: string): QueryError {
  return new QueryError('INVALID_FILTER', message);
}

const EXCERPT_LENGTH = 40;

/** Client text quoted in a message, cut short so a huge parameter cannot flood responses and logs. */
export function excerpt(text: string): string {
  const short = text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH)}…` : text;
  return `'${short}'`;
}
