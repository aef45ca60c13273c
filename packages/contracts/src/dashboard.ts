import { z } from 'zod';
import { zIdOut } from './wire';

const counter = zIdOut;
const base = { success: z.boolean(), message: z.string() };

export const ZSystemDashboardOutput = z.object({ ...base, totalStores: counter, totalUsers: counter });
export const ZSstManagerDashboardOutput = z.object({ ...base, totalStores: counter, activeStores: counter, totalUsers: counter });
