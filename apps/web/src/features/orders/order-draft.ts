/**
 * One open draft order in the editor: its lines, customer name and summary, held
 * outside React so that a keystroke re-renders only the row typed in and the summary
 * (rows subscribe to their own line with useSyncExternalStore).
 *
 * It also owns the conversation with the server (the /order/* calls, docs/API.md).
 * Writes go out one at a time, in order, behind the cashier: the screen never waits
 * for them.
 * - Leaving a box saves its line (/order/update-line) when it differs from what the
 *   server last stored; several saves queued for one line send once.
 * - Tab past the last box (or the add button) on a non-empty last line adds a fresh line
 *   at once and asks the server for its id by saving the last line with createNewLine;
 *   what is typed into the new line meanwhile is saved as soon as the id arrives.
 * - Remove takes the line off the screen and saves it blank (there is no delete call;
 *   the server drops blank lines on submit, and a reopened draft skips them).
 * - A new line's id is asked for by saving the line it follows with createNewLine. When
 *   that line is gone by the time the request goes out (removed while earlier writes
 *   were still on their way), any other line the server holds is saved with the request
 *   instead, or else a removed one, blank as it is stored: the new line always gets its
 *   id, however slowly the server answers.
 * - Submit Order opens the payment panel (phase 'checkout': the lines are frozen and
 *   every box committed); Escape goes back to the lines. Complete Sale waits for the
 *   writes, then sends every line with the payments (/order/submit).
 * - Cancel (with a reason) waits for the writes, then cancels the draft (/order/cancel).
 * - Enter in the Item Code box (what a barcode scanner types after the number) looks the
 *   code up (/item/scan): a tagged item's number or alias fills the line with the item
 *   (bound by its number, sent with every save of the line), a sold or withdrawn item is
 *   refused on the line with the server's reason, and a dealer's code stays as typed for
 *   its price. Editing the code of a filled line unbinds it.
 * Failures are logged and never undo what the cashier typed: a failed save is retried
 * the next time that line is left; a refused submit or cancel hands the error to the
 * screen, which shows the server's message, and the draft stays as it was.
 */
import type { Order, OrderLine } from '@pos/contracts';
import type { OrderSummary } from '@pos/domain';
import type { CheckoutMemo } from './checkout-state';
import {
  blankedLine,
  carriedTaxName,
  commitLive,
  emptyLine,
  lineFromServer,
  lineIsEmpty,
  lineSignature,
  linesMoveMoneyOut,
  NO_STORE_TAXES,
  summarizeLines,
  TAX_SLOT_INDEXES,
  checkFromServer,
  toSubmitLine,
  toUpdateLineInput,
  visibleDraftLines,
  withTax,
  scannedItemLine,
  lookupCode,
  type LineState,
  type ScanAnswer,
  type StoreTaxes,
  type SubmitOrderWireInput,
  type TaxSlot,
  type UpdateLineWireInput,
} from './order-lines';

export interface UpdateLineAnswer {
  line: OrderLine;
  newOrderLineId: number | null;
  newLine: OrderLine | null;
}

export interface DraftApi {
  updateLine(input: UpdateLineWireInput): Promise<UpdateLineAnswer>;
  submit(input: SubmitOrderWireInput): Promise<{ order: Order }>;
  cancel(input: { orderId: number; reason: string; customerName?: string; idempotencyKey?: string }): Promise<{ order: Order }>;
  setCustomerName(input: { orderId: number; customerName: string }): Promise<unknown>;
  /** /item/scan: what a code names and who is paid for it (vendor null: the store's own), or null when it names nothing. */
  scan?(code: string): Promise<ScanAnswer | null>;
}

/** What checkout adds to a submit: the payments, a manager's approval, the attempt's key. */
export type CheckoutFields = Pick<SubmitOrderWireInput, 'payments' | 'approval' | 'idempotencyKey'>;

/** The server's answer to a submit or a cancel: the order as it now stands, or why it refused. */
export type DraftResult = { ok: true; order: Order } | { ok: false; error: unknown };

export interface DraftDeps {
  api: DraftApi;
  /** The store's taxes as the client knows them now (toggles and new lines). */
  storeTaxes: () => StoreTaxes;
  /** Where order failures go: they are logged only. */
  log?: (message: string, error: unknown) => void;
}

/**
 * editing: the lines; checkout: the payment panel (lines frozen); submitting: a submit or
 * cancel on its way; submitted: the server has closed the draft (completed, pending or
 * cancelled).
 */
