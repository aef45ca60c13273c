import { createFileRoute } from '@tanstack/react-router';
import { PortalItemsPage } from '../../../features/portal/items-page';

export const Route = createFileRoute('/_app/portal/items')({
  component: PortalItemsPage,
});
