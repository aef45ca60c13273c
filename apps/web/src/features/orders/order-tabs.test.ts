import { describe, expect, it } from 'vitest';
import {
  EMPTY_TABS,
  LOOKUP_TAB,
  activateTab,
  closeOrderTab,
  closeFinishedTabs,
  togglePin,
  loadTabs,
  openOrderTab,
  parseTabsState,
  saveTabs,
  serializeTabsState,
  setDraftCustomerName,
  draftCustomerName,
  MAX_KEPT_NAMES,
  tabsHeading,
  tabsStorageKey,
  type OrderTabsState,
  type TabsStorage,
} from './order-tabs';

const a = { orderId: 1, orderNumber: 'A1' };
const b = { orderId: 2, orderNumber: 'A2' };
const c = { orderId: 3, orderNumber: 'A3' };

function st(tabs: OrderTabsState['tabs'], active: OrderTabsState['active'], customerNames: Record<string, string> = {}): OrderTabsState {
  return { tabs, active, customerNames, pinned: [] };
}

function memoryStorage(): TabsStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

describe('order tabs', () => {
  it('opens an order in a new tab and makes it active', () => {
    const s = openOrderTab(EMPTY_TABS, a);
    expect(s).toEqual({ tabs: [a], active: 1, customerNames: {}, pinned: [] });
    expect(openOrderTab(s, b)).toEqual({ tabs: [a, b], active: 2, customerNames: {}, pinned: [] });
  });

  it('focuses a tab that is already open instead of opening it twice', () => {
    const s = openOrderTab(openOrderTab(openOrderTab(EMPTY_TABS, a), b), { orderId: 1, orderNumber: 'A1' });
    expect(s.tabs).toEqual([a, b]);
    expect(s.active).toBe(1);
  });

  it('closing the active tab activates its left neighbour, else the right one, else the lookup', () => {
    const s = st([a, b, c], 2);
    expect(closeOrderTab(s, 2)).toEqual(st([a, c], 1));
    expect(closeOrderTab(st([a, b], 1), 1)).toEqual(st([b], 2));
    expect(closeOrderTab(st([a], 1), 1)).toEqual(st([], LOOKUP_TAB));
  });

  it('closing another tab keeps the active one; closing an unknown tab changes nothing', () => {
    const s = st([a, b], LOOKUP_TAB, { '1': 'Ann' });
    expect(closeOrderTab(s, 1)).toEqual(st([b], LOOKUP_TAB, { '1': 'Ann' }));
    expect(closeOrderTab(s, 99)).toBe(s);
  });

  it('activates the lookup or an open order only', () => {
    const s = st([a], LOOKUP_TAB);
    expect(activateTab(s, 1).active).toBe(1);
    expect(activateTab(s, 5)).toBe(s);
    expect(activateTab(st([a], 1), LOOKUP_TAB).active).toBe(LOOKUP_TAB);
  });

  it('heads the page with Order Lookup or Order {number}', () => {
    expect(tabsHeading(EMPTY_TABS)).toBe('Order Lookup');
    expect(tabsHeading(st([a, b], 2))).toBe('Order A2');
  });

  it('remembers and forgets a draft customer name, whether its tab is open or not', () => {
    const s = st([a, b], 1);
    const named = setDraftCustomerName(s, 2, 'Ann');
    expect(draftCustomerName(named, 2)).toBe('Ann');
    expect(setDraftCustomerName(named, 2, 'Ann')).toBe(named);
    expect(draftCustomerName(closeOrderTab(named, 2), 2)).toBe('Ann');
    expect(draftCustomerName(setDraftCustomerName(named, 2, ''), 2)).toBeUndefined();
    expect(draftCustomerName(named, 1)).toBeUndefined();
  });

  it('keeps at most the newest names', () => {
    let s = EMPTY_TABS;
    for (let id = 1; id <= MAX_KEPT_NAMES + 5; id++) s = setDraftCustomerName(s, id, `N${id}`);
    expect(Object.keys(s.customerNames)).toHaveLength(MAX_KEPT_NAMES);
    expect(draftCustomerName(s, 1)).toBeUndefined();
    expect(draftCustomerName(s, MAX_KEPT_NAMES + 5)).toBe(`N${MAX_KEPT_NAMES + 5}`);
  });

  it('keys the storage by user and store', () => {
    expect(tabsStorageKey('7', 3)).toBe('orders.tabs.v1.7.3');
    expect(tabsStorageKey(null, null)).toBe('orders.tabs.v1.anonymous.none');
  });
});

describe('stored tabs', () => {
  it('round-trips through storage', () => {
    const storage = memoryStorage();
    const s = st([a, b], 2, { '2': 'Bo' });
    saveTabs(storage, 'k', s);
    expect(loadTabs(storage, 'k')).toEqual(s);
  });

  it('removes the entry when nothing is open', () => {
    const storage = memoryStorage();
    saveTabs(storage, 'k', st([a], 1));
    saveTabs(storage, 'k', EMPTY_TABS);
    expect(storage.data.has('k')).toBe(false);
    expect(loadTabs(storage, 'k')).toEqual(EMPTY_TABS);
  });

  it('reads anything broken as the empty strip and drops bad or duplicate tabs', () => {
    expect(parseTabsState('not json')).toEqual(EMPTY_TABS);
    expect(parseTabsState('42')).toEqual(EMPTY_TABS);
    expect(parseTabsState(null)).toEqual(EMPTY_TABS);
    const text = JSON.stringify({ tabs: [a, { orderId: -1, orderNumber: 'X' }, { orderId: 4 }, a, 'x', b], active: 9, customerNames: { '3': 'Cy', x: 'bad', '4': 5, '5': '' } });
    expect(parseTabsState(text)).toEqual(st([a, b], LOOKUP_TAB, { '3': 'Cy' }));
    expect(parseTabsState(JSON.stringify({ tabs: [a], active: 1 }))).toEqual(st([a], 1));
    expect(parseTabsState(serializeTabsState(st([a, b], 2)))).toEqual(st([a, b], 2));
  });

  it('survives a storage that throws', () => {
    const broken: TabsStorage = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => undefined,
    };
    expect(loadTabs(broken, 'k')).toEqual(EMPTY_TABS);
    expect(() => saveTabs(broken, 'k', st([a], 1))).not.toThrow();
    expect(loadTabs(null, 'k')).toEqual(EMPTY_TABS);
  });
});

describe('starting the next order', () => {
  it('closes the tabs of finished orders unless pinned, and pins survive a reload', () => {
    const [x, y, z] = [{ orderId: 1, orderNumber: 'A-1' }, { orderId: 2, orderNumber: 'A-2' }, { orderId: 3, orderNumber: 'A-3' }];
    let s = openOrderTab(openOrderTab(openOrderTab(EMPTY_TABS, x), y), z);
    s = togglePin(s, 2);
    const finished = (id: number) => id !== 3;
    const after = closeFinishedTabs(s, finished);
    expect(after.tabs).toEqual([y, z]);
    expect(after.active).toBe(3);
    expect(parseTabsState(serializeTabsState(after)).pinned).toEqual([2]);
    expect(togglePin(after, 2).pinned).toEqual([]);
    expect(closeOrderTab(after, 2).pinned).toEqual([]);
  });
});
