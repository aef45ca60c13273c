/**
 * The Orders page (SPEC 2): a tab strip with the fixed Order Lookup tab, one tab per
 * open order (labelled by its number; the middle mouse button, the small cross or
 * Delete closes it) and a plus tab that creates an order (Alt+N too). The heading reads
 * 'Order Lookup' or 'Order {number}'. Open tabs live in sessionStorage per user and
 * store, so a reload brings them back.
 *
 * Each open draft is an OrderDraft kept here (outside React state), so switching tabs
 * keeps every line and what is being saved; closing a tab first saves what it holds.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { Box, Button, Group, Loader, Tabs, Text } from '@mantine/core';
import type { Order } from '@pos/contracts';
import { PageHeading } from '../../components/page-heading';
import { ensureFreshSettings } from '../../lib/settings-freshness';
import { trpc } from '../../lib/trpc';
import { useSession } from '../../lib/use-session';
import { OrderDraft, type DraftApi } from './order-draft';
import { OrderEditor } from './order-editor';
import { CloseIcon, PlusIcon } from '../../components/icons';
import { storeTaxesFrom, type StoreTaxes } from './order-lines';
import { OrderLookup } from './order-lookup';
import {
  activateTab,
  closeOrderTab,
  LOOKUP_TAB,
  loadTabs,
  openOrderTab,
  saveTabs,
  setDraftCustomerName,
  draftCustomerName,
  tabsHeading,
  tabsStorageKey,
  type OpenOrderTab,
  type OrderTabsState,
  type TabsStorage,
} from './order-tabs';
import { OrderView } from './order-view';

const NEW_TAB = 'new';
const EDITABLE = new Set(['DRAFT', 'PENDING']);
/** Room under the last line so Tab never lands a box behind the sticky summary. */
const SUMMARY_BAR_SPACE = 150;

function tabValue(active: OrderTabsState['active']): string {
  return active === LOOKUP_TAB ? LOOKUP_TAB : `order-${active}`;
}

function sessionStore(): TabsStorage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function OrdersPage() {
  const { userId, currentRole } = useSession();
  const storageKey = tabsStorageKey(userId, currentRole?.storeId ?? null);
  // Another user or store has its own tabs (and its own drafts).
  return <OrdersWorkspace key={storageKey} storageKey={storageKey} />;
}

