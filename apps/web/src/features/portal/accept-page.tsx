/**
 * The page an invitation's link opens (/accept-invite/<token>): the person creates an
 * account, or signs in to the one they have, and accepts in the same step; the server
 * adds the VENDOR assignment and answers as a sign-in does. The new vendor role becomes
 * the current one and My Booth opens. A refused invitation (expired, used, revoked, not
 * ours) is said in the server's words.
 */
import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Center, Paper, PasswordInput, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { MIN_PASSWORD_LENGTH } from '@pos/contracts';
import { MESSAGES, VENDOR_ROLE } from '@pos/domain';
import { errorMessage } from '../../lib/errors';
import { session } from '../../lib/session';
import { startSession, switchRole } from '../../lib/session-actions';
import { trpc } from '../../lib/trpc';

type Mode = 'new' | 'existing';

const FAILED = 'Could not accept the invitation';
const EMPTY = { username: '', email: '', usernameOrEmail: '', password: '' };

export function AcceptInvitePage({ token }: { token: string }) {
  const navigate = useNavigate();
  const accept = trpc.portal.accept.useMutation();
  const [mode, setMode] = useState<Mode>('new');
  const [fields, setFields] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);

  const set = (key: keyof typeof EMPTY) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setFields((f) => ({ ...f, [key]: value }));
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (accept.isPending) return;
    setError(null);
    try {
      const result = await accept.mutateAsync(
        mode === 'new'
          ? { token, username: fields.username, email: fields.email, password: fields.password }
          : { token, usernameOrEmail: fields.usernameOrEmail, password: fields.password },
      );
      startSession(result);
      // The invitation's assignment is the vendor role; of several, the store's newest is last.
      const vendor = session.get().availableRoles.filter((r) => r.role === VENDOR_ROLE).at(-1);
      if (vendor) switchRole(vendor);
      void navigate({ to: '/portal', replace: true });
    } catch (err) {
      setError(errorMessage(err, FAILED));
    }
  };

  const isNew = mode === 'new';
  return (
    <Center component="main" mih="100vh" bg="gray.0" p="md">
      <Box w="100%" maw={440}>
        <Stack gap={4} align="center" mb="lg">
          <Text fw={700} size="xl" c="blue.7">
            {MESSAGES.productName}
          </Text>
        </Stack>
        <Paper withBorder shadow="sm" radius="md" p="lg">
          <Title order={1} size="h3" mb={4}>
            Join your store&apos;s vendor portal
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            See your booth&apos;s balance, every sale with its split, your statements and payouts, on your phone or computer.
          </Text>
          <SegmentedControl<Mode>
            fullWidth
            mb="md"
            value={mode}
            onChange={(v) => {
              setMode(v);
              setError(null);
            }}
            data={[
              { value: 'new', label: 'New account' },
              { value: 'existing', label: 'I have an account' },
            ]}
            aria-label="Account"
          />
          <form onSubmit={(e) => void onSubmit(e)} aria-label={isNew ? 'Create an account and accept' : 'Sign in and accept'}>
            <Stack gap="sm">
              {isNew ? (
                <>
                  <TextInput label="Username" name="username" autoComplete="username" required value={fields.username} onChange={set('username')} />
                  <TextInput label="Email" name="email" type="email" autoComplete="email" required value={fields.email} onChange={set('email')} />
                </>
              ) : (
                <TextInput label="Username or Email" name="usernameOrEmail" autoComplete="username" required value={fields.usernameOrEmail} onChange={set('usernameOrEmail')} />
              )}
              <PasswordInput
                label="Password"
                name="password"
                autoComplete={isNew ? 'new-password' : 'current-password'}
                description={isNew ? `At least ${MIN_PASSWORD_LENGTH} characters` : undefined}
                required
                value={fields.password}
                onChange={set('password')}
              />
              {error ? (
                <Alert color="red" variant="light" role="alert" data-testid="accept-error">
                  {error}
                </Alert>
              ) : null}
              <Button type="submit" fullWidth mt="xs" loading={accept.isPending}>
                {isNew ? 'Create Account and Accept' : 'Sign In and Accept'}
              </Button>
            </Stack>
          </form>
        </Paper>
      </Box>
    </Center>
  );
}
