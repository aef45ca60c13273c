import { describe, expect, it } from 'vitest';
import { TRPCClientError } from '@trpc/client';
import { errorMessage, httpStatusOf, isUnauthorized } from './errors';

function serverError(message: string, httpStatus: number) {
  return TRPCClientError.from({ error: { message, code: -32600, data: { httpStatus, code: 'BAD_REQUEST' } } });
}

describe('errorMessage', () => {
  it('shows the server message when the server answered', () => {
    expect(errorMessage(serverError('Invalid username or password', 401), 'Login failed')).toBe('Invalid username or password');
  });

  it('falls back to the screen message when the server gave none', () => {
    expect(errorMessage(serverError('', 400), 'Failed to change password')).toBe('Failed to change password');
  });

  it('says Failed to connect to server when no answer came back', () => {
    const network = TRPCClientError.from(new TypeError('Failed to fetch'));
    expect(errorMessage(network, 'Login failed')).toBe('Failed to connect to server');
    const timeout = TRPCClientError.from(new DOMException('signal timed out', 'TimeoutError'));
    expect(errorMessage(timeout, 'Login failed')).toBe('Failed to connect to server');
    expect(errorMessage(new Error('boom'), 'Login failed')).toBe('Failed to connect to server');
    expect(errorMessage(undefined, 'Login failed')).toBe('Failed to connect to server');
  });

  it('recognises a 401', () => {
    expect(isUnauthorized(serverError('Not signed in', 401))).toBe(true);
    expect(isUnauthorized(serverError('Forbidden', 403))).toBe(false);
    expect(httpStatusOf(serverError('x', 409))).toBe(409);
  });
});
