import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/login-page';
import { documentTitle, useDocumentTitle } from '../lib/document-title';
import { safeRedirect } from '../lib/navigation';
import { session } from '../lib/session';

export interface LoginSearch {
  redirect?: string;
}

export const Route = createFileRoute('/')({
  validateSearch: (search: Record<string, unknown>): LoginSearch =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  beforeLoad: ({ search }) => {
    // A visit to / with a kept token goes on to the app.
    if (session.get().token) throw redirect({ href: safeRedirect(search.redirect) });
  },
  component: LoginRoute,
});

function LoginRoute() {
  useDocumentTitle(documentTitle('Login', null));
  return <LoginPage />;
}
