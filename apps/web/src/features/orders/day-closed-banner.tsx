/**
 * The till's banner once today is closed (docs/SETTLEMENT.md, A closed day stays closed):
 * the server refuses every sale of a closed day, so the cashier reads it before ringing
 * anything up, in the words the refusal uses. Asked when the orders screen opens, every
 * minute, on returning to the window, and after a refused submit.
 */
import { Alert } from '@mantine/core';
import { trpc } from '../../lib/trpc';

export function DayClosedBanner() {
  const status = trpc.order.dayStatus.useQuery(undefined, { refetchInterval: 60_000, refetchOnWindowFocus: true });
  if (!status.data?.closed) return null;
  return (
    <Alert color="red" variant="light" role="alert" title="The day is closed" data-testid="day-closed-banner" mb="sm">
      {status.data.message}
    </Alert>
  );
}
