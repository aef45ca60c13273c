import { createFileRoute } from '@tanstack/react-router';
import { AcceptInvitePage } from '../../features/portal/accept-page';
import { documentTitle, useDocumentTitle } from '../../lib/document-title';

/** The link of a portal invitation (its last path segment the token): open to anyone. */
export const Route = createFileRoute('/accept-invite/$token')({
  component: AcceptRoute,
});

function AcceptRoute() {
  useDocumentTitle(documentTitle('Vendor Portal Invitation', null));
  const { token } = Route.useParams();
  return <AcceptInvitePage token={token} />;
}
