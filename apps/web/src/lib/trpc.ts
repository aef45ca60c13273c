/**
 * The tRPC client (docs/API.md: the two doors, identity): batched calls to /trpc with
 * superjson; every call carries the stored token and the current role's storeId and
 * role as headers, and gives up after 30 s. A 401 on any call but a sign-in means the
 * session is gone: it is cleared and the app returns to the login page. Every answer and
 * every call that found no server tells `connectivity` (the offline till).
 */
import { httpBatchLink, TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import superjson from 'superjson';
import type { AppRouter } from '@pos/api';
import { connectivity, isConnectFailure } from './connectivity';
import { session } from './session';
import { currentStoreScope, settingsFreshness } from './settings-freshness';
import { procedurePath, trpc } from './trpc-react';

export { trpc };

export const API_TIMEOUT_MS = 30_000;

/** The identity headers (docs/API.md, Identity) for the stored session. */
export function identityHeaders(): Record<string, string> {
  const { token, currentRole } = session.get();
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (currentRole) {
    headers['x-store-id'] = String(currentRole.storeId);
    headers['x-role'] = currentRole.role;
  }
  return headers;
}

/** fetch with the 30 s timeout, combined with the caller's own abort signal. */
export const fetchWithTimeout: typeof fetch = (input, init) => {
  const timeout = AbortSignal.timeout(API_TIMEOUT_MS);
  const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
  return fetch(input, { ...init, signal });
};

const UNAUTHENTICATED_PATHS: ReadonlySet<string> = new Set([procedurePath(trpc.auth.login), procedurePath(trpc.auth.signup), procedurePath(trpc.portal.accept)]);

/** Watches every answer for a 401 outside login, sign-up and accepting a portal invitation (a wrong password there). */
function sessionExpiryLink(onUnauthorized: () => void): TRPCLink<AppRouter> {
  return () =>
    ({ op, next }) =>
      observable((observer) =>
        next(op).subscribe({
          next: (value) => observer.next(value),
          complete: () => observer.complete(),
          error: (error: TRPCClientError<AppRouter>) => {
            if (error.data?.httpStatus === 401 && !UNAUTHENTICATED_PATHS.has(op.path)) onUnauthorized();
            observer.error(error);
          },
        }),
      );
}

/**
 * Hands every successful answer to the settings-freshness rules: one that
 * carries a storeUpdatedAt newer than the cached settings makes them refresh.
 */
export function settingsFreshnessLink(): TRPCLink<AppRouter> {
  return () =>
    ({ op, next }) =>
      observable((observer) => {
        // The store the call was made for, in case the role changes while it is out.
        const scope = currentStoreScope();
        return next(op).subscribe({
          next: (value) => {
            const result: unknown = value.result;
            if (typeof result === 'object' && result !== null && 'data' in result) settingsFreshness.observeResponse(op.path, scope, result.data);
            observer.next(value);
          },
          complete: () => observer.complete(),
          error: (error) => observer.error(error),
        });
      });
}

/** Tells `connectivity` whether each call reached the server. */
function connectivityLink(): TRPCLink<AppRouter> {
  return () =>
    ({ op, next }) =>
      observable((observer) =>
        next(op).subscribe({
          next: (value) => {
            connectivity.noteReached();
            observer.next(value);
          },
          complete: () => observer.complete(),
          error: (error: TRPCClientError<AppRouter>) => {
            if (isConnectFailure(error)) void connectivity.noteCallFailed();
            else connectivity.noteReached();
            observer.error(error);
          },
        }),
      );
}

export function createTrpcClient(onUnauthorized: () => void) {
  return trpc.createClient({
    links: [
      connectivityLink(),
      sessionExpiryLink(onUnauthorized),
      settingsFreshnessLink(),
      httpBatchLink({
        url: '/trpc',
        transformer: superjson,
        headers: identityHeaders,
        fetch: fetchWithTimeout,
      }),
    ],
  });
}
