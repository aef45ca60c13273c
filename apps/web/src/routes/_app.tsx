import { createFileRoute, redirect } from '@tanstack/react-router';
import { AppLayout } from '../shell/app-layout';
import { session } from '../lib/session';

/** Every route but / needs a stored token; without one, go to / and remember the origin. */
export const Route = createFileRoute('/_app')({
  beforeLoad: ({ location }) => {
    if (!session.get().token) throw redirect({ to: '/', search: { redirect: location.href } });
  },
  component: AppLayout,
});
