import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZListVendorsOutput } from '@pos/contracts';
import { appRouter } from '../src/root';
import { createCallerFactory, outputSchemaOf, publicProcedure, router, syncOutput } from '../src/trpc';

type ProcedureDef = { _def: { output?: unknown; meta?: { path?: string } } };

describe('output checks run synchronously', () => {
  it('every procedure with an output schema gives tRPC a parser without parseAsync, and its zod schema to the documents', () => {
    const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, ProcedureDef>);
    const withOutput = procedures.filter(([, p]) => p._def.output !== undefined);
    expect(withOutput.length).toBeGreaterThan(50);
    // A schema given as is would be checked through zod's parseAsync (docs/PERFORMANCE.md, "Read paths").
    const async = withOutput.filter(([, p]) => typeof (p._def.output as { parseAsync?: unknown }).parseAsync === 'function').map(([key]) => key);
    expect(async).toEqual([]);
    for (const [, p] of withOutput) expect(outputSchemaOf(p._def.output)).toBeInstanceOf(z.ZodType);
  });

  it('answers what the schema answers: money as its wire object, unknown fields left out', () => {
    const value = { success: true, vendors: [], totalVendors: 3n, secret: 'hash' };
    expect(syncOutput(ZListVendorsOutput).parse(value)).toEqual(ZListVendorsOutput.parse(value));
    expect(syncOutput(ZListVendorsOutput).parse(value)).toEqual({ success: true, vendors: [], totalVendors: 3 });
  });

  it('still refuses an answer the schema refuses: the call fails naming the field, nothing answered', async () => {
    const bad = router({ broken: publicProcedure.output(syncOutput(z.object({ total: z.bigint() }))).query(() => ({ total: 'twelve' }) as never) });
    const caller = createCallerFactory(bad)({} as never);
    await expect(caller.broken()).rejects.toThrow(/total/);
  });
});
