import { useMemo, useState } from 'react';
import { Alert, Badge, Button, CloseButton, Group, Loader, Modal, Paper, PasswordInput, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ZAddStaffInput, ZAssignStaffInput, ZResetStaffPasswordInput, type StaffMember } from '@pos/contracts';
import { STORE_ROLES, canGrantRole, roleName, type Role, type StoreRole } from '@pos/domain';
import { PageHeading } from '../../components/page-heading';
import { errorMessage } from '../../lib/errors';
import { fieldOfMessage, requestResolver } from '../../lib/form-validation';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { SECONDARY_COLOR } from '../../lib/theme';
import { trpc } from '../../lib/trpc';
import { useSession } from '../../lib/use-session';

const FAILED_LOAD = 'Failed to load staff';
const FAILED_ADD = 'Failed to add staff';
const FAILED_ASSIGN = 'Failed to assign role';
const FAILED_REVOKE = 'Failed to revoke role';

function roleOptions(granter: Role | null) {
  return STORE_ROLES.filter((r) => granter !== null && canGrantRole(granter, r)).map((r) => ({ value: r, label: roleName(r) }));
}

/** Store > Staff (the /store/staff/* calls, docs/API.md): list, add a user with a role, assign a role, revoke, reset a password, disable. */
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
    onError: (err) => notifyFailure(FAILED_REVOKE, errorMessage(err, FAILED_REVOKE)),
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
        <Table verticalSpacing="sm" horizontalSpacing="md" striped aria-label="Staff" data-stack>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Username</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Roles</Table.Th>
              <Table.Th>Account</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {staff.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={4}>
                  <Text c="dimmed">No staff yet.</Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              staff.map((member) => (
                <Table.Tr key={member.userId} data-username={member.username}>
                  <Table.Td fw={500} data-label="Username">
                    {member.username}
                  </Table.Td>
                  <Table.Td data-label="Email">{member.email}</Table.Td>
                  <Table.Td data-label="Roles">
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
                                  aria-label={`Revoke ${roleName(role)} from ${member.username}`}
                                  disabled={revoke.isPending}
                                  onClick={() => revoke.mutate({ userId: member.userId, staffRole: role as StoreRole })}
                                />
                              ) : null
                            }
                          >
                            {pending ? 'Revoking...' : roleName(role)}
                          </Badge>
                        );
                      })}
                    </Group>
                  </Table.Td>
                  <Table.Td data-label="Account">
                    <MemberAccount member={member} manageable={granter !== null && String(member.userId) !== userId && member.roles.every((r) => canGrantRole(granter, r))} />
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

const FAILED_RESET = 'Failed to reset the password';
const FAILED_DISABLE = 'Failed to change the user';

/**
 * A member's account: Disabled or Must change password when so, and for a member the
 * caller may manage (someone else, each role one the caller may grant) Reset Password
 * (a temporary password, changed at their next sign-in) and Disable or Enable.
 */
function MemberAccount({ member, manageable }: { member: StaffMember; manageable: boolean }) {
  const utils = trpc.useUtils();
  const [resetting, setResetting] = useState(false);
  const done = (answer: { message: string }) => {
    notifySuccess(answer.message);
    void utils.staff.list.invalidate();
  };
  const setDisabled = trpc.staff.setDisabled.useMutation({ onSuccess: done, onError: (err) => notifyFailure(FAILED_DISABLE, errorMessage(err, FAILED_DISABLE)) });
  const disabled = member.disabled === true;
  return (
    <Group gap={6} wrap="wrap">
      {disabled ? (
        <Badge color="red" variant="light" tt="none" data-testid="member-disabled">
          Disabled
        </Badge>
      ) : null}
      {member.mustChangePassword ? (
        <Badge color="yellow" variant="light" tt="none" data-testid="member-must-change">
          Must change password
        </Badge>
      ) : null}
      {manageable ? (
        <>
          <Button size="compact-sm" variant="light" onClick={() => setResetting(true)} aria-label={`Reset Password of ${member.username}`}>
            Reset Password
          </Button>
          <Button
            size="compact-sm"
            variant="light"
            color={disabled ? 'green' : 'red'}
            loading={setDisabled.isPending}
            onClick={() => setDisabled.mutate({ userId: member.userId, disabled: !disabled })}
            aria-label={`${disabled ? 'Enable' : 'Disable'} ${member.username}`}
          >
            {disabled ? 'Enable' : 'Disable'}
          </Button>
          <ResetPasswordDialog member={member} opened={resetting} onClose={() => setResetting(false)} onDone={done} />
        </>
      ) : null}
    </Group>
  );
}

