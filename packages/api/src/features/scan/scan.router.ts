/** /item/scan: STORE_STAFF and above; what a code names and who is paid for it (scan.service.ts). */
import { ZScanCodeInput, ZScanCodeOutput } from '@pos/contracts';
import { roleProcedure, router, syncOutput } from '../../trpc';
import { scanCode } from './scan.service';

export const scanRouter = router({
  code: roleProcedure('STORE_STAFF')
    .meta({ path: '/item/scan' })
    .input(ZScanCodeInput)
    .output(syncOutput(ZScanCodeOutput))
    .query(({ ctx, input }) => scanCode(ctx.db, ctx.storeId, input.code)),
});
