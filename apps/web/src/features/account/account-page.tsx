import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Paper, PasswordInput, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { ZPasswordInput } from '@pos/contracts';
import { isStoreRole, MESSAGES, roleName } from '@pos/domain';
import { PageHeading } from '../../components/page-heading';
import { errorMessage } from '../../lib/errors';
import { focusFirstError, requestResolver } from '../../lib/form-validation';
import { assignmentLabel, MUST_CHANGE_PASSWORD_KEY, sameAssignment, type RoleAssignment } from '../../lib/session';
import { switchRole } from '../../lib/session-actions';
import { trpc } from '../../lib/trpc';
import { useSession } from '../../lib/use-session';
import { useLogout } from '../../shell/use-logout';
import { AddStore } from './add-store';
import { keepRoles } from './stored-roles';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** The Account page: user information, password, role selection, session. */
export function AccountPage() {
  const { username, email, currentRole } = useSession();
  const [mustChange, setMustChange] = useState(readMustChange);
  return (
    <>
      <PageHeading>Account</PageHeading>
      <Stack gap="lg" maw={720}>
        {mustChange ? (
          <Alert color="yellow" variant="light" role="alert" title="Choose a new password" data-testid="must-change-password">
            A manager reset your password. Change it below before you continue.
          </Alert>
        ) : null}
        <Section title="User Information">
          <Stack gap="sm">
            <div>
              <Text size="sm" c="dimmed">
                Username
              </Text>
              <Text fw={500} data-testid="account-username" style={{ overflowWrap: 'anywhere' }}>
                {username ?? ''}
              </Text>
            </div>
            <div>
              <Text size="sm" c="dimmed">
                Email
              </Text>
              <Text fw={500} data-testid="account-email" style={{ overflowWrap: 'anywhere' }}>
                {email ?? ''}
              </Text>
            </div>
          </Stack>
        </Section>
        <Section title="Change Password">
          <ChangePasswordForm onChanged={() => setMustChange(false)} />
        </Section>
        <Section title="Role Selection">
          <Stack gap="lg">
            <RoleSelection />
            <MyAssignments />
          </Stack>
        </Section>
        {currentRole?.role === 'STORE_OWNER' ? (
          <Section title="Your Stores">
            <AddStore />
          </Section>
        ) : null}
        <Section title="Session">
          <SessionLogout />
        </Section>
      </Stack>
    </>
  );
}

const NO_PASSWORDS = { currentPassword: '', newPassword: '', confirmPassword: '' };
type PasswordValues = typeof NO_PASSWORDS;

/** The server's checks, before the call: every field required, the new one long enough, the two new ones equal. */
const validatePasswords = requestResolver(ZPasswordInput, (values: PasswordValues) => values);

function readMustChange(): boolean {
  try {
    return window.sessionStorage.getItem(MUST_CHANGE_PASSWORD_KEY) === '1';
  } catch {
    return false;
  }
}

