import { Anchor, Stack } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { visibleMenu } from '@pos/domain';
import { PageHeading } from '../components/page-heading';
import { useSession } from '../lib/use-session';

/** /system and /store: the section's heading and its entries for the current role. */
export function SectionIndex({ path }: { path: '/system' | '/store' }) {
  const { currentRole } = useSession();
  const section = visibleMenu(currentRole?.role ?? null).find((e) => e.path === path);
  return (
    <>
      <PageHeading>{section?.label ?? (path === '/system' ? 'System Management' : 'Store Management')}</PageHeading>
      <Stack gap="xs">
        {(section?.children ?? []).map((child) => (
          <Anchor key={child.path} component={Link} to={child.path as '/'}>
            {child.label}
          </Anchor>
        ))}
      </Stack>
    </>
  );
}
