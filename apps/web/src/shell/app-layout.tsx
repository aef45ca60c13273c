import { useCallback, useEffect, useRef, type MouseEvent } from 'react';
import { AppShell, Badge, Burger, Button, Group, Overlay, ScrollArea, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { DEFAULT_TITLE, pageTitle, roleName } from '@pos/domain';
import { InsideMain } from '../components/main-landmark';
import { documentTitle, useDocumentTitle } from '../lib/document-title';
import { useSession } from '../lib/use-session';
import { SECONDARY_COLOR } from '../lib/theme';
import classes from './app-layout.module.css';
import { NavMenu } from './nav-menu';
import { RouteGuard } from './route-guard';
import { useLogout } from './use-logout';

export const DRAWER_WIDTH = 240;
/** Below this width the drawer folds away behind the menu button of the top bar. */
export const DRAWER_BREAKPOINT = 1024;
const HEADER_HEIGHT = 56;
const MAIN_ID = 'main-content';
const NARROW = `(max-width: ${DRAWER_BREAKPOINT - 0.02}px)`;

/**
 * The frame of every signed-in screen: the 240 px drawer with the role's menu
 * (only Logout without a current role) and a top bar with the page title. From 1024 px
 * the drawer is permanent; below, it opens over the page from the top bar's menu button
 * and closes on a choice, Escape or a click beside it. A skip link leads past the drawer
 * to the page's heading; the tab's title names the page and the store.
 */
export function AppLayout() {
  const { currentRole } = useSession();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const { logout, busy } = useLogout();
  const title = pageTitle(pathname) ?? DEFAULT_TITLE;
  useDocumentTitle(documentTitle(title, currentRole?.storeName));

  const narrow = useMediaQuery(NARROW, false, { getInitialValueInEffect: false });
  const [opened, { toggle, close }] = useDisclosure(false);
  const burgerRef = useRef<HTMLButtonElement>(null);
  const navRef = useRef<HTMLDivElement>(null);
  const folded = narrow && !opened;

  // A choice in the drawer (a new page) or a wider window closes it.
  useEffect(close, [pathname, narrow, close]);
  // Opened with the menu button: focus its first entry; Escape closes it and returns there.
  useEffect(() => {
    if (!narrow || !opened) return;
    navRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      burgerRef.current?.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [narrow, opened, close]);

  const skipToContent = useCallback((event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const main = document.getElementById(MAIN_ID);
    const target = main?.querySelector<HTMLElement>('h1[tabindex="-1"]') ?? main;
    target?.focus();
    target?.scrollIntoView({ block: 'start' });
  }, []);

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: DRAWER_WIDTH, breakpoint: DRAWER_BREAKPOINT, collapsed: { mobile: !opened } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <a href={`#${MAIN_ID}`} className="skip-link" onClick={skipToContent}>
        Skip to main content
      </a>
      <AppShell.Header>
        <Group h="100%" px={{ base: 'sm', sm: 'lg' }} justify="space-between" wrap="nowrap" gap="sm">
          {/* The page's title keeps its words; a long store name wraps to a second line beside it rather than cutting the title. */}
          <Group gap="xs" wrap="nowrap" className={classes.titleSide}>
            <Burger
              ref={burgerRef}
              className={classes.burger}
              opened={opened}
              onClick={toggle}
              size="sm"
              aria-label={opened ? 'Close menu' : 'Open menu'}
              aria-expanded={opened}
              aria-controls="app-drawer"
            />
            <Text component="div" fw={600} size="lg" lh={1.2} lineClamp={2} className={classes.wrapping} data-testid="page-title">
              {title}
            </Text>
          </Group>
          {currentRole ? (
            <Group gap="xs" wrap="nowrap" justify="flex-end" className={classes.roleSide} data-testid="current-role">
              <Text size="sm" c="dimmed" ta="right" lh={1.2} lineClamp={2} className={classes.wrapping}>
                {currentRole.storeName}
              </Text>
              <Badge color={SECONDARY_COLOR} variant="light" className={classes.roleBadge}>
                {roleName(currentRole.role)}
              </Badge>
            </Group>
          ) : null}
        </Group>
      </AppShell.Header>

      {narrow && opened ? <Overlay fixed zIndex={99} backgroundOpacity={0.35} onClick={close} style={{ top: HEADER_HEIGHT }} /> : null}

      <AppShell.Navbar ref={navRef} id="app-drawer" aria-label="Drawer" className={classes.drawer} inert={folded}>
        <AppShell.Section grow component={ScrollArea} p="xs">
          {currentRole ? <NavMenu role={currentRole.role} /> : null}
        </AppShell.Section>
        <AppShell.Section p="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
          <Button fullWidth variant="light" color="gray" onClick={() => void logout()} loading={busy}>
            Logout
          </Button>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main id={MAIN_ID} tabIndex={-1} className={classes.main}>
        <InsideMain value>
          <RouteGuard pathname={pathname} role={currentRole?.role ?? null}>
            <Outlet />
          </RouteGuard>
        </InsideMain>
      </AppShell.Main>
    </AppShell>
  );
}