function ChangePasswordForm({ onChanged }: { onChanged: () => void }) {
  const form = useForm<PasswordValues>({ initialValues: NO_PASSWORDS, validate: validatePasswords });
  const formRef = useRef<HTMLFormElement>(null);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const change = trpc.auth.password.useMutation();

  const submit = async (values: PasswordValues) => {
    try {
      const answer = await change.mutateAsync(values);
      if (answer.success) {
        form.setValues(NO_PASSWORDS);
        setResult({ ok: true, message: MESSAGES.passwordChanged });
        try {
          window.sessionStorage.removeItem(MUST_CHANGE_PASSWORD_KEY);
        } catch {
          // Storage blocked: nothing was kept.
        }
        onChanged();
      } else {
        setResult({ ok: false, message: answer.message || MESSAGES.passwordFailed });
      }
    } catch (err) {
      setResult({ ok: false, message: errorMessage(err, MESSAGES.passwordFailed) });
    }
  };

  // Made when the form is sent: its failure handler reads the form element.
  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    form.onSubmit(
      (values) => void submit(values),
      (errors: FormErrors) => focusFirstError(formRef.current, errors),
    )(event);

  return (
    <form
      ref={formRef}
      onSubmit={(event) => {
        setResult(null);
        onSubmit(event);
      }}
      aria-label="Change Password"
      noValidate
    >
      <Stack gap="sm" maw={400}>
        <PasswordInput label="Current Password" name="currentPassword" autoComplete="current-password" required {...form.getInputProps('currentPassword')} />
        <PasswordInput label="New Password" name="newPassword" autoComplete="new-password" required {...form.getInputProps('newPassword')} />
        <PasswordInput label="Confirm New Password" name="confirmPassword" autoComplete="new-password" required {...form.getInputProps('confirmPassword')} />
        {result ? (
          <Alert color={result.ok ? 'green' : 'red'} variant="light" role={result.ok ? 'status' : 'alert'} data-testid="password-result">
            {result.message}
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" loading={change.isPending}>
            Change Password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const keyOf = (r: RoleAssignment) => `${r.storeId}:${r.role}`;

function RoleSelection() {
  const { availableRoles, currentRole } = useSession();
  const current = availableRoles.find((r) => sameAssignment(r, currentRole)) ?? null;
  return (
    <Select
      label="Current Role"
      name="currentRole"
      placeholder="Select a role"
      maw={400}
      allowDeselect={false}
      data={availableRoles.map((r) => ({ value: keyOf(r), label: assignmentLabel(r) }))}
      value={current ? keyOf(current) : null}
      nothingFoundMessage="No roles available"
      onChange={(value) => {
        const chosen = availableRoles.find((r) => keyOf(r) === value);
        if (chosen) switchRole(chosen);
      }}
    />
  );
}

const LEAVE_FAILED = 'Failed to leave the store';

/** The user's own assignments, each store role with a Leave action (asked first). */
function MyAssignments() {
  const { availableRoles } = useSession();
  const [leaving, setLeaving] = useState<RoleAssignment | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const leave = trpc.staff.leave.useMutation();

  const close = () => {
    setLeaving(null);
    setFailure(null);
  };

  const confirm = async () => {
    if (!leaving || !isStoreRole(leaving.role)) return;
    setFailure(null);
    try {
      const answer = await leave.mutateAsync({ assignment: { storeId: leaving.storeId, role: leaving.role } });
      keepRoles(answer.roles);
      setDone(`You left ${leaving.storeName} (${roleName(leaving.role)}).`);
      setLeaving(null);
    } catch (err) {
      setFailure(errorMessage(err, LEAVE_FAILED));
    }
  };

  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Your Roles
      </Text>
      {done ? (
        <Alert color="green" variant="light" role="status" withCloseButton onClose={() => setDone(null)} data-testid="leave-result">
          {done}
        </Alert>
      ) : null}
      <Table withTableBorder verticalSpacing="xs" data-testid="my-assignments" aria-label="Your Roles">
        <Table.Tbody>
          {availableRoles.map((r) => (
            <Table.Tr key={keyOf(r)}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.storeName}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                {roleName(r.role)}
                {r.vendorName ? ` (${r.vendorName})` : ''}
              </Table.Td>
              <Table.Td ta="right">
                {isStoreRole(r.role) ? (
                  <Button size="xs" variant="subtle" color="red" onClick={() => setLeaving(r)} aria-label={`Leave ${assignmentLabel(r)}`}>
                    Leave
                  </Button>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Modal opened={leaving !== null} onClose={close} title="Leave Store" centered>
        {leaving ? (
          <Stack gap="md" data-testid="leave-confirmation">
            <Text>
              Leave <b>{leaving.storeName}</b>? You will no longer hold {roleName(leaving.role)} there, on this device or any other.
            </Text>
            {failure ? (
              <Alert color="red" variant="light" role="alert" data-testid="leave-error">
                {failure}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={leave.isPending} data-autofocus>
                Cancel
              </Button>
              <Button color="red" onClick={() => void confirm()} loading={leave.isPending}>
                Leave
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}

function SessionLogout() {
  const { logout, busy } = useLogout();
  return (
    <Group>
      <Button color="red" variant="light" onClick={() => void logout()} loading={busy}>
        Logout
      </Button>
    </Group>
  );
}
