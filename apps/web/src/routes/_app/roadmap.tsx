import { createFileRoute } from '@tanstack/react-router';
import { RoadmapPage } from '../../features/roadmap/roadmap-page';

export const Route = createFileRoute('/_app/roadmap')({
  component: RoadmapPage,
});
