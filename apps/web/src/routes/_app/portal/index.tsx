import { createFileRoute } from '@tanstack/react-router';
import { BoothPage } from '../../../features/portal/booth-page';

export const Route = createFileRoute('/_app/portal/')({
  component: BoothPage,
});
