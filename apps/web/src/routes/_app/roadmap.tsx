import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../components/placeholder-page';

/** Owned by a later issue; shows its heading until then. */
export const Route = createFileRoute('/_app/roadmap')({
  component: () => <PlaceholderPage heading="Development Roadmap" />,
});