function ResetPasswordDialog({ member, opened, onClose, onDone }: { member: StaffMember; opened: boolean; onClose: () => void; onDone: (answer: { message: string }) => void }) {
  const reset = trpc.staff.resetPassword.useMutation();
  const form = useForm({
    initialValues: { password: '' },
    validate: requestResolver(ZResetStaffPasswordInput, (values: { password: string }) => ({ userId: member.userId, password: values.password })),
  });
  const submit = async (values: { password: string }) => {
    try {
      const answer = await reset.mutateAsync({ userId: member.userId, password: values.password });
      form.reset();
      onClose();
      onDone(answer);
    } catch (err) {
      form.setFieldError('password', errorMessage(err, FAILED_RESET));
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={`Reset the password of ${member.username}`} centered>
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <Stack gap="sm">
          <Text size="sm">Give them this temporary password: they sign in with it and must choose a new one before anything else. Their open sessions end now.</Text>
          <PasswordInput label="Temporary password" name="password" autoComplete="new-password" data-autofocus {...form.getInputProps('password')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={reset.isPending}>
              Reset Password
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

type Option = { value: StoreRole; label: string };

function FormCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

interface AddStaffValues {
  username: string;
  email: string;
  password: string;
  /** null: the first role offered. */
  staffRole: StoreRole | null;
}

const NO_STAFF: AddStaffValues = { username: '', email: '', password: '', staffRole: null };

/** The labels the server's messages about a new user's fields start with. */
const ADD_STAFF_LABELS = { username: 'Username', email: 'Email', password: 'Password' } as const;

/** The chosen role, or the first one offered. */
const roleOrFirst = (role: StoreRole | null, options: Option[]) => role ?? options[0]?.value ?? null;

function AddStaffForm({ options }: { options: Option[] }) {
  const utils = trpc.useUtils();
  const add = trpc.staff.add.useMutation();
  const toRequest = useMemo(() => (values: AddStaffValues) => ({ ...values, staffRole: roleOrFirst(values.staffRole, options) }), [options]);
  const validate = useMemo(() => requestResolver(ZAddStaffInput, toRequest), [toRequest]);
  const form = useForm<AddStaffValues>({ initialValues: NO_STAFF, validate });

  const submit = async (values: AddStaffValues) => {
    const staffRole = roleOrFirst(values.staffRole, options);
    if (!staffRole) return;
    try {
      const answer = await add.mutateAsync({ ...values, staffRole });
      notifySuccess(answer.message);
      form.setValues({ username: '', email: '', password: '' });
      void utils.staff.list.invalidate();
    } catch (err) {
      // What was typed stays in the form; the reason goes under the field it names.
      const message = errorMessage(err, FAILED_ADD);
      const field = fieldOfMessage(message, ADD_STAFF_LABELS);
      if (field) form.setFieldError(field, message);
      else notifyFailure(FAILED_ADD, message);
    }
  };

  return (
    <FormCard title="Add Staff">
      <form onSubmit={form.onSubmit((values) => void submit(values))} aria-label="Add Staff" noValidate>
        <Stack gap="sm">
          <TextInput label="Username" name="username" autoComplete="off" required {...form.getInputProps('username')} />
          <TextInput label="Email" name="email" type="email" autoComplete="off" required {...form.getInputProps('email')} />
          <PasswordInput label="Password" name="password" autoComplete="new-password" required {...form.getInputProps('password')} />
          <Select
            label="Role"
            name="staffRole"
            data={options}
            {...form.getInputProps('staffRole')}
            value={roleOrFirst(form.values.staffRole, options)}
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

interface AssignValues {
  usernameOrEmail: string;
  staffRole: StoreRole | null;
}

function AssignRoleForm({ options }: { options: Option[] }) {
  const utils = trpc.useUtils();
  const assign = trpc.staff.assign.useMutation();
  const validate = useMemo(
    () => requestResolver(ZAssignStaffInput, (values: AssignValues) => ({ usernameOrEmail: values.usernameOrEmail, staffRole: roleOrFirst(values.staffRole, options) })),
    [options],
  );
  const form = useForm<AssignValues>({ initialValues: { usernameOrEmail: '', staffRole: null }, validate });

  const submit = async (values: AssignValues) => {
    const staffRole = roleOrFirst(values.staffRole, options);
    if (!staffRole) return;
    try {
      const answer = await assign.mutateAsync({ usernameOrEmail: values.usernameOrEmail, staffRole });
      notifySuccess(answer.message);
      form.setFieldValue('usernameOrEmail', '');
      void utils.staff.list.invalidate();
    } catch (err) {
      notifyFailure(FAILED_ASSIGN, errorMessage(err, FAILED_ASSIGN));
    }
  };

  return (
    <FormCard title="Assign Existing User">
      <form onSubmit={form.onSubmit((values) => void submit(values))} aria-label="Assign Existing User" noValidate>
        <Stack gap="sm">
          <TextInput label="Username or Email" name="usernameOrEmail" autoComplete="off" required {...form.getInputProps('usernameOrEmail')} />
          <Select
            label="Role"
            name="assignRole"
            data={options}
            {...form.getInputProps('staffRole')}
            value={roleOrFirst(form.values.staffRole, options)}
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
