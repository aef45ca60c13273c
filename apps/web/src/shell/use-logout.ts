import { useCallback, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { endSession } from '../lib/session-actions';
import { trpc } from '../lib/trpc';

/**
 * Logout: tells the server, then clears every stored session value and returns
 * to the login page, whether or not the server call succeeded.
 */
export function useLogout() {
  const navigate = useNavigate();
  const logout = trpc.auth.logout.useMutation();
  const [busy, setBusy] = useState(false);
  const run = useCallback(async () => {
    setBusy(true);
    try {
      await logout.mutateAsync();
    } catch {
      // The session is ended locally all the same.
    }
    setBusy(false);
    await endSession(() => navigate({ to: '/' }));
  }, [logout, navigate]);
  return { logout: run, busy };
}