function OrdersWorkspace({ storageKey }: { storageKey: string }) {
  const utils = trpc.useUtils();
  const [tabs, setTabs] = useState<OrderTabsState>(() => loadTabs(sessionStore(), storageKey));
  const [creating, setCreating] = useState(false);
  const [focusOnOpen, setFocusOnOpen] = useState<number | null>(null);
  const [submitted, setSubmitted] = useState<ReadonlySet<number>>(new Set());
  const creatingRef = useRef(false);
  const drafts = useRef(new Map<number, OrderDraft>()).current;
  const openIds = useRef(new Set<number>());
  openIds.current = new Set(tabs.tabs.map((t) => t.orderId));

  useEffect(() => saveTabs(sessionStore(), storageKey, tabs), [storageKey, tabs]);
  // Leaving the page saves what the open drafts hold.
  useEffect(() => () => drafts.forEach((draft) => draft.flush()), [drafts]);
  useScrollPaddingBottom(SUMMARY_BAR_SPACE);

  const settings = trpc.store.fetchSettings.useQuery();
  const storeTaxes = useMemo(() => storeTaxesFrom(settings.data), [settings.data]);
  const taxesRef = useRef<StoreTaxes>(storeTaxes);
  useEffect(() => {
    taxesRef.current = storeTaxes;
  }, [storeTaxes]);

  const api = useMemo<DraftApi>(
    () => ({
      updateLine: (input) => utils.client.order.updateLine.mutate(input),
      submit: (input) => utils.client.order.submit.mutate(input),
    }),
    [utils],
  );
  const draftFor = useCallback(
    (order: Order, customerName: string | undefined) => {
      let draft = drafts.get(order.id);
      if (!draft) {
        draft = new OrderDraft(order, { api, storeTaxes: () => taxesRef.current }, customerName);
        drafts.set(order.id, draft);
      }
      return draft;
    },
    [api, drafts],
  );

  const createOrder = useCallback(async () => {
    if (creatingRef.current) return;
    creatingRef.current = true;
    setCreating(true);
    try {
      // SPEC 4: tax settings older than 30 minutes are refreshed before a new order.
      await ensureFreshSettings();
      const answer = await utils.client.order.next.mutate();
      utils.order.fetch.setData({ orderId: answer.nextOrderId }, { success: true, order: answer.order });
      setFocusOnOpen(answer.nextOrderId);
      setTabs((s) => openOrderTab(s, { orderId: answer.nextOrderId, orderNumber: answer.nextOrderNumber }));
    } catch (error) {
      // SPEC 8: logged only.
      console.error('Failed to create a new order', error);
    } finally {
      creatingRef.current = false;
      setCreating(false);
    }
  }, [utils]);

  const openTab = useCallback((tab: OpenOrderTab) => setTabs((s) => openOrderTab(s, tab)), []);

  const closeTab = useCallback(
    (orderId: number) => {
      const draft = drafts.get(orderId);
      setTabs((s) => {
        const closed = closeOrderTab(s, orderId);
        return draft && draft.getPhase() === 'editing' ? setDraftCustomerName(closed, orderId, draft.getCustomerName()) : closed;
      });
      if (!draft) return;
      // Save what the tab holds; forget the draft once the server has it, unless reopened.
      draft.flush();
      void draft.settle().then(() => {
        if (openIds.current.has(orderId)) return;
        drafts.delete(orderId);
        void utils.order.fetch.reset({ orderId });
      });
    },
    [drafts, utils],
  );

  const commitCustomerName = useCallback((orderId: number, name: string) => setTabs((s) => setDraftCustomerName(s, orderId, name)), []);

  const onSubmitted = useCallback(
    (order: Order) => {
      utils.order.fetch.setData({ orderId: order.id }, { success: true, order });
      drafts.delete(order.id);
      setSubmitted((s) => new Set(s).add(order.id));
      setTabs((s) => setDraftCustomerName(s, order.id, ''));
      void utils.order.lookup.invalidate();
    },
    [drafts, utils],
  );

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.altKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyN') {
        event.preventDefault();
        void createOrder();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [createOrder]);

  const onTabChange = (value: string | null) => {
    if (value === NEW_TAB) void createOrder();
    else if (value === LOOKUP_TAB) setTabs((s) => activateTab(s, LOOKUP_TAB));
    else if (value?.startsWith('order-')) setTabs((s) => activateTab(s, Number(value.slice('order-'.length))));
  };

  return (
    <Box>
      <PageHeading>{tabsHeading(tabs)}</PageHeading>
      <Tabs value={tabValue(tabs.active)} onChange={onTabChange} activateTabWithKeyboard={false} keepMounted>
        <Tabs.List aria-label="Orders">
          <Tabs.Tab value={LOOKUP_TAB}>Order Lookup</Tabs.Tab>
          {tabs.tabs.map((tab) => (
            <OrderTabButton key={tab.orderId} tab={tab} onClose={closeTab} />
          ))}
          <Tabs.Tab value={NEW_TAB} aria-label="New order" title="New order (Alt+N)" data-testid="new-order-tab" leftSection={creating ? <Loader size={14} /> : <PlusIcon size={16} />} />
        </Tabs.List>

        <Tabs.Panel value={LOOKUP_TAB} pt="md">
          <OrderLookup onOpen={openTab} />
        </Tabs.Panel>
        {tabs.tabs.map((tab) => (
          <Tabs.Panel key={tab.orderId} value={tabValue(tab.orderId)} pt="md">
            <OrderTab
              tab={tab}
              savedCustomerName={draftCustomerName(tabs, tab.orderId)}
              draft={drafts.get(tab.orderId)}
              draftFor={draftFor}
              storeTaxes={storeTaxes}
              settingsFailed={settings.isError}
              autoFocus={focusOnOpen === tab.orderId}
              justSubmitted={submitted.has(tab.orderId)}
              creating={creating}
              onNewOrder={createOrder}
              onCustomerNameCommit={commitCustomerName}
              onSubmitted={onSubmitted}
            />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Box>
  );
}

function OrderTabButton({ tab, onClose }: { tab: OpenOrderTab; onClose: (orderId: number) => void }) {
  const close = (event: MouseEvent) => {
    event.preventDefault();
    event.stopPropagation();
    onClose(tab.orderId);
  };
  return (
    <Tabs.Tab
      value={tabValue(tab.orderId)}
      data-order-tab={tab.orderId}
      title="Middle-click (or Delete) closes the tab"
      // The middle button closes the tab (and must not start the browser's autoscroll).
      onMouseDown={(event) => {
        if (event.button === 1) event.preventDefault();
      }}
      onAuxClick={(event) => {
        if (event.button === 1) close(event);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Delete') {
          event.preventDefault();
          onClose(tab.orderId);
        }
      }}
      rightSection={
        <Box component="span" aria-hidden="true" c="dimmed" onClick={close} style={{ display: 'inline-flex', cursor: 'pointer' }} data-testid="close-order-tab">
          <CloseIcon size={12} />
        </Box>
      }
    >
      {tab.orderNumber}
    </Tabs.Tab>
  );
}

interface OrderTabProps {
  tab: OpenOrderTab;
  /** The customer name typed into this draft before a reload or a close. */
  savedCustomerName: string | undefined;
  draft: OrderDraft | undefined;
  draftFor: (order: Order, customerName: string | undefined) => OrderDraft;
  storeTaxes: StoreTaxes;
  settingsFailed: boolean;
  autoFocus: boolean;
  justSubmitted: boolean;
  creating: boolean;
  onNewOrder: () => void;
  onCustomerNameCommit: (orderId: number, name: string) => void;
  onSubmitted: (order: Order) => void;
}

function OrderTab({ tab, savedCustomerName, draft, draftFor, storeTaxes, settingsFailed, autoFocus, justSubmitted, creating, onNewOrder, onCustomerNameCommit, onSubmitted }: OrderTabProps) {
  const fetched = trpc.order.fetch.useQuery({ orderId: tab.orderId }, { enabled: draft === undefined, staleTime: Infinity, retry: false });
  useEffect(() => {
    // SPEC 8: logged only.
    if (fetched.error) console.error('Failed to fetch order', fetched.error);
  }, [fetched.error]);

  const order = fetched.data?.order;
  const editing = draft ?? (order && EDITABLE.has(order.status) ? draftFor(order, savedCustomerName) : undefined);
  if (editing) {
    return <OrderEditor draft={editing} storeTaxes={storeTaxes} settingsFailed={settingsFailed} autoFocus={autoFocus} onCustomerNameCommit={onCustomerNameCommit} onSubmitted={onSubmitted} />;
  }
  if (order) return <OrderView order={order} storeTaxes={storeTaxes} justSubmitted={justSubmitted} onNewOrder={onNewOrder} creating={creating} />;
  if (fetched.isError) {
    return (
      <Button variant="light" onClick={() => void fetched.refetch()} loading={fetched.isFetching}>
        Load order {tab.orderNumber} again
      </Button>
    );
  }
  return (
    <Group gap="sm" aria-busy="true">
      <Loader size="sm" />
      <Text c="dimmed">Loading order {tab.orderNumber}...</Text>
    </Group>
  );
}

/** Keeps boxes reached with Tab clear of the sticky summary at the bottom. */
function useScrollPaddingBottom(px: number) {
  useEffect(() => {
    const root = document.documentElement;
    const before = root.style.scrollPaddingBottom;
    root.style.scrollPaddingBottom = `${px}px`;
    return () => {
      root.style.scrollPaddingBottom = before;
    };
  }, [px]);
}
