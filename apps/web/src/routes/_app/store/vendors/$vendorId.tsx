import { createFileRoute } from '@tanstack/react-router';
import { VendorEditorPage } from '../../../../features/vendors/vendors-page';

export const Route = createFileRoute('/_app/store/vendors/$vendorId')({
  component: VendorEditorRoute,
});

function VendorEditorRoute() {
  const { vendorId } = Route.useParams();
  return <VendorEditorPage key={vendorId} vendorId={vendorId} />;
}
