/**
 * The Orders page's tab strip as data: the fixed lookup tab, one tab per open
 * order (its id and number), and which tab is active. Pure functions over an immutable
 * state, plus reading and writing it in browser storage so open tabs survive a reload.
 */

export const LOOKUP_TAB = 'lookup' as const;

export interface OpenOrderTab {
  orderId: number;
  orderNumber: string;
}

export interface OrderTabsState {
  tabs: readonly OpenOrderTab[];
  /** The lookup tab or the id of an open order. */
  active: typeof LOOKUP_TAB | number;
  /**
   * Customer names typed into drafts (by order id): the server keeps a name only on
   * submit, so a reload or closing and reopening the tab must not lose it.
   */
  customerNames: Readonly<Record<string, string>>;
  /** Tabs the cashier pinned: starting the next order leaves them open. */
  pinned: readonly number[];
}

export const EMPTY_TABS: OrderTabsState = { tabs: [], active: LOOKUP_TAB, customerNames: {}, pinned: [] };
/** Draft names kept at most (the oldest go first). */
export const MAX_KEPT_NAMES = 50;

/** Opens an order in a new tab, or focuses its tab when it is already open. */
export function openOrderTab(state: OrderTabsState, tab: OpenOrderTab): OrderTabsState {
  const open = state.tabs.some((t) => t.orderId === tab.orderId);
  return { ...state, tabs: open ? state.tabs : [...state.tabs, { orderId: tab.orderId, orderNumber: tab.orderNumber }], active: tab.orderId };
}

/**
 * Closes an order's tab. When it was the active one, its left neighbour becomes active
 * (the right one when it was first, the lookup tab when it was the only one).
 */
export function closeOrderTab(state: OrderTabsState, orderId: number): OrderTabsState {
  const index = state.tabs.findIndex((t) => t.orderId === orderId);
  if (index < 0) return state;
  const tabs = state.tabs.filter((t) => t.orderId !== orderId);
  const pinned = state.pinned.filter((id) => id !== orderId);
  if (state.active !== orderId) return { ...state, tabs, pinned };
  const neighbour = tabs[index - 1] ?? tabs[index];
  return { ...state, tabs, pinned, active: neighbour ? neighbour.orderId : LOOKUP_TAB };
}

export function isPinned(state: OrderTabsState, orderId: number): boolean {
  return state.pinned.includes(orderId);
}

/** Pins an open order's tab, or unpins it. */
export function togglePin(state: OrderTabsState, orderId: number): OrderTabsState {
  if (!state.tabs.some((t) => t.orderId === orderId)) return state;
  return { ...state, pinned: isPinned(state, orderId) ? state.pinned.filter((id) => id !== orderId) : [...state.pinned, orderId] };
}

/**
 * Starting the next order: the tabs of finished orders (completed, refunded, cancelled:
 * `finished` says which) close unless pinned, so a busy day does not pile up tabs.
 */
export function closeFinishedTabs(state: OrderTabsState, finished: (orderId: number) => boolean): OrderTabsState {
  let next = state;
  for (const tab of state.tabs) if (finished(tab.orderId) && !isPinned(state, tab.orderId)) next = closeOrderTab(next, tab.orderId);
  return next;
}

export function activateTab(state: OrderTabsState, active: OrderTabsState['active']): OrderTabsState {
  if (active !== LOOKUP_TAB && !state.tabs.some((t) => t.orderId === active)) return state;
  return state.active === active ? state : { ...state, active };
}

/** Remembers (or forgets, with '') the customer name typed into a draft. */
export function setDraftCustomerName(state: OrderTabsState, orderId: number, customerName: string): OrderTabsState {
  const key = String(orderId);
  if ((state.customerNames[key] ?? '') === customerName) return state;
  const { [key]: _old, ...rest } = state.customerNames;
  if (customerName === '') return { ...state, customerNames: rest };
  const kept = Object.entries(rest).slice(-(MAX_KEPT_NAMES - 1));
  return { ...state, customerNames: { ...Object.fromEntries(kept), [key]: customerName } };
}

export function draftCustomerName(state: OrderTabsState, orderId: number): string | undefined {
  return state.customerNames[String(orderId)];
}

export function activeTab(state: OrderTabsState): OpenOrderTab | null {
  return state.active === LOOKUP_TAB ? null : (state.tabs.find((t) => t.orderId === state.active) ?? null);
}

/** The page heading: 'Order Lookup' or 'Order {number}'. */
export function tabsHeading(state: OrderTabsState): string {
  const tab = activeTab(state);
  return tab ? `Order ${tab.orderNumber}` : 'Order Lookup';
}

/** Open tabs belong to one user in one store: a role switch to another store shows its own. */
export function tabsStorageKey(userId: string | null, storeId: number | null): string {
  return `orders.tabs.v1.${userId ?? 'anonymous'}.${storeId ?? 'none'}`;
}

export type TabsStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function parseTab(x: unknown): OpenOrderTab | null {
  if (typeof x !== 'object' || x === null) return null;
  const r = x as Record<string, unknown>;
  if (typeof r.orderId !== 'number' || !Number.isSafeInteger(r.orderId) || r.orderId <= 0) return null;
  if (typeof r.orderNumber !== 'string' || r.orderNumber === '') return null;
  return { orderId: r.orderId, orderNumber: r.orderNumber };
}

/** Parses stored tabs; anything unreadable gives the empty strip, never an exception. */
export function parseTabsState(text: string | null): OrderTabsState {
  if (!text) return EMPTY_TABS;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return EMPTY_TABS;
  }
  if (typeof raw !== 'object' || raw === null) return EMPTY_TABS;
  const r = raw as Record<string, unknown>;
  const tabs: OpenOrderTab[] = [];
  for (const item of Array.isArray(r.tabs) ? r.tabs : []) {
    const tab = parseTab(item);
    if (tab && !tabs.some((t) => t.orderId === tab.orderId)) tabs.push(tab);
  }
  const active = typeof r.active === 'number' && tabs.some((t) => t.orderId === r.active) ? r.active : LOOKUP_TAB;
  const customerNames: Record<string, string> = {};
  if (typeof r.customerNames === 'object' && r.customerNames !== null && !Array.isArray(r.customerNames)) {
    for (const [key, name] of Object.entries(r.customerNames as Record<string, unknown>)) {
      if (/^[1-9]\d*$/.test(key) && typeof name === 'string' && name !== '') customerNames[key] = name;
    }
  }
  const pinned = Array.isArray(r.pinned) ? r.pinned.filter((id): id is number => typeof id === 'number' && tabs.some((t) => t.orderId === id)) : [];
  return { tabs, active, customerNames, pinned };
}

export function serializeTabsState(state: OrderTabsState): string {
  return JSON.stringify({ tabs: state.tabs, active: state.active, customerNames: state.customerNames, pinned: state.pinned });
}

export function loadTabs(storage: TabsStorage | null, key: string): OrderTabsState {
  try {
    return parseTabsState(storage?.getItem(key) ?? null);
  } catch {
    return EMPTY_TABS;
  }
}

export function saveTabs(storage: TabsStorage | null, key: string, state: OrderTabsState): void {
  try {
    if (state.tabs.length === 0 && state.active === LOOKUP_TAB && Object.keys(state.customerNames).length === 0) storage?.removeItem(key);
    else storage?.setItem(key, serializeTabsState(state));
  } catch {
    // Storage full or blocked: the tabs still work, they just will not survive a reload.
  }
}
