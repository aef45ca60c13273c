/**
 * The offline till (docs/ARCHITECTURE.md, The offline till). /device/register,
 * /device/reserve-numbers, /device/report, /device/snapshot and /offline/replay:
 * STORE_STAFF and above (anyone who sells); /offline/attention and /offline/resolve:
 * STORE_MANAGER and above.
 */
import {
  ZAttentionInput,
  ZAttentionOutput,
  ZDeviceReportInput,
  ZDeviceReportOutput,
  ZDeviceSnapshotInput,
  ZDeviceSnapshotOutput,
  ZRegisterDeviceInput,
  ZRegisterDeviceOutput,
  ZReplayInput,
  ZReplayOutput,
  ZReserveNumbersInput,
  ZReserveNumbersOutput,
  ZResolveInput,
  ZResolveOutput,
} from '@pos/contracts';
import { roleProcedure, router } from '../../trpc';
import { attentionList, registerDevice, replaySale, reportDevice, reserveNumbers, resolveSale, snapshot } from './offline.service';

const staffProcedure = roleProcedure('STORE_STAFF');
const managerProcedure = roleProcedure('STORE_MANAGER');

export const deviceRouter = router({
  register: staffProcedure
    .meta({ path: '/device/register' })
    .input(ZRegisterDeviceInput)
    .output(ZRegisterDeviceOutput)
    .mutation(({ ctx, input }) => registerDevice(ctx, input)),
  reserveNumbers: staffProcedure
    .meta({ path: '/device/reserve-numbers' })
    .input(ZReserveNumbersInput)
    .output(ZReserveNumbersOutput)
    .mutation(({ ctx, input }) => reserveNumbers(ctx, input)),
  report: staffProcedure
    .meta({ path: '/device/report' })
    .input(ZDeviceReportInput)
    .output(ZDeviceReportOutput)
    .mutation(({ ctx, input }) => reportDevice(ctx, input)),
  snapshot: staffProcedure
    .meta({ path: '/device/snapshot' })
    .input(ZDeviceSnapshotInput)
    .output(ZDeviceSnapshotOutput)
    .query(({ ctx }) => snapshot(ctx)),
});

export const offlineRouter = router({
  replay: staffProcedure
    .meta({ path: '/offline/replay' })
    .input(ZReplayInput)
    .output(ZReplayOutput)
    .mutation(({ ctx, input }) => replaySale(ctx, input)),
  attention: managerProcedure
    .meta({ path: '/offline/attention' })
    .input(ZAttentionInput)
    .output(ZAttentionOutput)
    .query(({ ctx }) => attentionList(ctx)),
  resolve: managerProcedure
    .meta({ path: '/offline/resolve' })
    .input(ZResolveInput)
    .output(ZResolveOutput)
    .mutation(({ ctx, input }) => resolveSale(ctx, input)),
});
