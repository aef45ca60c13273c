import { createFileRoute } from '@tanstack/react-router';
import { OrdersPage } from '../../features/orders/orders-page';
import { readOrdersSearch, type OrdersSearch } from '../../features/orders/orders-search';

export const Route = createFileRoute('/_app/orders')({
  validateSearch: (raw: Record<string, unknown>): OrdersSearch => readOrdersSearch(raw),
  component: OrdersRoute,
});

function OrdersRoute() {
  const search = Route.useSearch();
  return (
    <OrdersPage
      open={search.order !== undefined && search.number !== undefined ? { orderId: search.order, orderNumber: search.number } : undefined}
      lookupStatus={search.status ?? null}
    />
  );
}
