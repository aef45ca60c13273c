import { createFileRoute } from '@tanstack/react-router';
import { VendorsLayout } from '../../../../features/vendors/vendors-page';

export const Route = createFileRoute('/_app/store/vendors')({
  component: VendorsLayout,
});
