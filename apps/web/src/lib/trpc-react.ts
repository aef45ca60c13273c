/**
 * The typed tRPC proxy: React hooks and utils, and the query keys and dotted paths of
 * procedures, taken from @trpc/react-query's own helpers so a renamed procedure is a
 * type error rather than a key that silently stops matching. It lives apart from the
 * client (./trpc) so that the client's links may name procedures without an import cycle.
 */
import { createTRPCReact, getQueryKey } from '@trpc/react-query';
import type { AppRouter } from '@pos/api';

export const trpc = createTRPCReact<AppRouter>();

type Procedure = Parameters<typeof getQueryKey>[0];

/** The key prefix every cached answer of `procedure` has, whatever its input. */
export function queryKeyOf(procedure: Procedure) {
  return getQueryKey(procedure);
}

/** The dotted path a link sees for `procedure` (`op.path`), e.g. 'store.payment.list'. */
export function procedurePath(procedure: Procedure): string {
  return getQueryKey(procedure)[0].join('.');
}
