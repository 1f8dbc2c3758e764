import { isValueOfWrongType } from '../db/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody } from '@contract/list';

/** An error whose code and message are safe to show the caller. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** Headers the answer carries, such as Retry-After. */
    readonly headers: Record<string, string> = {},
    /** The request field the error is about, so a form can show it at that field. */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const unauthorized = (
  message = 'Your session has ended. Please sign in again.',
  code = 'UNAUTHORIZED',
) => new ApiError(401, code, message);
export const forbidden = (message = 'You do not have access to this record.') =>
  new ApiError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Record does not exist.', code = 'NOT_FOUND') =>
  new ApiError(404, code, message);
export const badRequest = (message: string, code = 'INVALID_REQUEST', field?: string) =>
  new ApiError(400, code, message, {}, field);
export const conflict = (message: string, code = 'CONFLICT', field?: string) =>
  new ApiError(409, code, message, {}, field);
export const payloadTooLarge = (message: string, code = 'PAYLOAD_TOO_LARGE') =>
  new ApiError(413, code, message);

interface ExposableError {
  statusCode: number;
  code: string;
  message: string;
}

/** Errors made by this app, and Fastify's for a bad request (a 4xx status and a code), are shown. */
function isExposable(error: unknown): error is ExposableError {
  // This app's own errors are written to be shown, whatever their status (503 Busy among them).
  if (error instanceof ApiError) return true;
  if (!(error instanceof Error)) return false;
  const { statusCode, code } = error as Partial<FastifyError>;
  return (
    typeof statusCode === 'number' &&
    statusCode >= 400 &&
    statusCode < 500 &&
    typeof code === 'string'
  );
}

/** The body of an error answer, as one API door writes it. */
export type ErrorBodyOf = (code: string, message: string, field?: string) => unknown;

/** The console API's error body (DreamFactory's shape), naming the field when there is one. */
function errorBody(code: string, message: string, field?: string): ApiErrorBody {
  return { error: field ? { code, message, field } : { code, message } };
}

/** How long a client has to read an early answer before its connection is cut. */
const LINGER_MS = 2_000;

/**
 * An answer given before the request's body was read (too large, or no memory for it): the rest
 * is not read. Node reads and drops an unread body to its end to keep the connection (300 MB of a
 * chunked upload included), and with `Connection: close` it destroys the socket the moment the
 * answer is written, so a client still sending may never read it. Instead, once the answer is out,
 * the body stops being read (a paused request stops its socket when its buffer fills), and the
 * connection closes LINGER_MS later: time for the client to read the answer.
 */
function closeInsteadOfReading(request: FastifyRequest, reply: FastifyReply): void {
  reply.raw.once('finish', () => {
    const socket = request.raw.socket;
    // Injected requests (tests) have no connection to close.
    if (typeof socket?.destroy !== 'function') return;
    request.raw.unpipe();
    request.raw.removeAllListeners('data');
    request.raw.pause();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  });
}

/**
 * Every error answers `bodyOf(code, message, field)` ({error: {code, message, field?}} by default); a 5xx never
 * shows its internal message. A door with its own shape (the guard app's) sets its own within
 * its plugin.
 */
export function registerErrorHandling(app: FastifyInstance, bodyOf: ErrorBodyOf = errorBody): void {
  app.setErrorHandler((error, request, reply) => {
    if ((error as FastifyError).validation) {
      return reply
        .status(400)
        .send(bodyOf('INVALID_REQUEST', `Invalid request: ${(error as Error).message}`));
    }
    if (isExposable(error)) {
      if (error instanceof ApiError) reply.headers(error.headers);
      if (!request.raw.complete) closeInsteadOfReading(request, reply);
      const code = error.code.startsWith('FST_') ? 'INVALID_REQUEST' : error.code;
      const field = error instanceof ApiError ? error.field : undefined;
      return reply.status(error.statusCode).send(bodyOf(code, error.message, field));
    }
    if (isValueOfWrongType(error)) {
      return reply
        .status(400)
        .send(bodyOf('INVALID_VALUE', 'A value in the request does not fit its field.'));
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send(bodyOf('INTERNAL_ERROR', 'Something went wrong on the server. Please try again.'));
  });
}
