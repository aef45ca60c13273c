import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../components/placeholder-page';

/** Owned by a later issue; shows its heading until then. */
export const Route = createFileRoute('/_app/customers')({
  component: () => <PlaceholderPage heading="Customers" />,
});
