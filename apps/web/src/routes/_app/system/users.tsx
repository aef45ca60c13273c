import { createFileRoute } from '@tanstack/react-router';
import { UsersPage } from '../../../features/system/users-page';

export const Route = createFileRoute('/_app/system/users')({
  component: UsersPage,
});
