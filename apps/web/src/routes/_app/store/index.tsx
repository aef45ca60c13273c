import { createFileRoute } from '@tanstack/react-router';
import { SectionIndex } from '../../../shell/section-index';

export const Route = createFileRoute('/_app/store/')({
  component: () => <SectionIndex path="/store" />,
});
