/**
 * Dashboards, one path per role (/dashboard/store-owner, ...). The caller's current role must include the dashboard's
 * role; every counter is computed from real rows, and every revenue is net of refunds.
 * /dashboard/setup (STORE_MANAGER and above): what a new store has set up.
 */
import {
  ZEmptyInput,
  ZSstManagerDashboardOutput,
  ZStoreAccountantDashboardOutput,
  ZStoreManagerDashboardOutput,
  ZStoreOwnerDashboardOutput,
  ZStoreSetupOutput,
  ZStoreStaffDashboardOutput,
  ZSystemDashboardOutput,
} from '@pos/contracts';
import { profitMarginPercent } from '@pos/domain';
import { roleProcedure, router, syncOutput } from '../../trpc';
import { countActiveStores, countStores, countUsers } from '../system/system.repository';
import { accountantCounters, managerCounters, ownerCounters, setupStatus, staffCounters } from './dashboard.repository';

async function systemCounters(db: Parameters<typeof countStores>[0]) {
  const [totalStores, totalUsers] = await Promise.all([countStores(db), countUsers(db)]);
  return { success: true, message: 'OK', totalStores, totalUsers };
}

export const dashboardRouter = router({
  absoluteAdmin: roleProcedure('ABSOLUTE_ADMIN')
    .meta({ path: '/dashboard/absolute-admin' })
    .input(ZEmptyInput)
    .output(syncOutput(ZSystemDashboardOutput))
    .query(({ ctx }) => systemCounters(ctx.db)),
  sstStaff: roleProcedure('SST_STAFF')
    .meta({ path: '/dashboard/sst-staff' })
    .input(ZEmptyInput)
    .output(syncOutput(ZSystemDashboardOutput))
    .query(({ ctx }) => systemCounters(ctx.db)),
  sstManager: roleProcedure('SST_MANAGER')
    .meta({ path: '/dashboard/sst-manager' })
    .input(ZEmptyInput)
    .output(syncOutput(ZSstManagerDashboardOutput))
    .query(async ({ ctx }) => ({ ...(await systemCounters(ctx.db)), activeStores: await countActiveStores(ctx.db) })),
  storeOwner: roleProcedure('STORE_OWNER')
    .meta({ path: '/dashboard/store-owner' })
    .input(ZEmptyInput)
    .output(syncOutput(ZStoreOwnerDashboardOutput))
    .query(async ({ ctx }) => ({ success: true, message: 'OK', ...(await ownerCounters(ctx.db, ctx.storeId)) })),
  storeManager: roleProcedure('STORE_MANAGER')
    .meta({ path: '/dashboard/store-manager' })
    .input(ZEmptyInput)
    .output(syncOutput(ZStoreManagerDashboardOutput))
    .query(async ({ ctx }) => ({ success: true, message: 'OK', ...(await managerCounters(ctx.db, ctx.storeId, ctx.config.now())) })),
  storeStaff: roleProcedure('STORE_STAFF')
    .meta({ path: '/dashboard/store-staff' })
    .input(ZEmptyInput)
    .output(syncOutput(ZStoreStaffDashboardOutput))
    .query(async ({ ctx }) => ({ success: true, message: 'OK', ...(await staffCounters(ctx.db, ctx.storeId, ctx.user.id, ctx.config.now())) })),
  setup: roleProcedure('STORE_MANAGER')
    .meta({ path: '/dashboard/setup' })
    .input(ZEmptyInput)
    .output(syncOutput(ZStoreSetupOutput))
    .query(async ({ ctx }) => ({ success: true, ...(await setupStatus(ctx.db, ctx.storeId)) })),
  storeAccountant: roleProcedure('STORE_ACCOUNTANT')
    .meta({ path: '/dashboard/store-accountant' })
    .input(ZEmptyInput)
    .output(syncOutput(ZStoreAccountantDashboardOutput))
    .query(async ({ ctx }) => {
      const counters = await accountantCounters(ctx.db, ctx.storeId, ctx.config.now());
      return { success: true, message: 'OK', ...counters, profitMargin: profitMarginPercent(counters.monthlyRevenue, counters.monthlyExpenses) };
    }),
});
