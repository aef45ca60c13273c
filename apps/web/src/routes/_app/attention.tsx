import { createFileRoute } from '@tanstack/react-router';
import { NeedsAttentionPage } from '../../features/attention/needs-attention-page';

export const Route = createFileRoute('/_app/attention')({
  component: NeedsAttentionPage,
});
