/**
 * /roadmap/roadmap: every signed-in role lists its store's entries; only a
 * STORE_OWNER creates, updates and deletes (403 for anyone else).
 */
import { ZRoadmapInput, ZRoadmapOutput } from '@pos/contracts';
import { includes } from '@pos/domain';
import { AppError } from '../../errors';
import { memberProcedure, router, syncOutput } from '../../trpc';
import * as repo from './roadmap.repository';

const NOT_FOUND = 'No such roadmap entry in this store';

export const roadmapRouter = router({
  roadmap: memberProcedure
    .meta({ path: '/roadmap/roadmap', accessNote: 'Every role of the store lists; only STORE_OWNER creates, updates and deletes.' })
    .input(ZRoadmapInput)
    .output(syncOutput(ZRoadmapOutput))
    .mutation(async ({ ctx, input }) => {
      if (input.action === 'list') return { success: true, message: 'OK', entries: await repo.listEntries(ctx.db, ctx.storeId) };
      if (!includes(ctx.role, 'STORE_OWNER')) throw new AppError('FORBIDDEN', 'Only the store owner may change the roadmap');
      switch (input.action) {
        case 'create':
          return { success: true, message: 'Roadmap entry created', entry: await repo.insertEntry(ctx.db, ctx.storeId, input.entry) };
        case 'update': {
          const entry = await repo.updateEntry(ctx.db, ctx.storeId, input.entry.id, input.entry);
          if (!entry) throw new AppError('NOT_FOUND', NOT_FOUND);
          return { success: true, message: 'Roadmap entry updated', entry };
        }
        case 'delete':
          if (!(await repo.deleteEntry(ctx.db, ctx.storeId, input.id))) throw new AppError('NOT_FOUND', NOT_FOUND);
          return { success: true, message: 'Roadmap entry deleted' };
      }
    }),
});
