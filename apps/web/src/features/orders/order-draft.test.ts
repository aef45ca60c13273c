import { describe, expect, it, vi } from 'vitest';
import type { Order, OrderLine } from '@pos/contracts';
import { OrderDraft, type DraftApi, type UpdateLineAnswer } from './order-draft';
import { NO_STORE_TAXES, type StoreTaxes, type SubmitOrderWireInput, type UpdateLineWireInput } from './order-lines';
import { money, percent, serverLine, serverOrder } from './test-fixtures';

const TAXES: StoreTaxes = [
  { shortName: 'GST', percent: 7_250_000n, enabled: true, applyByDefault: true },
  { shortName: 'PST', percent: 5_000_000n, enabled: true, applyByDefault: false },
  NO_STORE_TAXES[2],
];
const KNOWN = new Set(['AB12']);

/** A pretend server: stores lines, answers in order, and can hold its answers back. */
function fakeServer(options: { hold?: boolean; failNext?: number } = {}) {
  const stored = new Map<number, OrderLine>();
  let nextId = 100;
  let failures = options.failNext ?? 0;
  const calls: UpdateLineWireInput[] = [];
  const submits: SubmitOrderWireInput[] = [];
  const cancels: { orderId: number; reason: string; customerName?: string }[] = [];
  const names: { orderId: number; customerName: string }[] = [];
  const held: (() => void)[] = [];

  const toLine = (input: UpdateLineWireInput, id: number): OrderLine =>
    serverLine({
      id,
      itemCode: input.itemCode ?? '',
      description: input.itemDescription ?? '',
      quantity: input.quantity ?? 1,
      price: input.price as OrderLine['price'],
      discountPercent: input.discountPercent as OrderLine['discountPercent'],
      tax1Enabled: input.tax1Enabled ?? false,
      tax1Percent: input.tax1Percent as OrderLine['tax1Percent'],
      tax1Description: input.tax1Description ?? '',
      tax2Enabled: input.tax2Enabled ?? false,
      tax2Percent: input.tax2Percent as OrderLine['tax2Percent'],
      tax2Description: input.tax2Description ?? '',
      knownItemCode: KNOWN.has((input.itemCode ?? '').toUpperCase()),
      warnOnNoControlCode: (input.itemCode ?? '').toUpperCase() === 'AB12',
    });
  const preset = (id: number) => serverLine({ id, tax1Enabled: true, tax1Percent: percent(7_250_000), tax1Description: 'GST' });

  const api: DraftApi = {
    updateLine(input) {
      calls.push(input);
      const answer = (): UpdateLineAnswer => {
        if (failures > 0) {
          failures -= 1;
          throw new Error('server down');
        }
        const line = toLine(input, input.orderLineId as number);
        stored.set(line.id, line);
        let newLine: OrderLine | null = null;
        if (input.createNewLine) {
          newLine = preset(nextId++);
          stored.set(newLine.id, newLine);
        }
        return { line, newOrderLineId: newLine?.id ?? null, newLine };
      };
      // Like a server: a failure comes back as a rejected promise, never thrown at the caller.
      const reply = () => new Promise<UpdateLineAnswer>((resolve) => resolve(answer()));
      if (!options.hold) return reply();
      return new Promise((resolve, reject) => held.push(() => void reply().then(resolve, reject)));
    },
    submit(input) {
      submits.push(input);
      return Promise.resolve({ order: serverOrder([], { status: 'COMPLETED', customerName: input.customerName ?? '' }) });
    },
    cancel(input) {
      cancels.push(input);
      return Promise.resolve({ order: serverOrder([], { status: 'CANCELLED', cancelReason: input.reason }) });
    },
    setCustomerName(input) {
      names.push(input);
      return Promise.resolve({ customerName: input.customerName });
    },
  };
  return {
    api,
    calls,
    submits,
    cancels,
    names,
    stored,
    /** Answers every held call, including ones queued while answering. */
    async release() {
      for (let i = 0; i < 50; i++) {
        await new Promise((r) => setTimeout(r, 0));
        const next = held.shift();
        if (next) next();
      }
    },
  };
}

function draftWith(server: ReturnType<typeof fakeServer>, order: Order = serverOrder([serverLine({ id: 1, tax1Enabled: true, tax1Percent: percent(7_250_000), tax1Description: 'GST' })])) {
  const log = vi.fn();
  const draft = new OrderDraft(order, { api: server.api, storeTaxes: () => TAXES, log });
  return { draft, log };
}

const first = (d: OrderDraft) => d.getKeys()[0]!;

