import { createFileRoute } from '@tanstack/react-router';
import { StoresPage } from '../../../features/system/stores-page';

export const Route = createFileRoute('/_app/system/stores')({
  component: StoresPage,
});
