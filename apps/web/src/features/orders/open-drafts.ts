/**
 * The drafts open in one orders workspace, by order id. Like each draft, they live
 * outside React: a tab reads its draft with useSyncExternalStore, and a draft is made
 * when its order arrives (never while rendering), then kept until the server has what
 * it holds, so a tab closed and reopened meanwhile finds every line still there.
 */
import type { Order } from '@pos/contracts';
import { OrderDraft, type DraftDeps } from './order-draft';

export class OpenDrafts {
  private readonly drafts = new Map<number, OrderDraft>();
  private readonly listeners = new Set<() => void>();

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get = (orderId: number): OrderDraft | undefined => this.drafts.get(orderId);

  /** The draft of `order`: the one already open, else a new one made from it. */
  open(order: Order, deps: DraftDeps, customerName?: string): OrderDraft {
    const open = this.drafts.get(order.id);
    if (open) return open;
    const draft = new OrderDraft(order, deps, customerName);
    this.drafts.set(order.id, draft);
    this.notify();
    return draft;
  }

  forget(orderId: number): void {
    if (this.drafts.delete(orderId)) this.notify();
  }

  /** Sends what every open draft holds. */
  flushAll(): void {
    this.drafts.forEach((draft) => draft.flush());
  }

  private notify() {
    for (const listener of [...this.listeners]) listener();
  }
}
