import { describe, expect, it } from 'vitest';
import { createTRPCClient, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import type { AppRouter } from '@pos/api';
import { settingsFreshness } from './settings-freshness';
import { settingsFreshnessLink } from './trpc';

/** Answers each path with a fixed body instead of calling a server. */
function answering(bodies: Record<string, unknown>): TRPCLink<AppRouter> {
  return () =>
    ({ op }) =>
      observable((observer) => {
        observer.next({ result: { type: 'data', data: bodies[op.path] } });
        observer.complete();
      });
}

describe('settingsFreshnessLink', () => {
  it('gives every answer to the freshness rules and passes it on unchanged', async () => {
    const settings = { success: true, storeUpdatedAt: '2025-01-01T10:00:00.000Z' };
    const later = { success: true, paymentMethods: [], storeUpdatedAt: '2025-01-01T10:00:05.000Z' };
    const client = createTRPCClient<AppRouter>({
      links: [settingsFreshnessLink(), answering({ 'store.fetchSettings': settings, 'store.payment.list': later })],
    });

    await expect(client.store.fetchSettings.query()).resolves.toEqual(settings);
    expect(settingsFreshness.snapshot().copyUpdatedAt).toBe(Date.parse(settings.storeUpdatedAt));
    expect(settingsFreshness.snapshot().lastAttemptAt).toBeNull();

    await expect(client.store.payment.list.query()).resolves.toEqual(later);
    expect(settingsFreshness.snapshot().latestSeenUpdatedAt).toBe(Date.parse(later.storeUpdatedAt));
    expect(settingsFreshness.snapshot().lastAttemptAt).not.toBeNull();
  });
});
