/**
 * What the app starts after its first screen (docs/ARCHITECTURE.md, The offline till):
 * the service worker, which keeps the app openable with no network.
 */
import { startServiceWorker } from '../../lib/service-worker';

export function startOfflineRuntime(): void {
  void startServiceWorker(() => false);
}
