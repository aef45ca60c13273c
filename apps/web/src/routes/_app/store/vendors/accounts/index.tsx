import { createFileRoute } from '@tanstack/react-router';
import { AccountsPage } from '../../../../../features/vendor-accounts/accounts-page';

export const Route = createFileRoute('/_app/store/vendors/accounts/')({
  component: AccountsPage,
});
