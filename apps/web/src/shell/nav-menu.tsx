import { useEffect, useState } from 'react';
import { NavLink } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import { visibleMenu, type MenuEntry, type Role } from '@pos/domain';

function isWithin(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

function MenuItem({ entry, pathname }: { entry: MenuEntry; pathname: string }) {
  const children = entry.children ?? [];
  const within = isWithin(pathname, entry.path);
  // Parents start open: the drawer is short, and every screen stays one click away.
  const [opened, setOpened] = useState(true);
  // Arriving inside a closed section (a link, the address bar) opens its parent.
  useEffect(() => {
    if (within) setOpened(true);
  }, [within]);
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
          <MenuItem key={child.path} entry={child} pathname={pathname} />
        ))}
      </NavLink>
    );
  }
  return (
    <NavLink
      component={Link}
      // Menu paths come from domain data; every one is a route of SPEC 2.
      to={entry.path as '/'}
      label={entry.label}
      active={isWithin(pathname, entry.path)}
      data-menu-path={entry.path}
    />
  );
}

/** The drawer's entries for the current role (SPEC 6 visibility from packages/domain). */
export function NavMenu({ role }: { role: Role | null }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return (
    <nav aria-label="Main menu">
      {visibleMenu(role).map((entry) => (
        <MenuItem key={entry.path} entry={entry} pathname={pathname} />
      ))}
    </nav>
  );
}
