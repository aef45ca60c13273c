/**
 * /store/audit/list and /store/audit/people: the store's audit trail, read by an
 * accountant or an owner (whose role includes the accountant's); a manager is refused.
 * Nothing edits or deletes an event.
 */
import { ZEmptyInput, ZListAuditInput, ZListAuditOutput, ZListAuditPeopleOutput } from '@pos/contracts';
import { roleProcedure, router, syncOutput } from '../../trpc';
import { listAudit, listAuditPeople } from './audit.service';

const auditProcedure = roleProcedure('STORE_ACCOUNTANT');

export const auditRouter = router({
  list: auditProcedure
    .meta({ path: '/store/audit/list' })
    .input(ZListAuditInput)
    .output(syncOutput(ZListAuditOutput))
    .query(({ ctx, input }) => listAudit(ctx.db, ctx.storeId, input)),
  people: auditProcedure
    .meta({ path: '/store/audit/people' })
    .input(ZEmptyInput)
    .output(syncOutput(ZListAuditPeopleOutput))
    .query(({ ctx }) => listAuditPeople(ctx.db, ctx.storeId)),
});
