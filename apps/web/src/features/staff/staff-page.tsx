import { useState, type FormEvent } from 'react';
import { Alert, Badge, Button, CloseButton, Group, Loader, Paper, PasswordInput, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { STORE_ROLES, canGrantRole, type Role, type StoreRole } from '@pos/domain';
import { PageHeading } from '../../components/page-heading';
import { errorMessage } from '../../lib/errors';
import { SECONDARY_COLOR } from '../../lib/theme';
import { trpc } from '../../lib/trpc';
import { useSession } from '../../lib/use-session';
import { ROLE_LABELS } from './role-labels';

const FAILED_LOAD = 'Failed to load staff';
const FAILED_ADD = 'Failed to add staff';
const FAILED_ASSIGN = 'Failed to assign role';
const FAILED_REVOKE = 'Failed to revoke role';

function notifySuccess(message: string) {
  notifications.show({ color: 'green', title: 'Done', message });
}

function notifyFailure(message: string) {
  notifications.show({ color: 'red', title: 'Not saved', message });
}

function roleOptions(granter: Role | null) {
  return STORE_ROLES.filter((r) => granter !== null && canGrantRole(granter, r)).map((r) => ({ value: r, label: `${ROLE_LABELS[r]} (${r})` }));
}

/** Store > Staff (CONTRACT 5): list, add a user with a role, assign a role, revoke. */
export function StaffPage() {
  const { currentRole } = useSession();
  const granter = currentRole?.role ?? null;
  const options = roleOptions(granter);
  return (
    <>
      <PageHeading>Staff</PageHeading>
      <Stack gap="lg">
        <StaffTable granter={granter} />
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <AddStaffForm options={options} />
          <AssignRoleForm options={options} />
        </SimpleGrid>
      </Stack>
    </>
  );
}

function StaffTable({ granter }: { granter: Role | null }) {
  const { userId } = useSession();
  const utils = trpc.useUtils();
  const list = trpc.staff.list.useQuery();
  const revoke = trpc.staff.revoke.useMutation({
    onSuccess: (answer) => {
      notifySuccess(answer.message);
      void utils.staff.list.invalidate();
    },
    onError: (err) => notifyFailure(errorMessage(err, FAILED_REVOKE)),
  });

  if (list.error) {
    return (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(list.error, FAILED_LOAD)}
      </Alert>
    );
  }
  if (list.isPending) {
    return (
      <Group gap="sm" aria-busy="true">
        <Loader size="sm" />
        <Text c="dimmed">Loading staff...</Text>
      </Group>
    );
  }
  const staff = list.data.staff;
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="sm" horizontalSpacing="md" striped aria-label="Staff">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Username</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Roles</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {staff.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={3}>
                  <Text c="dimmed">No staff yet.</Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              staff.map((member) => (
                <Table.Tr key={member.userId} data-username={member.username}>
                  <Table.Td fw={500}>{member.username}</Table.Td>
                  <Table.Td>{member.email}</Table.Td>
                  <Table.Td>
                    <Group gap={6}>
                      {member.roles.map((role) => {
                        // Nobody revokes their own roles here: that could lock them out mid-session.
                        const revocable = granter !== null && canGrantRole(granter, role) && String(member.userId) !== userId;
                        const pending = revoke.isPending && revoke.variables?.userId === member.userId && revoke.variables.staffRole === role;
                        return (
                          <Badge
                            key={role}
                            color={role === 'STORE_OWNER' ? SECONDARY_COLOR : 'blue'}
                            variant="light"
                            size="lg"
                            tt="none"
                            data-role={role}
                            rightSection={
                              revocable ? (
                                <CloseButton
                                  size="xs"
                                  variant="transparent"
                                  aria-label={`Revoke ${role} from ${member.username}`}
                                  disabled={revoke.isPending}
                                  onClick={() => revoke.mutate({ userId: member.userId, staffRole: role as StoreRole })}
                                />
                              ) : null
                            }
                          >
                            {pending ? 'Revoking...' : ROLE_LABELS[role]}
                          </Badge>
                        );
                      })}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

type Option = { value: StoreRole; label: string };

function FormCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={title}>
      <Title order={3} size="h4" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

const NO_STAFF = { username: '', email: '', password: '' };

function AddStaffForm({ options }: { options: Option[] }) {
  const utils = trpc.useUtils();
  const [values, setValues] = useState(NO_STAFF);
  const [role, setRole] = useState<StoreRole | null>(null);
  const add = trpc.staff.add.useMutation();
  const set = (key: keyof typeof NO_STAFF) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [key]: value }));
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const staffRole = role ?? options[0]?.value;
    if (!staffRole) return;
    try {
      const answer = await add.mutateAsync({ ...values, staffRole });
      notifySuccess(answer.message);
      setValues(NO_STAFF);
      void utils.staff.list.invalidate();
    } catch (err) {
      // What was typed stays in the form.
      notifyFailure(errorMessage(err, FAILED_ADD));
    }
  };

  return (
    <FormCard title="Add Staff">
      <form onSubmit={(e) => void onSubmit(e)} aria-label="Add Staff">
        <Stack gap="sm">
          <TextInput label="Username" name="username" autoComplete="off" required value={values.username} onChange={set('username')} />
          <TextInput label="Email" name="email" type="email" autoComplete="off" required value={values.email} onChange={set('email')} />
          <PasswordInput label="Password" name="password" autoComplete="new-password" required value={values.password} onChange={set('password')} />
          <Select
            label="Role"
            name="staffRole"
            data={options}
            value={role ?? options[0]?.value ?? null}
            onChange={(v) => setRole(v as StoreRole | null)}
            allowDeselect={false}
            required
          />
          <Group>
            <Button type="submit" loading={add.isPending} disabled={options.length === 0}>
              Add Staff
            </Button>
          </Group>
        </Stack>
      </form>
    </FormCard>
  );
}

function AssignRoleForm({ options }: { options: Option[] }) {
  const utils = trpc.useUtils();
  const [usernameOrEmail, setUsernameOrEmail] = useState('');
  const [role, setRole] = useState<StoreRole | null>(null);
  const assign = trpc.staff.assign.useMutation();

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const staffRole = role ?? options[0]?.value;
    if (!staffRole) return;
    try {
      const answer = await assign.mutateAsync({ usernameOrEmail, staffRole });
      notifySuccess(answer.message);
      setUsernameOrEmail('');
      void utils.staff.list.invalidate();
    } catch (err) {
      notifyFailure(errorMessage(err, FAILED_ASSIGN));
    }
  };

  return (
    <FormCard title="Assign Existing User">
      <form onSubmit={(e) => void onSubmit(e)} aria-label="Assign Existing User">
        <Stack gap="sm">
          <TextInput
            label="Username or Email"
            name="usernameOrEmail"
            autoComplete="off"
            required
            value={usernameOrEmail}
            onChange={(e) => setUsernameOrEmail(e.currentTarget.value)}
          />
          <Select
            label="Role"
            name="assignRole"
            data={options}
            value={role ?? options[0]?.value ?? null}
            onChange={(v) => setRole(v as StoreRole | null)}
            allowDeselect={false}
            required
          />
          <Group>
            <Button type="submit" loading={assign.isPending} disabled={options.length === 0}>
              Assign Role
            </Button>
          </Group>
        </Stack>
      </form>
    </FormCard>
  );
}
