/**
 * A new build applies on the next start, never in the middle of a sale
 * (docs/ARCHITECTURE.md, The offline till: the device and its outbox): Workbox's window
 * side stands in for the browser's worker registration.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Listener = (event: { wasWaitingBeforeRegister?: boolean }) => void;

const fake = vi.hoisted(() => {
  class FakeWorkbox {
    static last: FakeWorkbox | null = null;
    listeners = new Map<string, Listener[]>();
    skipWaitingSent = 0;
    constructor(readonly url: string) {
      FakeWorkbox.last = this;
    }
    addEventListener(type: string, listener: Listener) {
      this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
    }
    messageSkipWaiting() {
      this.skipWaitingSent++;
    }
    register() {
      return Promise.resolve(undefined);
    }
    emit(type: string, event: { wasWaitingBeforeRegister?: boolean } = {}) {
      for (const listener of this.listeners.get(type) ?? []) listener(event);
    }
  }
  return { FakeWorkbox };
});
vi.mock('workbox-window', () => ({ Workbox: fake.FakeWorkbox }));

const { startServiceWorker, SERVICE_WORKER_URL } = await import('./service-worker');

describe('the service worker', () => {
  let reload: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    reload = vi.fn();
    vi.stubGlobal('navigator', { serviceWorker: {} });
    vi.stubGlobal('window', { location: { reload } });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fake.FakeWorkbox.last = null;
  });

  it('applies a new build already waiting when the app starts, reloading once it takes over', async () => {
    await startServiceWorker(() => false);
    const wb = fake.FakeWorkbox.last!;
    expect(wb.url).toBe(SERVICE_WORKER_URL);
    wb.emit('waiting', { wasWaitingBeforeRegister: true });
    expect(wb.skipWaitingSent).toBe(1);
    expect(reload).not.toHaveBeenCalled();
    wb.emit('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('leaves a build that arrives while the till is in use waiting for the next start', async () => {
    await startServiceWorker(() => false);
    const wb = fake.FakeWorkbox.last!;
    wb.emit('waiting', { wasWaitingBeforeRegister: false });
    wb.emit('controlling');
    expect(wb.skipWaitingSent).toBe(0);
    expect(reload).not.toHaveBeenCalled();
  });

  it('never applies one while an offline sale is being rung up, even at start', async () => {
    await startServiceWorker(() => true);
    const wb = fake.FakeWorkbox.last!;
    wb.emit('waiting', { wasWaitingBeforeRegister: true });
    wb.emit('controlling');
    expect(wb.skipWaitingSent).toBe(0);
    expect(reload).not.toHaveBeenCalled();
  });

  it('does nothing in a browser without service workers', async () => {
    vi.stubGlobal('navigator', {});
    await startServiceWorker(() => false);
    expect(fake.FakeWorkbox.last).toBeNull();
  });
});
