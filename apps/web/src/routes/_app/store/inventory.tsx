import { createFileRoute, redirect } from '@tanstack/react-router';

/** The old Inventory screen's address: the store's stock are items now, on the Items screen. */
export const Route = createFileRoute('/_app/store/inventory')({
  beforeLoad: () => {
    throw redirect({ to: '/store/items', replace: true });
  },
});
