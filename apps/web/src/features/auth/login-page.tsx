import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Anchor, Box, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { MESSAGES } from '@pos/domain';
import { errorMessage } from '../../lib/errors';
import { LOGIN_REDIRECT_DELAY_MS, safeRedirect } from '../../lib/navigation';
import { startSession } from '../../lib/session-actions';
import { browserTimeZone } from '../../lib/store-clock';
import { trpc } from '../../lib/trpc';
import { MUST_CHANGE_PASSWORD_KEY, type LoginResult } from '../../lib/session';

const route = getRouteApi('/');

type Mode = 'login' | 'signup';

interface Fields {
  usernameOrEmail: string;
  password: string;
  username: string;
  email: string;
  storeName: string;
}

const EMPTY: Fields = { usernameOrEmail: '', password: '', username: '', email: '', storeName: '' };

/** The login and sign-up page; a failure shows the message lib/errors.ts picks for it. */
export function LoginPage() {
  const search = route.useSearch();
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>('login');
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const login = trpc.auth.login.useMutation();
  const signup = trpc.auth.signup.useMutation();

  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  const set = (key: keyof Fields) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setFields((f) => ({ ...f, [key]: value }));
  };

  const toggle = () => {
    setMode((m) => (m === 'login' ? 'signup' : 'login'));
    setError(null);
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    const fallback = mode === 'login' ? MESSAGES.loginFailed : MESSAGES.signupFailed;
    setError(null);
    setBusy(true);
    let result: LoginResult & { success: boolean; message: string };
    try {
      result =
        mode === 'login'
          ? await login.mutateAsync({ usernameOrEmail: fields.usernameOrEmail, password: fields.password })
          : await signup.mutateAsync({ username: fields.username, email: fields.email, storeName: fields.storeName, password: fields.password, timeZone: browserTimeZone() });
    } catch (err) {
      setError(errorMessage(err, fallback));
      setBusy(false);
      return;
    }
    if (!result.success) {
      setError(result.message || fallback);
      setBusy(false);
      return;
    }
    if (result.roles.length === 0) {
      setError(MESSAGES.noRoles);
      setBusy(false);
      return;
    }
    startSession(result);
    const mustChange = 'mustChangePassword' in result && result.mustChangePassword === true;
    try {
      if (mustChange) window.sessionStorage.setItem(MUST_CHANGE_PASSWORD_KEY, '1');
    } catch {
      // Storage blocked: the server still refuses store calls until the password is changed.
    }
    const target = mustChange ? '/account' : safeRedirect(search.redirect);
    timer.current = setTimeout(() => void navigate({ href: target, replace: true }), LOGIN_REDIRECT_DELAY_MS);
  };

  const isLogin = mode === 'login';

  return (
    <Center component="main" mih="100vh" bg="gray.0" p="md">
      <Box w="100%" maw={420}>
        <Stack gap={4} align="center" mb="lg">
          <Title order={1} size="h2" c="blue.7">
            {MESSAGES.productName}
          </Title>
          <Text c="dimmed" size="sm">
            Point of sale and back office for consignment stores
          </Text>
        </Stack>
        <Paper withBorder shadow="sm" radius="md" p="xl">
          <Title order={2} size="h3" mb="md">
            {isLogin ? 'Login' : 'Sign Up'}
          </Title>
          <form onSubmit={(e) => void onSubmit(e)} noValidate={false} aria-label={isLogin ? 'Login' : 'Sign Up'}>
            <Stack gap="sm">
              {isLogin ? (
                <TextInput
                  label="Username or Email"
                  name="usernameOrEmail"
                  autoComplete="username"
                  required
                  value={fields.usernameOrEmail}
                  onChange={set('usernameOrEmail')}
                />
              ) : (
                <>
                  <TextInput label="Username" name="username" autoComplete="username" required value={fields.username} onChange={set('username')} />
                  <TextInput label="Email" name="email" type="email" autoComplete="email" required value={fields.email} onChange={set('email')} />
                  <TextInput label="Store Name" name="storeName" autoComplete="organization" required value={fields.storeName} onChange={set('storeName')} />
                </>
              )}
              <PasswordInput
                label="Password"
                name="password"
                autoComplete={isLogin ? 'current-password' : 'new-password'}
                required
                value={fields.password}
                onChange={set('password')}
              />
              {error ? (
                <Alert color="red" variant="light" role="alert" data-testid="login-error">
                  {error}
                </Alert>
              ) : null}
              <Button type="submit" fullWidth mt="xs" disabled={busy}>
                {busy ? (isLogin ? 'Logging in...' : 'Signing up...') : isLogin ? 'Login' : 'Sign Up'}
              </Button>
            </Stack>
          </form>
          <Text ta="center" mt="md" size="sm">
            <Anchor component="button" type="button" onClick={toggle}>
              {isLogin ? 'Need an account? Sign up' : 'Already have an account? Login'}
            </Anchor>
          </Text>
        </Paper>
      </Box>
    </Center>
  );
}