export type DraftPhase = 'editing' | 'checkout' | 'submitting' | 'submitted';

/** The fields a row edits as the cashier types. */
export type LinePatch = Partial<Pick<LineState, 'itemCode' | 'description' | 'quantity' | 'price' | 'discountPercent' | 'livePrice' | 'liveDiscountPercent'>>;

const defaultLog = (message: string, error: unknown) => console.error(message, error);

export class OrderDraft {
  readonly orderId: number;
  readonly orderNumber: string;
  private keys: readonly string[] = [];
  private readonly lines = new Map<string, LineState>();
  private customerName: string;
  /** The customer name the server holds (or is being sent). */
  private storedCustomerName: string;
  private phase: DraftPhase = 'editing';
  private readonly listeners = new Set<() => void>();
  private version = 0;
  private seq = 0;

  /** Per line, the signature of what the server stores for it. */
  private readonly stored = new Map<string, string>();
  /** New lines waiting for their server id, with their signature when created. */
  private readonly creating = new Map<string, string>();
  /** Ids of lines taken off the order: the server still holds them, blank. */
  private readonly removedIds: number[] = [];
  private queue: Promise<void> = Promise.resolve();
  /** What the payment panel holds (its rows, its attempt's key) while the cashier is back at the lines. */
  private checkoutMemo: CheckoutMemo | null = null;

  private cache: { version: number; lines: LineState[]; summary: OrderSummary | null; taxMask: number; taxNames: readonly string[]; canSubmit: boolean } | null = null;

  constructor(
    order: Order,
    private readonly deps: DraftDeps,
    customerName?: string,
  ) {
    this.orderId = order.id;
    this.orderNumber = order.orderNumber;
    this.customerName = customerName ?? order.customerName;
    this.storedCustomerName = order.customerName;
    const keys: string[] = [];
    for (const item of visibleDraftLines(order.items)) {
      const line = lineFromServer(this.newKey(), item);
      this.lines.set(line.key, line);
      this.stored.set(line.key, lineSignature(line));
      keys.push(line.key);
    }
    this.keys = keys;
    // Who is paid for each saved line's code, shown beside it.
    for (const key of this.keys) if (lookupCode(this.lines.get(key)!) !== '') void this.scanCode(key);
  }

  // ---- reading (stable snapshots for useSyncExternalStore) ----

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getKeys = (): readonly string[] => this.keys;
  getLine = (key: string): LineState | undefined => this.lines.get(key);
  getCustomerName = (): string => this.customerName;
  getPhase = (): DraftPhase => this.phase;
  getSummary = (): OrderSummary | null => this.derived().summary;
  /** Bit n set when some line has tax n+1 on. */
  getTaxMask = (): number => this.derived().taxMask;
  /** Per tax slot, what the lines call it (carriedTaxName): a new array only when a name changes. */
  getCarriedTaxNames = (): readonly string[] => this.derived().taxNames;
  /** An order with no line has nothing to submit: the button waits for one. */
  canSubmit = (): boolean => this.derived().canSubmit;
  getLines = (): readonly LineState[] => this.derived().lines;
  /** The lines as shown move money out (a total below zero, a negative line): STORE_STAFF need a manager's approval to submit. */
  movesMoneyOut = (): boolean => {
    const { lines, summary } = this.derived();
    return summary !== null && linesMoveMoneyOut(lines, summary.total);
  };

  /**
   * Looks up the line's code as typed (/item/scan), for who is paid for it, that it names
   * nothing, or why its item cannot be sold. With `fill` (Enter, or leaving the box) a
   * sellable tagged item not yet on the line fills it and the line is saved. Answers
   * 'item' when the line now sells a tagged item.
   */
  async scanCode(key: string, fill = false): Promise<'item' | 'refused' | 'other'> {
    const line = this.lines.get(key);
    const code = line ? lookupCode(line) : '';
    const api = this.deps.api;
    if (code === '' || !api.scan) return 'other';
    let found: ScanAnswer | null;
    try {
      found = await api.scan(code);
    } catch (error) {
      this.log('Failed to look up the item code', error);
      return 'other';
    }
    const current = this.lines.get(key);
    // Typed on meanwhile: the newer code gets its own answer.
    if (!current || lookupCode(current).toLowerCase() !== code.toLowerCase()) return 'other';
    const item = found?.kind === 'ITEM' ? found.item : null;
    const unsellable = item ? (found?.unsellable ?? null) : null;
    if (item && !unsellable && (current.itemNumber === item.itemNumber || (fill && this.phase === 'editing'))) {
      const filled = scannedItemLine(current, { ...found!, item });
      if (filled.itemNumber !== current.itemNumber) {
        this.setLine(filled);
        this.saveLine(key);
      } else this.setLine({ ...current, scan: filled.scan ?? null });
      return 'item';
    }
    this.setLine({ ...current, scan: { code, known: found !== null, vendor: found?.vendor ?? null, unsellable } });
    return unsellable ? 'refused' : 'other';
  }

