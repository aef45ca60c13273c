import { z } from 'zod';
import { zIdOut, zMoneyOut, zPercentOut } from './wire';

const counter = zIdOut;
const base = { success: z.boolean(), message: z.string() };

export const ZSystemDashboardOutput = z.object({ ...base, totalStores: counter, totalUsers: counter });
export const ZSstManagerDashboardOutput = z.object({ ...base, totalStores: counter, activeStores: counter, totalUsers: counter });

export const ZStoreOwnerDashboardOutput = z.object({ ...base, totalRevenue: zMoneyOut, totalOrders: counter, totalProducts: counter, totalStaff: counter });
export const ZStoreManagerDashboardOutput = z.object({ ...base, dailyRevenue: zMoneyOut, pendingOrders: counter, lowStockItems: counter, activeStaff: counter });
export const ZStoreStaffDashboardOutput = z.object({ ...base, todayOrders: counter, todayRevenue: zMoneyOut, pendingTasks: counter });
export const ZStoreAccountantDashboardOutput = z.object({
  ...base,
  monthlyRevenue: zMoneyOut,
  monthlyExpenses: zMoneyOut,
  pendingInvoices: counter,
  profitMargin: zPercentOut,
});

/** A new store's set-up list: each step done or not (the dashboard ticks it). */
export const ZStoreSetupOutput = z.object({
  success: z.boolean(),
  taxes: z.boolean(),
  paymentMethods: z.boolean(),
  vendors: z.boolean(),
  itemCodes: z.boolean(),
  staff: z.boolean(),
});
export type StoreSetup = z.output<typeof ZStoreSetupOutput>;
