import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';
import { DEFAULT_TITLE, ROUTE_ACCESS, canAccessRoute, opensWithoutRole, pageTitle, routeKey, type Role } from '@pos/domain';
import { PageHeading } from '../components/page-heading';

export const NOT_FOR_ROLE = 'This page is not available for the current role.';

/**
 * The screens each role may open, on the client: a screen the current role may not open says so
 * instead of rendering (the server refuses its calls anyway). Screens open to all stay
 * reachable without a role, so the Account page can pick one; so does the dashboard, which
 * then says no role is selected.
 */
export function RouteGuard({ pathname, role, children }: { pathname: string; role: Role | null; children: ReactNode }) {
  const key = routeKey(pathname);
  const openToAll = key !== null && (ROUTE_ACCESS[key] ?? []).includes('ALL');
  if (key === null || openToAll || canAccessRoute(role, pathname) || (role === null && opensWithoutRole(pathname))) return <>{children}</>;
  return (
    <>
      <PageHeading>{pageTitle(pathname) ?? DEFAULT_TITLE}</PageHeading>
      <Alert color="yellow" title="Not available">
        {NOT_FOR_ROLE}
      </Alert>
    </>
  );
}