  isLastKey(key: string): boolean {
    return this.keys[this.keys.length - 1] === key;
  }

  /** True once every write sent so far has been answered. */
  async settle(): Promise<void> {
    for (;;) {
      const pending = this.queue;
      await pending;
      if (pending === this.queue) return;
    }
  }

  // ---- editing ----

  setCustomerName(name: string): void {
    if (this.phase !== 'editing' || name === this.customerName) return;
    this.customerName = name;
    this.notify();
  }

  /** The cashier left Customer Name: the server keeps the draft's name, so a reload, a lookup and a cancel show it. */
  saveCustomerName(): void {
    if (this.phase === 'submitted' || this.phase === 'submitting') return;
    const name = this.customerName.trim();
    if (name === this.storedCustomerName) return;
    this.storedCustomerName = name;
    this.enqueue('Failed to save the customer name', async () => {
      await this.deps.api.setCustomerName({ orderId: this.orderId, customerName: name });
    });
  }

  editLine(key: string, patch: LinePatch): void {
    const line = this.lines.get(key);
    if (!line || this.phase !== 'editing') return;
    let changed = false;
    for (const [field, value] of Object.entries(patch) as [keyof LinePatch, unknown][]) {
      if (line[field] !== value) changed = true;
    }
    // A new code on a scanned line: it no longer sells that item.
    const unbind = patch.itemCode !== undefined && patch.itemCode !== line.itemCode && line.itemNumber !== '';
    if (changed) this.setLine({ ...line, ...patch, ...(unbind ? { itemNumber: '' } : {}) });
  }

  /** A tax toggle: on copies the store's current percent and short name, off zeroes it; then saves. */
  toggleTax(key: string, slot: TaxSlot, on: boolean): void {
    const line = this.lines.get(key);
    if (!line || this.phase !== 'editing') return;
    this.setLine(withTax(line, slot, on, this.deps.storeTaxes()[slot]));
    this.saveLine(key);
  }

  /** The cashier left a box of this line: store it when the server has something else. */
  saveLine(key: string): void {
    const line = this.lines.get(key);
    if (!line || this.phase === 'submitted') return;
    if (line.id === null) {
      // Its id is on the way (the save follows it), or asking for it failed: ask again.
      if (!this.creating.has(key) && !lineIsEmpty(line)) this.askForId(key);
      return;
    }
    this.enqueue('Failed to update order line', () => this.runSave(key));
  }

  /**
   * Tab past the last box, or the add button: a non-empty last line is saved and a
   * fresh line follows it (its id comes from the server); an empty last line is simply
   * the one to type into. Returns the key of the line to focus, or null.
   */
  addLineAtEnd(): string | null {
    const lastKey = this.keys[this.keys.length - 1];
    const last = lastKey === undefined ? undefined : this.lines.get(lastKey);
    if (!last || this.phase !== 'editing') return null;
    if (lineIsEmpty(last)) return last.key;
    // The box being left commits on blur; the save must carry what it shows already.
    const committed = commitLive(last);
    const fresh = emptyLine(this.newKey(), null, this.deps.storeTaxes());
    this.lines.set(committed.key, committed);
    this.lines.set(fresh.key, fresh);
    this.keys = [...this.keys, fresh.key];
    this.creating.set(fresh.key, lineSignature(fresh));
    this.notify();
    this.enqueue('Failed to add an order line', () => this.runCreate(committed.key, fresh.key));
    return fresh.key;
  }

  /** Takes a line off the order; the only line is cleared instead. Returns the key to focus next. */
  removeLine(key: string): string | null {
    const line = this.lines.get(key);
    if (!line || this.phase !== 'editing') return null;
    if (this.keys.length === 1) {
      this.setLine(blankedLine(line));
      this.saveLine(key);
      return key;
    }
    const index = this.keys.indexOf(key);
    this.keys = this.keys.filter((k) => k !== key);
    this.lines.delete(key);
    this.creating.delete(key);
    const stored = this.stored.get(key);
    this.stored.delete(key);
    const id = line.id;
    const blank = blankedLine(line);
    if (id !== null) this.removedIds.push(id);
    if (id !== null && stored !== lineSignature(blank)) {
      this.enqueue('Failed to remove an order line', async () => {
        await this.deps.api.updateLine(toUpdateLineInput({ ...blank, id }, false));
      });
    }
    this.notify();
    return this.keys[Math.min(index, this.keys.length - 1)] ?? null;
  }

