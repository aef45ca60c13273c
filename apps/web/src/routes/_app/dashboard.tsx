import { createFileRoute, redirect } from '@tanstack/react-router';
import { VENDOR_ROLE } from '@pos/domain';
import { DashboardPage } from '../../features/dashboard/dashboard-page';
import { session } from '../../lib/session';

export const Route = createFileRoute('/_app/dashboard')({
  // A vendor's home is My Booth (the vendor portal): where a sign-in lands them.
  beforeLoad: () => {
    if (session.get().currentRole?.role === VENDOR_ROLE) throw redirect({ to: '/portal', replace: true });
  },
  component: DashboardPage,
});
