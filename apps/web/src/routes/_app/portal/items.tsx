import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../components/placeholder-page';

function PortalItemsPage() {
  return <PlaceholderPage heading="Items" note="Your items, their tags and withdrawals will be here. Until then the store enters and tags your items." />;
}

export const Route = createFileRoute('/_app/portal/items')({
  component: PortalItemsPage,
});
