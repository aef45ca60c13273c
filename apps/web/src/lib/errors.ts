/**
 * Maps a failed call to the message a user sees: no answer from the server
 * (network failure, timeout, a reply that is not ours) is 'Failed to connect to
 * server'; an answer carries the server's message, else the screen's fallback.
 */
import { MESSAGES } from '@pos/domain';

interface ErrorShape {
  message?: unknown;
  data?: { httpStatus?: unknown; code?: unknown } | null;
  shape?: unknown;
}

/** The HTTP status the server answered with, or null when there was no answer from it. */
export function httpStatusOf(error: unknown): number | null {
  if (typeof error !== 'object' || error === null) return null;
  const status = (error as ErrorShape).data?.httpStatus;
  return typeof status === 'number' ? status : null;
}

export function errorMessage(error: unknown, fallback: string): string {
  if (httpStatusOf(error) === null) return MESSAGES.connectFailed;
  const message = (error as ErrorShape).message;
  return typeof message === 'string' && message.trim() !== '' ? message : fallback;
}

/** True when the server said the session is gone (401). */
export function isUnauthorized(error: unknown): boolean {
  return httpStatusOf(error) === 401;
}