  /** Commits what is typed in every box and saves every line that needs it. */
  flush(): void {
    if (this.phase !== 'editing') return;
    let changed = false;
    for (const [key, line] of this.lines) {
      const committed = commitLive(line);
      if (committed !== line) {
        this.lines.set(key, committed);
        changed = true;
      }
    }
    if (changed) this.notify();
    for (const key of this.keys) this.saveLine(key);
    this.saveCustomerName();
  }

  /**
   * Submit Order: commits every box and opens the payment panel. False when there is
   * nothing to pay for yet (no line, or a total beyond the money range).
   */
  openCheckout(): boolean {
    if (this.phase !== 'editing' || !this.canSubmit() || this.getSummary() === null) return false;
    this.flush();
    this.setPhase('checkout');
    return true;
  }

  getCheckoutMemo = (): CheckoutMemo | null => this.checkoutMemo;

  /** Kept as the panel changes; the panel starts from it when opened again (checkout-state.ts). */
  keepCheckoutMemo(memo: CheckoutMemo | null): void {
    this.checkoutMemo = memo;
  }

  /** Escape in the payment panel: back to the lines. */
  closeCheckout(): void {
    if (this.phase === 'checkout') this.setPhase('editing');
  }

  /**
   * Submits the order with every line and the payments once the writes before it are
   * answered. Null when a submit or cancel is already on its way (a double press) or the
   * draft is closed; a refusal is logged and returned, and the draft goes back to where
   * it was with everything typed.
   */
  submit(checkout: CheckoutFields = {}): Promise<DraftResult | null> {
    return this.close('Failed to submit order', () => {
      const items = this.derived().lines.map(toSubmitLine);
      return this.deps.api.submit({ orderId: this.orderId, customerName: this.customerName.trim(), items, ...checkout });
    });
  }

  /** Cancels the draft with a reason (and the dialog's idempotency key) once the writes before it are answered; like submit otherwise. */
  cancel(reason: string, idempotencyKey?: string): Promise<DraftResult | null> {
    return this.close('Failed to cancel order', () =>
      this.deps.api.cancel({ orderId: this.orderId, reason, customerName: this.customerName.trim(), ...(idempotencyKey !== undefined ? { idempotencyKey } : {}) }),
    );
  }

  private async close(failure: string, send: () => Promise<{ order: Order }>): Promise<DraftResult | null> {
    if (this.phase !== 'editing' && this.phase !== 'checkout') return null;
    const back = this.phase;
    this.flush();
    this.setPhase('submitting');
    try {
      await this.settle();
      const answer = await send();
      this.setPhase('submitted');
      return { ok: true, order: answer.order };
    } catch (error) {
      this.log(failure, error);
      this.setPhase(back);
      return { ok: false, error };
    }
  }

  // ---- internals ----

  private newKey(): string {
    this.seq += 1;
    return `L${this.seq}`;
  }

  private log(message: string, error: unknown) {
    (this.deps.log ?? defaultLog)(message, error);
  }

  private notify() {
    this.version += 1;
    for (const listener of [...this.listeners]) listener();
  }

  private setLine(line: LineState) {
    this.lines.set(line.key, line);
    this.notify();
  }

  private setPhase(phase: DraftPhase) {
    this.phase = phase;
    this.notify();
  }

  private derived() {
    if (this.cache?.version === this.version) return this.cache;
    const lines = this.keys.map((k) => this.lines.get(k)).filter((l): l is LineState => l !== undefined);
    let summary = summarizeLines(lines);
    const previous = this.cache;
    // Same figures, same object: the summary re-renders only when a figure changes.
    if (summary && previous?.summary && sameSummary(summary, previous.summary)) summary = previous.summary;
    let taxMask = 0;
    for (const line of lines) line.taxes.forEach((t, i) => (taxMask |= t.enabled ? 1 << i : 0));
    let taxNames: readonly string[] = TAX_SLOT_INDEXES.map((slot) => carriedTaxName(slot, lines));
    if (previous && taxNames.every((name, slot) => name === previous.taxNames[slot])) taxNames = previous.taxNames;
    const canSubmit = lines.some((l) => !lineIsEmpty(l));
    this.cache = { version: this.version, lines, summary, taxMask, taxNames, canSubmit };
    return this.cache;
  }

