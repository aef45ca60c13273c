import { createFileRoute } from '@tanstack/react-router';
import { PayoutsPage } from '../../../features/portal/payouts-page';

export const Route = createFileRoute('/_app/portal/payouts')({
  component: PayoutsPage,
});
