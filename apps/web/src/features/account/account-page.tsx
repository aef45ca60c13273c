import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Paper, PasswordInput, Select, Stack, Text, Title } from '@mantine/core';
import { MESSAGES } from '@pos/domain';
import { PageHeading } from '../../components/page-heading';
import { errorMessage } from '../../lib/errors';
import { assignmentLabel, sameAssignment, type RoleAssignment } from '../../lib/session';
import { switchRole } from '../../lib/session-actions';
import { trpc } from '../../lib/trpc';
import { useSession } from '../../lib/use-session';
import { useLogout } from '../../shell/use-logout';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={title}>
      <Title order={3} size="h4" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** SPEC 2's Account page: user information, password, role selection, session. */
export function AccountPage() {
  const { username, email } = useSession();
  return (
    <>
      <PageHeading>Account</PageHeading>
      <Stack gap="lg" maw={720}>
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
          <ChangePasswordForm />
        </Section>
        <Section title="Role Selection">
          <RoleSelection />
        </Section>
        <Section title="Session">
          <SessionLogout />
        </Section>
      </Stack>
    </>
  );
}

const NO_PASSWORDS = { currentPassword: '', newPassword: '', confirmPassword: '' };

function ChangePasswordForm() {
  const [values, setValues] = useState(NO_PASSWORDS);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const change = trpc.auth.password.useMutation();

  const set = (key: keyof typeof NO_PASSWORDS) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [key]: value }));
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setResult(null);
    if (values.newPassword !== values.confirmPassword) {
      setResult({ ok: false, message: MESSAGES.passwordsMismatch });
      return;
    }
    try {
      const answer = await change.mutateAsync(values);
      if (answer.success) {
        setValues(NO_PASSWORDS);
        setResult({ ok: true, message: MESSAGES.passwordChanged });
      } else {
        setResult({ ok: false, message: answer.message || MESSAGES.passwordFailed });
      }
    } catch (err) {
      setResult({ ok: false, message: errorMessage(err, MESSAGES.passwordFailed) });
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} aria-label="Change Password">
      <Stack gap="sm" maw={400}>
        <PasswordInput label="Current Password" name="currentPassword" autoComplete="current-password" required value={values.currentPassword} onChange={set('currentPassword')} />
        <PasswordInput label="New Password" name="newPassword" autoComplete="new-password" required value={values.newPassword} onChange={set('newPassword')} />
        <PasswordInput
          label="Confirm New Password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          value={values.confirmPassword}
          onChange={set('confirmPassword')}
        />
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
