/**
 * Dashboards (SPEC 7 paths). The caller's current role must include the dashboard's
 * role; every counter is computed from real rows.
 */
import { ZEmptyInput, ZSstManagerDashboardOutput, ZSystemDashboardOutput } from '@pos/contracts';
import { roleProcedure, router } from '../../trpc';
import { countActiveStores, countStores, countUsers } from '../system/system.repository';

async function systemCounters(db: Parameters<typeof countStores>[0]) {
  const [totalStores, totalUsers] = await Promise.all([countStores(db), countUsers(db)]);
  return { success: true, message: 'OK', totalStores, totalUsers };
}

export const dashboardRouter = router({
  absoluteAdmin: roleProcedure('ABSOLUTE_ADMIN')
    .meta({ path: '/dashboard/absolute-admin' })
    .input(ZEmptyInput)
    .output(ZSystemDashboardOutput)
    .query(({ ctx }) => systemCounters(ctx.db)),
  sstStaff: roleProcedure('SST_STAFF')
    .meta({ path: '/dashboard/sst-staff' })
    .input(ZEmptyInput)
    .output(ZSystemDashboardOutput)
    .query(({ ctx }) => systemCounters(ctx.db)),
  sstManager: roleProcedure('SST_MANAGER')
    .meta({ path: '/dashboard/sst-manager' })
    .input(ZEmptyInput)
    .output(ZSstManagerDashboardOutput)
    .query(async ({ ctx }) => ({ ...(await systemCounters(ctx.db)), activeStores: await countActiveStores(ctx.db) })),
});
