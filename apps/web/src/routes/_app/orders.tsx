import { createFileRoute } from '@tanstack/react-router';
import { OrdersPage } from '../../features/orders/orders-page';
import { readOrdersSearch, type OrdersSearch } from '../../features/orders/lookup-filters';

export const Route = createFileRoute('/_app/orders')({
  validateSearch: (raw: Record<string, unknown>): OrdersSearch => readOrdersSearch(raw),
  component: OrdersRoute,
});

function OrdersRoute() {
  const { status } = Route.useSearch();
  return <OrdersPage lookupStatus={status ?? null} />;
}
