import { Alert, Stack, Text } from '@mantine/core';
import { MESSAGES, isStoreRole, type Role } from '@pos/domain';
import { PageHeading } from '../../components/page-heading';
import { useSession } from '../../lib/use-session';
import { StorePanel } from './store-panels';
import { AbsoluteAdminPanel, SstManagerPanel, SstStaffPanel } from './system-panels';

/** The dashboard: which panel shows depends on the current role. */
export function DashboardPage() {
  const { currentRole, username, email } = useSession();
  return (
    <>
      <PageHeading>Dashboard</PageHeading>
      {currentRole ? (
        // Keyed by the assignment so a role switch starts the panel afresh.
        <RolePanel key={`${currentRole.storeId}:${currentRole.role}`} role={currentRole.role} username={username} email={email} />
      ) : (
        <Alert color="blue" variant="light">
          {MESSAGES.noRoleSelected}
        </Alert>
      )}
    </>
  );
}

function RolePanel({ role, username, email }: { role: Role; username: string | null; email: string | null }) {
  if (isStoreRole(role)) return <StorePanel role={role} />;
  switch (role) {
    case 'ABSOLUTE_ADMIN':
      return <AbsoluteAdminPanel />;
    case 'SST_MANAGER':
      return <SstManagerPanel />;
    case 'SST_STAFF':
      return <SstStaffPanel />;
    default:
      return (
        <Stack gap={4}>
          <Text>{MESSAGES.noDashboard}</Text>
          <Text size="sm" c="dimmed">
            {username ?? ''}
          </Text>
          <Text size="sm" c="dimmed">
            {email ?? ''}
          </Text>
        </Stack>
      );
  }
}
