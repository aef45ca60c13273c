/**
 * One AppError with one code -> HTTP status map (docs/API.md, statuses), shared by the
 * tRPC error formatter and the REST door. Every failure body is
 * `{ success: false, message, code }`.
 */
import { randomUUID } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { isOwnMessage } from '@pos/contracts';
import { DomainError } from '@pos/domain';
import { isDatabaseUnavailable, isUniqueViolation } from './db-errors';

export const HTTP_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_SUPPORTED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  /** tRPC's code for a request it could not read; answered as BAD_REQUEST. */
  PARSE_ERROR: 400,
} as const;

export type AppErrorCode = Exclude<keyof typeof HTTP_STATUS, 'PARSE_ERROR'>;

export const SERVICE_UNAVAILABLE_MESSAGE = 'Service unavailable';

export class AppError extends TRPCError {
  declare readonly code: AppErrorCode;
  constructor(code: AppErrorCode, message: string, cause?: unknown) {
    super({ code, message, cause });
    this.name = 'AppError';
  }
}

export interface ErrorBody {
  success: false;
  message: string;
  code: AppErrorCode;
}

/** The first validation issue as one sentence that names the field. */
export function zodMessage(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid input';
  if (isOwnMessage(issue.message)) return issue.message;
  const field = issue.path.map(String).join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}

/**
 * Normalises anything thrown by a procedure: validation and domain errors become 400
 * with their message; a database unique violation a procedure did not expect is a 409;
 * a database that cannot be reached is a 503; anything else is a 500 whose message is
 * hidden behind an error id.
 */
export function toAppError(error: unknown): AppError {
  // Already normalised (by the procedure middleware): keep it, with its error id.
  if (error instanceof AppError) return error;
  const cause = error instanceof TRPCError && error.cause ? error.cause : error;
  if (cause instanceof AppError) return cause;
  if (cause instanceof ZodError) return new AppError('BAD_REQUEST', zodMessage(cause), cause);
  if (cause instanceof DomainError) return new AppError('BAD_REQUEST', cause.message, cause);
  if (error instanceof TRPCError && error.code === 'PARSE_ERROR') return new AppError('BAD_REQUEST', error.message, error);
  if (error instanceof TRPCError && error.code in HTTP_STATUS && error.code !== 'INTERNAL_SERVER_ERROR') {
    return new AppError(error.code as AppErrorCode, error.message, error);
  }
  if (isDatabaseUnavailable(cause)) return new AppError('SERVICE_UNAVAILABLE', SERVICE_UNAVAILABLE_MESSAGE, cause);
  if (isUniqueViolation(cause)) return new AppError('CONFLICT', 'A record with these details already exists', cause);
  return new AppError('INTERNAL_SERVER_ERROR', 'Internal server error', cause);
}

/** The HTTP status of a normalised error. */
export function httpStatusOf(error: AppError): number {
  return HTTP_STATUS[error.code];
}

export function errorBody(error: AppError): ErrorBody {
  return { success: false, message: error.message, code: error.code };
}

/**
 * Logs an unexpected failure under a fresh error id and answers the generic 500: the
 * id is the only link between what the caller sees and the server log.
 */
export function internalError(log: { error(obj: object, msg?: string): void }, cause: unknown, where: string): AppError {
  const errorId = randomUUID().slice(0, 8);
  log.error({ err: cause, errorId, where }, 'unexpected error');
  return new AppError('INTERNAL_SERVER_ERROR', `Internal server error (error id ${errorId})`, cause);
}
