/**
 * The service worker's registration (docs/ARCHITECTURE.md, The offline till). Loaded after
 * the first screen, so workbox-window is not part of the first load. Workbox precaches the
 * build; a new build's worker installs beside the running one and waits. It is applied
 * only when the app starts: a worker already waiting when this page registers takes over
 * at once (one reload, before anything is rung up), unless an offline sale is being rung
 * up (`saleInProgress`); one that arrives while the till is in use waits for the next start.
 */
import { Workbox } from 'workbox-window';

export const SERVICE_WORKER_URL = '/sw.js';

export async function startServiceWorker(saleInProgress: () => boolean): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const wb = new Workbox(SERVICE_WORKER_URL, { scope: '/' });
  wb.addEventListener('waiting', (event) => {
    if (!event.wasWaitingBeforeRegister || saleInProgress()) return;
    wb.addEventListener('controlling', () => window.location.reload());
    wb.messageSkipWaiting();
  });
  try {
    await wb.register();
  } catch (error) {
    // No worker (a private window, a browser that refuses it): the app still runs online.
    console.warn('Service worker not registered', error);
  }
}
