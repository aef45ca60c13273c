/** The app router: one router per path family (auth, dashboard, order, ...). */
import { router } from './trpc';
import { authRouter } from './features/auth/auth.router';
import { booksRouter } from './features/books/books.router';
import { dashboardRouter } from './features/dashboard/dashboard.router';
import { itemRouter } from './features/item/item.router';
import { deviceRouter, offlineRouter } from './features/offline/offline.router';
import { orderRouter } from './features/order/order.router';
import { portalRouter } from './features/portal/portal.router';
import { reportsRouter } from './features/reports/reports.router';
import { roadmapRouter } from './features/roadmap/roadmap.router';
import { scanRouter } from './features/scan/scan.router';
import { staffRouter } from './features/staff/staff.router';
import { storeRouter } from './features/store/store.router';
import { systemRouter } from './features/system/system.router';
import { vendorRouter } from './features/vendor/vendor.router';

export const appRouter = router({
  auth: authRouter,
  books: booksRouter,
  dashboard: dashboardRouter,
  device: deviceRouter,
  item: itemRouter,
  offline: offlineRouter,
  order: orderRouter,
  portal: portalRouter,
  reports: reportsRouter,
  roadmap: roadmapRouter,
  scan: scanRouter,
  staff: staffRouter,
  store: storeRouter,
  system: systemRouter,
  vendor: vendorRouter,
});

export type AppRouter = typeof appRouter;
