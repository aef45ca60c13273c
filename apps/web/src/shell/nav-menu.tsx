import { useState } from 'react';
import { Box, NavLink } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import { visibleMenu, type Role, type VisibleMenuEntry } from '@pos/domain';

function isWithin(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

/**
 * The menu path that is the current screen's: the deepest entry holding the path, among
 * every entry of the drawer (Accounts, not also Vendors; Items of the portal, not also My
 * Booth at /portal).
 */
function activeMenuPath(pathname: string, entries: readonly VisibleMenuEntry[]): string | null {
  let best: string | null = null;
  const visit = (list: readonly VisibleMenuEntry[]) => {
    for (const e of list) {
      if (isWithin(pathname, e.path) && (best === null || e.path.length > best.length)) best = e.path;
      visit(e.children ?? []);
    }
  };
  visit(entries);
  return best;
}

function PageLink({ entry, activePath }: { entry: VisibleMenuEntry; activePath: string | null }) {
  const active = entry.path === activePath;
  return (
    <NavLink
      component={Link}
      // Menu paths come from packages/domain (menu.ts); every one is a route of the app.
      to={entry.path}
      label={entry.label}
      active={active}
      data-menu-path={entry.path}
    />
  );
}

function MenuItem({ entry, pathname, activePath }: { entry: VisibleMenuEntry; pathname: string; activePath: string | null }) {
  const children = entry.children ?? [];
  const within = isWithin(pathname, entry.path);
  // Parents start open: the drawer is short, and every screen stays one click away.
  const [opened, setOpened] = useState(true);
  // Arriving inside a closed section (a link, the address bar) opens its parent.
  const [wasWithin, setWasWithin] = useState(within);
  if (within !== wasWithin) {
    setWasWithin(within);
    if (within) setOpened(true);
  }
  if (children.length > 0 && entry.page && entry.opens) {
    // A screen with screens of its own under it: its link, and theirs below it.
    return (
      <>
        <PageLink entry={entry} activePath={activePath} />
        <Box pl="md">
          {children.map((child) => (
            <MenuItem key={child.path} entry={child} pathname={pathname} activePath={activePath} />
          ))}
        </Box>
      </>
    );
  }
  if (children.length > 0) {
    // A collapsible parent: a button that shows or hides its children.
    return (
      <NavLink
        component="button"
        type="button"
        label={entry.label}
        opened={opened}
        onChange={setOpened}
        aria-expanded={opened}
        childrenOffset="md"
        data-menu-path={entry.path}
      >
        {children.map((child) => (
          <MenuItem key={child.path} entry={child} pathname={pathname} activePath={activePath} />
        ))}
      </NavLink>
    );
  }
  return <PageLink entry={entry} activePath={activePath} />;
}

/** The drawer's entries for the current role (which ones each role sees: packages/domain, menu.ts). */
export function NavMenu({ role }: { role: Role | null }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const entries = visibleMenu(role);
  const activePath = activeMenuPath(pathname, entries);
  return (
    <nav aria-label="Main menu">
      {entries.map((entry) => (
        <MenuItem key={entry.path} entry={entry} pathname={pathname} activePath={activePath} />
      ))}
    </nav>
  );
}