  private enqueue(failure: string, task: () => Promise<void>) {
    this.queue = this.queue.then(task).catch((error: unknown) => this.log(failure, error));
  }

  private askForId(key: string) {
    const line = this.lines.get(key);
    if (!line) return;
    this.creating.set(key, '');
    const base = this.lastLineWithId(key);
    if (!base) {
      this.creating.delete(key);
      return;
    }
    this.enqueue('Failed to add an order line', () => this.runCreate(base.key, key));
  }

  private lastLineWithId(except: string): LineState | undefined {
    for (let i = this.keys.length - 1; i >= 0; i--) {
      const line = this.lines.get(this.keys[i]!);
      if (line && line.key !== except && line.id !== null) return line;
    }
    return undefined;
  }

  private async runSave(key: string) {
    const line = this.lines.get(key);
    if (!line || line.id === null) return;
    const signature = lineSignature(line);
    if (this.stored.get(key) === signature) return;
    const answer = await this.deps.api.updateLine(toUpdateLineInput({ ...line, id: line.id }, false));
    this.afterSaved(key, signature, answer.line);
  }

  private async runCreate(baseKey: string, newKey: string) {
    try {
      const answer = await this.saveAskingForLine(baseKey, newKey);
      if (answer.newOrderLineId === null || answer.newLine === null) throw new Error('The server created no new line');
      const current = this.lines.get(newKey);
      // Removed meanwhile: the server's new line is blank (it goes on submit) and is one more removed line.
      if (!current) {
        this.removedIds.push(answer.newOrderLineId);
        return;
      }
      const fromServer = lineFromServer(newKey, answer.newLine);
      this.stored.set(newKey, lineSignature(fromServer));
      const untouched = this.creating.get(newKey) === lineSignature(current) && current.livePrice === null && current.liveDiscountPercent === null;
      if (untouched) {
        // Nothing typed yet: take the server's line (its taxes are the server's preset).
        this.setLine(fromServer);
      } else {
        this.setLine({ ...current, id: fromServer.id });
        this.enqueue('Failed to update order line', () => this.runSave(newKey));
      }
    } finally {
      this.creating.delete(newKey);
    }
  }

  /**
   * Saves a line the server holds with createNewLine: the line the new one follows, else
   * the last other line with an id, else (every such line removed) a removed line, blank.
   */
  private async saveAskingForLine(baseKey: string, newKey: string): Promise<UpdateLineAnswer> {
    const follows = this.lines.get(baseKey);
    const base = follows && follows.id !== null ? follows : this.lastLineWithId(newKey);
    if (base && base.id !== null) {
      const signature = lineSignature(base);
      const answer = await this.deps.api.updateLine(toUpdateLineInput({ ...base, id: base.id }, true));
      this.afterSaved(base.key, signature, answer.line);
      return answer;
    }
    const removed = this.removedIds[this.removedIds.length - 1];
    if (removed === undefined) throw new Error('No saved line to add a line after');
    return this.deps.api.updateLine(toUpdateLineInput({ ...blankedLine(emptyLine('', removed, NO_STORE_TAXES)), id: removed }, true));
  }

  /** Reconciles a line with the server's answer to a save of `sentSignature`. */
  private afterSaved(key: string, sentSignature: string, serverLine: OrderLine) {
    const current = this.lines.get(key);
    if (!current) return;
    const check = checkFromServer(serverLine);
    if (lineSignature(current) === sentSignature) {
      // Unchanged since it was sent: the server's stored values are the line's values.
      const server = lineFromServer(key, serverLine);
      this.stored.set(key, lineSignature(server));
      this.setLine({ ...current, quantity: server.quantity, price: server.price, discountPercent: server.discountPercent, taxes: server.taxes, check });
    } else {
      // Typed on meanwhile: keep it (the next leave saves it) and take the code check.
      this.stored.set(key, sentSignature);
      this.setLine({ ...current, check });
    }
  }
}

function sameSummary(a: OrderSummary, b: OrderSummary): boolean {
  return a.subtotal === b.subtotal && a.discount === b.discount && a.tax1 === b.tax1 && a.tax2 === b.tax2 && a.tax3 === b.tax3 && a.total === b.total;
}
