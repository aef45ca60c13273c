import { AppShell, Badge, Button, Group, ScrollArea, Text } from '@mantine/core';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { DEFAULT_TITLE, pageTitle } from '@pos/domain';
import { useSession } from '../lib/use-session';
import { SECONDARY_COLOR } from '../lib/theme';
import { NavMenu } from './nav-menu';
import { RouteGuard } from './route-guard';
import { useLogout } from './use-logout';

export const DRAWER_WIDTH = 240;

/**
 * The frame of every signed-in screen (SPEC 2): a permanent 240 px drawer with the
 * role's menu (only Logout without a current role) and a top bar with the page title.
 */
export function AppLayout() {
  const { currentRole } = useSession();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const { logout, busy } = useLogout();
  const title = pageTitle(pathname) ?? DEFAULT_TITLE;

  return (
    <AppShell header={{ height: 56 }} navbar={{ width: DRAWER_WIDTH, breakpoint: 0 }} padding="lg">
      <AppShell.Header>
        <Group h="100%" px="lg" justify="space-between" wrap="nowrap">
          <Text component="div" fw={600} size="lg" data-testid="page-title" truncate>
            {title}
          </Text>
          {currentRole ? (
            <Group gap="xs" wrap="nowrap" data-testid="current-role">
              <Text size="sm" c="dimmed" truncate>
                {currentRole.storeName}
              </Text>
              <Badge color={SECONDARY_COLOR} variant="light">
                {currentRole.role}
              </Badge>
            </Group>
          ) : null}
        </Group>
      </AppShell.Header>

      <AppShell.Navbar aria-label="Drawer">
        <AppShell.Section grow component={ScrollArea} p="xs">
          {currentRole ? <NavMenu role={currentRole.role} /> : null}
        </AppShell.Section>
        <AppShell.Section p="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
          <Button fullWidth variant="light" color="gray" onClick={() => void logout()} loading={busy}>
            Logout
          </Button>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main>
        <RouteGuard pathname={pathname} role={currentRole?.role ?? null}>
          <Outlet />
        </RouteGuard>
      </AppShell.Main>
    </AppShell>
  );
}