describe('order draft', () => {
  it('opens with the server lines and computes the summary live', () => {
    const { draft } = draftWith(fakeServer());
    const key = first(draft);
    const seen: unknown[] = [];
    draft.subscribe(() => seen.push(draft.getSummary()));
    draft.editLine(key, { quantity: 3 });
    draft.editLine(key, { livePrice: 19_990_000n });
    draft.editLine(key, { liveDiscountPercent: 10_000_000n });
    expect(draft.getSummary()).toEqual({ subtotal: 59_970_000n, discount: 6_000_000n, tax1: 3_910_000n, tax2: 0n, tax3: 0n, total: 57_880_000n });
    expect(seen).toHaveLength(3);
  });

  it('keeps the same summary object while the figures do not change', () => {
    const { draft } = draftWith(fakeServer());
    const before = draft.getSummary();
    draft.editLine(first(draft), { itemCode: 'X' });
    expect(draft.getSummary()).toBe(before);
  });

  it('saves a line when it is left, only when it changed, and takes the code check', async () => {
    const server = fakeServer();
    const { draft } = draftWith(server);
    const key = first(draft);
    draft.saveLine(key);
    await draft.settle();
    expect(server.calls).toHaveLength(0);
    draft.editLine(key, { itemCode: 'zz9', description: 'Lamp', quantity: 2, price: 5_000_000n });
    draft.saveLine(key);
    draft.saveLine(key);
    await draft.settle();
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]).toMatchObject({ orderLineId: 1, itemCode: 'zz9', itemDescription: 'Lamp', quantity: 2, price: money(5_000_000), createNewLine: false, tax1Enabled: true });
    expect(draft.getLine(key)?.check).toEqual({ code: 'zz9', known: false, warnOnNoControlCode: false });
  });

  it('Enter on a scanned item number fills the line, bound by its number; a sold one is refused on the line; a dealer code stays as typed', async () => {
    const server = fakeServer();
    const vendor = { tradeName: 'Ruth Antiques', booth: 'RUTH1' };
    server.api.scan = (code) =>
      Promise.resolve(
        code === '10001' || code === '10002'
          ? { kind: 'ITEM' as const, vendor, item: { itemNumber: code, itemCode: 'RUTH1', description: 'Cameo brooch', price: money(35_000_000) }, unsellable: code === '10002' ? 'Item 10002 was sold on order ORD-1042' : null }
          : code.toUpperCase() === 'AB12'
            ? { kind: 'ITEM_CODE' as const, vendor, item: null, unsellable: null }
            : null,
      );
    const { draft } = draftWith(server);
    const key = first(draft);
    draft.editLine(key, { itemCode: '10001' });
    expect(await draft.scanCode(key, true)).toBe('item');
    expect(draft.getLine(key)).toMatchObject({ itemNumber: '10001', itemCode: 'RUTH1', description: 'Cameo brooch', price: 35_000_000n, quantity: 1 });
    await draft.settle();
    expect(server.calls.at(-1)).toMatchObject({ orderLineId: 1, itemNumber: '10001', itemCode: 'RUTH1', price: money(35_000_000) });
    // Typing another code over it unbinds the line.
    draft.editLine(key, { itemCode: 'AB12' });
    expect(draft.getLine(key)?.itemNumber).toBe('');
    expect(await draft.scanCode(key, true)).toBe('other');
    expect(draft.getLine(key)).toMatchObject({ itemCode: 'AB12', description: 'Cameo brooch' });
    draft.editLine(key, { itemCode: '10002' });
    expect(await draft.scanCode(key, true)).toBe('refused');
    expect(draft.getLine(key)).toMatchObject({ itemNumber: '', itemCode: '10002', scan: { unsellable: 'Item 10002 was sold on order ORD-1042' } });
  });

  it('Tab past a complete last line adds a line at once; the server id follows; typing meanwhile is kept and saved', async () => {
    const server = fakeServer({ hold: true });
    const { draft } = draftWith(server);
    const key = first(draft);
    draft.editLine(key, { itemCode: 'AB12', description: 'Vase', quantity: 3, price: 19_990_000n, liveDiscountPercent: 10_000_000n });
    const added = draft.addLineAtEnd();
    expect(added).not.toBeNull();
    expect(draft.getKeys()).toEqual([key, added]);
    // The discount typed but not yet left went with the save.
    expect(draft.getLine(key)).toMatchObject({ discountPercent: 10_000_000n, liveDiscountPercent: null });
    const fresh = draft.getLine(added!)!;
    expect(fresh).toMatchObject({ id: null, quantity: 1, price: 0n });
    expect(fresh.taxes[0].enabled).toBe(true);

    // The cashier types into the new line before the server has answered.
    draft.editLine(added!, { quantity: 2, itemCode: 'Q1' });
    draft.saveLine(added!);
    await server.release();
    await draft.settle();

    expect(server.calls[0]).toMatchObject({ orderLineId: 1, createNewLine: true, itemCode: 'AB12', discountPercent: percent(10_000_000) });
    expect(draft.getLine(added!)).toMatchObject({ id: 100, quantity: 2, itemCode: 'Q1' });
    expect(server.calls[1]).toMatchObject({ orderLineId: 100, quantity: 2, itemCode: 'Q1', createNewLine: false });
    expect(server.calls).toHaveLength(2);
    expect(draft.getLine(key)?.check).toEqual({ code: 'AB12', known: true, warnOnNoControlCode: true });
  });

  it('an untouched new line takes the server line (its preset taxes)', async () => {
    const server = fakeServer();
    const taxes: StoreTaxes = [{ ...TAXES[0], applyByDefault: false }, TAXES[1], TAXES[2]];
    const draft = new OrderDraft(serverOrder([serverLine({ id: 1 })]), { api: server.api, storeTaxes: () => taxes, log: vi.fn() });
    draft.editLine(first(draft), { itemCode: 'A', description: 'B', price: 1_000_000n });
    const added = draft.addLineAtEnd()!;
    expect(draft.getLine(added)?.taxes[0].enabled).toBe(false);
    await draft.settle();
    expect(draft.getLine(added)).toMatchObject({ id: 100 });
    expect(draft.getLine(added)?.taxes[0]).toEqual({ enabled: true, percent: 7_250_000n, description: 'GST' });
    expect(server.calls).toHaveLength(1);
  });

  it('an incomplete last line is saved and a line added; an empty last line is only focused', async () => {
    const server = fakeServer();
    const { draft } = draftWith(server);
    const key = first(draft);
    expect(draft.addLineAtEnd()).toBe(key);
    expect(draft.getKeys()).toHaveLength(1);
    draft.editLine(key, { itemCode: 'A' });
    const added = draft.addLineAtEnd();
    expect(added).not.toBe(key);
    await draft.settle();
    expect(server.calls.map((c) => [c.orderLineId, c.itemCode, c.createNewLine])).toEqual([[1, 'A', true]]);
    expect(draft.addLineAtEnd()).toBe(added);
  });

  it('toggling a tax copies the store tax and saves the line', async () => {
    const server = fakeServer();
    const { draft } = draftWith(server);
    const key = first(draft);
    draft.toggleTax(key, 1, true);
    draft.toggleTax(key, 0, false);
    await draft.settle();
    expect(draft.getLine(key)?.taxes[1]).toEqual({ enabled: true, percent: 5_000_000n, description: 'PST' });
    expect(draft.getLine(key)?.taxes[0]).toEqual({ enabled: false, percent: 0n, description: '' });
    expect(server.calls.at(-1)).toMatchObject({ tax1Enabled: false, tax1Percent: percent(0), tax2Enabled: true, tax2Percent: percent(5_000_000), tax2Description: 'PST' });
    expect(draft.getTaxMask()).toBe(0b010);
    // What the lines call their taxes is a new array only when a name changes.
    const names = draft.getCarriedTaxNames();
    expect(names).toEqual(['', 'PST', '']);
    draft.editLine(key, { description: 'Lamp' });
    expect(draft.getCarriedTaxNames()).toBe(names);
  });

  it('a failed save is logged, keeps what was typed, and is retried when the line is left again', async () => {
    const server = fakeServer({ failNext: 1 });
    const { draft, log } = draftWith(server);
    const key = first(draft);
    draft.editLine(key, { itemCode: 'A', price: 2_000_000n });
    draft.saveLine(key);
    await draft.settle();
    expect(log).toHaveBeenCalledWith('Failed to update order line', expect.any(Error));
    expect(draft.getLine(key)).toMatchObject({ itemCode: 'A', price: 2_000_000n });
    draft.saveLine(key);
    await draft.settle();
    expect(server.calls).toHaveLength(2);
    expect(server.stored.get(1)?.itemCode).toBe('A');
  });

  it('when the new line id cannot be had, leaving that line asks again', async () => {
    const server = fakeServer({ failNext: 1 });
    const { draft, log } = draftWith(server);
    draft.editLine(first(draft), { itemCode: 'A', description: 'B', price: 1n });
    const added = draft.addLineAtEnd()!;
    await draft.settle();
    expect(log).toHaveBeenCalledWith('Failed to add an order line', expect.any(Error));
    expect(draft.getLine(added)?.id).toBeNull();
    draft.editLine(added, { itemCode: 'C' });
    draft.saveLine(added);
    await draft.settle();
    expect(draft.getLine(added)).toMatchObject({ id: 100, itemCode: 'C' });
    expect(server.stored.get(100)?.itemCode).toBe('C');
  });

  it('removing a line saves it blank; the only line is cleared instead', async () => {
    const server = fakeServer();
    const { draft } = draftWith(server);
    const key = first(draft);
    draft.editLine(key, { itemCode: 'A', description: 'B', price: 1_000_000n });
    const added = draft.addLineAtEnd()!;
    await draft.settle();
    draft.editLine(added, { itemCode: 'C', price: 2_000_000n });
    draft.saveLine(added);
    expect(draft.removeLine(key)).toBe(added);
    expect(draft.getKeys()).toEqual([added]);
    await draft.settle();
    expect(server.stored.get(1)).toMatchObject({ itemCode: '', description: '', price: money(0) });
    expect(draft.removeLine(added)).toBe(added);
    expect(draft.getLine(added)).toMatchObject({ itemCode: '', price: 0n });
    await draft.settle();
    expect(server.stored.get(100)).toMatchObject({ itemCode: '', price: money(0) });
  });

  it('a line removed while the server is slow: the lines typed after it still get their ids and are saved', async () => {
    const server = fakeServer({ hold: true });
    const { draft, log } = draftWith(server);
    const key = first(draft);
    draft.editLine(key, { itemCode: 'A1', description: 'First', price: 1_000_000n });
    // Leaving a box sends a save; the server has not answered it yet.
    draft.saveLine(key);
    const second = draft.addLineAtEnd()!;
    draft.editLine(second, { itemCode: 'A2', description: 'Second', price: 2_000_000n });
    const third = draft.addLineAtEnd()!;
    // Line 1 goes before its save, or the request for line 2's id, has gone out.
    expect(draft.removeLine(key)).toBe(second);
    await server.release();
    await draft.settle();
    expect(log).not.toHaveBeenCalled();
    expect(draft.getLine(second)?.id).toEqual(expect.any(Number));
    expect(draft.getLine(third)?.id).toEqual(expect.any(Number));
    expect(server.stored.get(1)?.itemCode).toBe('');
    expect([...server.stored.values()].map((l) => l.itemCode).filter((c) => c !== '')).toEqual(['A2']);
    expect(server.stored.get(draft.getLine(second)!.id!)).toMatchObject({ itemCode: 'A2', description: 'Second', price: money(2_000_000) });
  });

  it('a removed line whose next line waits for its id: another saved line asks for it, unchanged', async () => {
    const server = fakeServer({ hold: true });
    const { draft, log } = draftWith(server);
    const key = first(draft);
    draft.editLine(key, { itemCode: 'A1', description: 'First', price: 1_000_000n });
    const second = draft.addLineAtEnd()!;
    await server.release();
    await draft.settle();
    draft.editLine(second, { itemCode: 'A2', description: 'Second', price: 2_000_000n });
    draft.saveLine(second);
    const third = draft.addLineAtEnd()!;
    draft.removeLine(second);
    draft.editLine(third, { itemCode: 'A3', description: 'Third', price: 3_000_000n });
    draft.saveLine(third);
    await server.release();
    await draft.settle();
    expect(log).not.toHaveBeenCalled();
    expect(draft.getKeys()).toEqual([key, third]);
    expect(server.stored.get(1)).toMatchObject({ itemCode: 'A1', description: 'First' });
    expect(server.stored.get(draft.getLine(third)!.id!)).toMatchObject({ itemCode: 'A3', description: 'Third' });
    expect([...server.stored.values()].map((l) => l.itemCode).filter((c) => c !== '').sort()).toEqual(['A1', 'A3']);
  });

  it('Submit Order opens the panel with every box committed; the lines are frozen until Escape', async () => {
    const server = fakeServer();
    const { draft } = draftWith(server);
    const key = first(draft);
    expect(draft.openCheckout()).toBe(false);
    draft.editLine(key, { itemCode: 'A', description: 'Vase', livePrice: 2_500_000n });
    expect(draft.openCheckout()).toBe(true);
    expect(draft.getPhase()).toBe('checkout');
    expect(draft.getLine(key)).toMatchObject({ price: 2_500_000n, livePrice: null });
    // 2.50 and its GST of 7.25 % (0.18125, to cents 0.18).
    expect(draft.getSummary()?.total).toBe(2_680_000n);
    draft.editLine(key, { itemCode: 'changed' });
    expect(draft.getLine(key)?.itemCode).toBe('A');
    await draft.settle();
    expect(server.stored.get(1)).toMatchObject({ itemCode: 'A', price: money(2_500_000) });
    draft.closeCheckout();
    expect(draft.getPhase()).toBe('editing');
    draft.editLine(key, { itemCode: 'B' });
    expect(draft.getLine(key)?.itemCode).toBe('B');
  });

  it('submits every line with the payments after the pending saves, with typed values committed', async () => {
    const server = fakeServer({ hold: true });
    const { draft } = draftWith(server);
    const key = first(draft);
    draft.setCustomerName('  Ann  ');
    draft.editLine(key, { itemCode: 'A', description: 'B', price: 1_000_000n });
    draft.addLineAtEnd();
    const added = draft.getKeys()[1]!;
    draft.editLine(added, { itemCode: 'C', livePrice: 4_000_000n });
    expect(draft.openCheckout()).toBe(true);
    const payments = [{ paymentMethodId: 1, amount: money(5_000_000) }];
    const submitted = draft.submit({ payments, idempotencyKey: 'k1' });
    expect(draft.getPhase()).toBe('submitting');
    // A second press while the first is on its way sends nothing.
    expect(await draft.submit({ payments, idempotencyKey: 'k1' })).toBeNull();
    draft.editLine(added, { itemCode: 'ignored' });
    await server.release();
    const result = await submitted;
    expect(result).toMatchObject({ ok: true, order: { status: 'COMPLETED' } });
    expect(draft.getPhase()).toBe('submitted');
    expect(server.submits).toHaveLength(1);
    const sent = server.submits[0]!;
    expect(sent).toMatchObject({ customerName: 'Ann', payments, idempotencyKey: 'k1' });
    expect(sent.items.map((i) => [i.id, i.itemCode, i.price])).toEqual([
      [1, 'A', money(1_000_000)],
      [100, 'C', money(4_000_000)],
    ]);
  });

  it('a refused submit is logged and handed back; the panel stays open with every line', async () => {
    const server = fakeServer();
    const refusal = new Error('Payments cover $1.00 of $2.00');
    server.api.submit = () => Promise.reject(refusal);
    const { draft, log } = draftWith(server);
    draft.editLine(first(draft), { itemCode: 'A' });
    draft.openCheckout();
    expect(await draft.submit({})).toEqual({ ok: false, error: refusal });
    expect(log).toHaveBeenCalledWith('Failed to submit order', refusal);
    expect(draft.getPhase()).toBe('checkout');
    expect(draft.getLine(first(draft))?.itemCode).toBe('A');
  });

  it('cancels with the reason once the saves are in; a refusal leaves the draft editable', async () => {
    const server = fakeServer({ hold: true });
    const { draft } = draftWith(server);
    draft.editLine(first(draft), { itemCode: 'A' });
    draft.saveLine(first(draft));
    const cancelled = draft.cancel('Customer left');
    await server.release();
    expect(await cancelled).toMatchObject({ ok: true, order: { status: 'CANCELLED', cancelReason: 'Customer left' } });
    expect(server.calls).toHaveLength(1);
    expect(server.cancels).toEqual([{ orderId: 10, reason: 'Customer left', customerName: '' }]);
    expect(draft.getPhase()).toBe('submitted');

    const other = fakeServer();
    other.api.cancel = () => Promise.reject(new Error('Reason is required'));
    const { draft: second } = draftWith(other);
    expect(await second.cancel('')).toMatchObject({ ok: false });
    expect(second.getPhase()).toBe('editing');
  });

  it('can submit only with a non-empty line', () => {
    const { draft } = draftWith(fakeServer());
    expect(draft.canSubmit()).toBe(false);
    draft.editLine(first(draft), { description: 'Vase' });
    expect(draft.canSubmit()).toBe(true);
  });

  it('saves the customer name once when the box is left, and a cancel carries it', async () => {
    const server = fakeServer();
    const { draft } = draftWith(server);
    draft.setCustomerName(' Dana ');
    draft.saveCustomerName();
    draft.saveCustomerName();
    await draft.settle();
    expect(server.names).toEqual([{ orderId: 10, customerName: 'Dana' }]);
    await draft.cancel('Walked out');
    expect(server.cancels).toEqual([{ orderId: 10, reason: 'Walked out', customerName: 'Dana' }]);
  });

  it('a reopened draft uses the remembered customer name', () => {
    const draft = new OrderDraft(serverOrder([serverLine({ id: 1 })], { customerName: 'Old' }), { api: fakeServer().api, storeTaxes: () => TAXES }, 'Typed');
    expect(draft.getCustomerName()).toBe('Typed');
  });
});
