/**
 * The Orders page: a tab strip with the fixed Order Lookup tab, one tab per
 * open order (labelled by its number; the middle mouse button, the small cross or
 * Delete closes it) and a plus tab that creates an order (Alt+N too). The heading reads
 * 'Order Lookup' or 'Order {number}'. Starting a new order closes the tabs of finished
 * (completed, refunded, cancelled) orders, except those pinned. Open tabs live in sessionStorage per user and
 * store, so a reload brings them back. `?` (or the Keyboard shortcuts button) lists the
 * till's keyboard shortcuts. A link with `?order=<id>&number=<number>` opens that order's tab.
 *
 * Each open draft is an OrderDraft kept here (outside React state, in OpenDrafts), so
 * switching tabs keeps every line and what is being saved; closing a tab first saves
 * what it holds.
 *
 * With no network (lib/connectivity.ts) the page shows the offline till instead of the
 * tabs, and a banner counts the sales waiting to be sent (features/offline, loaded after
 * the page opens; docs/ARCHITECTURE.md, The offline till).
 */
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type MouseEvent, type ReactNode } from 'react';
import { Box, Button, Group, Loader, Tabs, Text, VisuallyHidden } from '@mantine/core';
import type { Order, OrderStatus } from '@pos/contracts';
import { includes, isOrderEditable } from '@pos/domain';
import { PageHeading } from '../../components/page-heading';
import { httpStatusOf } from '../../lib/errors';
import { ensureFreshSettings } from '../../lib/settings-freshness';
import { useStoreClock } from '../../lib/store-clock';
import { trpc } from '../../lib/trpc';
import { useSession } from '../../lib/use-session';
import { useOnline } from '../../lib/connectivity';
import type { DraftApi } from './order-draft';
import { DayClosedBanner } from './day-closed-banner';
import { OrderEditor } from './order-editor';
import { OpenDrafts } from './open-drafts';
import { CloseIcon, PlusIcon } from '../../components/icons';
import { storeTaxesFrom, type StoreTaxes } from './order-lines';
import { OrderLookup } from './order-lookup';
import { isHelpKey, OrderShortcutsDialog } from './order-shortcuts';
import {
  activateTab,
  closeFinishedTabs,
  closeOrderTab,
  isPinned,
  togglePin,
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
import type { ReceiptStore } from './receipt-model';
import classes from './orders-page.module.css';

const NEW_TAB = 'new';
/** Room under the last line so Tab never lands a box behind the sticky summary. */
const SUMMARY_BAR_SPACE = 150;
const TABS_CLASSES = { tab: classes.tab };

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

/**
 * `open`: an order to open in a tab (a link from another page, the books' journals);
 * `lookupStatus`: opened as /orders?status=..., the lookup shows, filtered to that status.
 */
export function OrdersPage({ open, lookupStatus = null }: { open?: OpenOrderTab | undefined; lookupStatus?: OrderStatus | null } = {}) {
  const { userId, currentRole } = useSession();
  const storageKey = tabsStorageKey(userId, currentRole?.storeId ?? null);
  const online = useOnline();
  const offline = useOfflineModule();
  const { timeZone } = useStoreClock();
  const offlineStore = useMemo<ReceiptStore>(() => ({ name: currentRole?.storeName ?? '', address: '', timeZone }), [currentRole?.storeName, timeZone]);
  const banner = offline ? <offline.ui.OfflineBanner sync={offline.sync} online={online} /> : null;
  // Offline, the online tabs stay mounted but hidden: a draft being typed is there again when the network returns.
  return (
    <>
      {online ? null : (
        <Box data-testid="offline-page">
          <PageHeading>Offline Sale</PageHeading>
          {banner}
          {offline ? <offline.ui.OfflineTill sync={offline.sync} store={offlineStore} /> : <Loader size="sm" />}
        </Box>
      )}
      <Box hidden={!online}>
        {/* Another user or store has its own tabs (and its own drafts). */}
        <OrdersWorkspace key={`${storageKey}:${lookupStatus ?? ''}`} storageKey={storageKey} open={open} lookupStatus={lookupStatus} banner={online ? banner : null} />
        {offline && online ? <offline.ui.OfflineReadiness sync={offline.sync} /> : null}
      </Box>
    </>
  );
}

type OfflineUi = typeof import('../offline/offline-ui');

/** The offline till's screens and the device's sync, loaded after the page opens. */
function useOfflineModule(): { ui: OfflineUi; sync: ReturnType<OfflineUi['deviceSyncFor']> } | null {
  const utils = trpc.useUtils();
  const [loaded, setLoaded] = useState<{ ui: OfflineUi; sync: ReturnType<OfflineUi['deviceSyncFor']> } | null>(null);
  useEffect(() => {
    let live = true;
    import('../offline/offline-ui')
      .then((ui) => {
        if (live) setLoaded({ ui, sync: ui.deviceSyncFor(utils.client) });
      })
      .catch((error: unknown) => console.error('Failed to load the offline till', error));
    return () => {
      live = false;
    };
  }, [utils]);
  return loaded;
}

function OrdersWorkspace({ storageKey, open, lookupStatus, banner }: { storageKey: string; open: OpenOrderTab | undefined; lookupStatus: OrderStatus | null; banner: ReactNode }) {
  const utils = trpc.useUtils();
  const [tabs, setTabs] = useState<OrderTabsState>(() => {
    const loaded = loadTabs(sessionStore(), storageKey);
    if (open) return openOrderTab(loaded, open);
    return lookupStatus ? activateTab(loaded, LOOKUP_TAB) : loaded;
  });
  const [creating, setCreating] = useState(false);
  const [focusOnOpen, setFocusOnOpen] = useState<number | null>(null);
  const [submitted, setSubmitted] = useState<ReadonlySet<number>>(new Set());
  const [shortcutsOpened, setShortcutsOpened] = useState(false);
  const creatingRef = useRef(false);
  const [drafts] = useState(() => new OpenDrafts());
  const openIds = useRef<ReadonlySet<number>>(new Set());

  useEffect(() => {
    openIds.current = new Set(tabs.tabs.map((t) => t.orderId));
    saveTabs(sessionStore(), storageKey, tabs);
  }, [storageKey, tabs]);
  // Leaving the page saves what the open drafts hold.
  useEffect(() => () => drafts.flushAll(), [drafts]);
  useScrollPaddingBottom(SUMMARY_BAR_SPACE);

  const settings = trpc.store.fetchSettings.useQuery();
  const storeTaxes = useMemo(() => storeTaxesFrom(settings.data), [settings.data]);
  // The payment panel opens at once: the methods are here before Submit Order.
  trpc.store.payment.list.useQuery(undefined, { staleTime: 60_000 });
  const { currentRole } = useSession();
  const storeName = currentRole?.storeName ?? '';
  const address = settings.data?.address ?? '';
  const { timeZone } = useStoreClock();
  const receiptStore = useMemo<ReceiptStore>(() => ({ name: storeName, address, timeZone }), [storeName, address, timeZone]);
  const canManage = currentRole !== null && includes(currentRole.role, 'STORE_MANAGER');
  const taxesRef = useRef<StoreTaxes>(storeTaxes);
  useEffect(() => {
    taxesRef.current = storeTaxes;
  }, [storeTaxes]);

  const api = useMemo<DraftApi>(
    () => ({
      updateLine: (input) => utils.client.order.updateLine.mutate(input),
      // A refused submit may be the day's close: the banner asks again.
      submit: (input) =>
        utils.client.order.submit.mutate(input).catch((error: unknown) => {
          void utils.order.dayStatus.invalidate();
          throw error;
        }),
      cancel: (input) => utils.client.order.cancel.mutate(input),
      setCustomerName: (input) => utils.client.order.setCustomerName.mutate(input),
      scan: async (code) => {
        try {
          return await utils.client.scan.code.query({ code });
        } catch (error) {
          // A code that names nothing is 404: unknown.
          if (httpStatusOf(error) === 404) return null;
          throw error;
        }
      },
    }),
    [utils],
  );
  const openDraft = useCallback(
    (order: Order, customerName: string | undefined) => drafts.open(order, { api, storeTaxes: () => taxesRef.current }, customerName),
    [api, drafts],
  );

  const createOrder = useCallback(async () => {
    if (creatingRef.current) return;
    creatingRef.current = true;
    setCreating(true);
    try {
      // Tax settings older than 30 minutes are refreshed before a new order.
      await ensureFreshSettings();
      // A tab not shown since a reload has not loaded its order (a hidden panel runs no
      // effects): its status is asked for beside the new order, so a finished one closes too.
      const unloaded = [...openIds.current].filter((orderId) => !drafts.get(orderId) && utils.order.fetch.getData({ orderId }) === undefined);
      const [answer] = await Promise.all([
        utils.client.order.next.mutate(),
        ...unloaded.map((orderId) => utils.order.fetch.ensureData({ orderId }).catch(() => undefined)),
      ]);
      utils.order.fetch.setData({ orderId: answer.nextOrderId }, { success: true, order: answer.order });
      // Its tab opens on the editor at once, focused, without a frame of loading.
      openDraft(answer.order, undefined);
      setFocusOnOpen(answer.nextOrderId);
      // The tabs of finished orders close (unless pinned), so a busy day does not pile them up.
      const finished = (orderId: number) => {
        const status = drafts.get(orderId) ? undefined : utils.order.fetch.getData({ orderId })?.order.status;
        return status !== undefined && !isOrderEditable(status) && status !== 'PENDING';
      };
      setTabs((s) => openOrderTab(closeFinishedTabs(s, finished), { orderId: answer.nextOrderId, orderNumber: answer.nextOrderNumber }));
    } catch (error) {
      // Order failures are logged only.
      console.error('Failed to create a new order', error);
    } finally {
      creatingRef.current = false;
      setCreating(false);
    }
  }, [utils, openDraft, drafts]);

  const openTab = useCallback((tab: OpenOrderTab) => setTabs((s) => openOrderTab(s, tab)), []);

  const closeTab = useCallback(
    (orderId: number) => {
      const draft = drafts.get(orderId);
      setTabs((s) => {
        const closed = closeOrderTab(s, orderId);
        return draft && draft.getPhase() !== 'submitted' ? setDraftCustomerName(closed, orderId, draft.getCustomerName()) : closed;
      });
      if (!draft) return;
      // Save what the tab holds; forget the draft once the server has it, unless reopened.
      draft.flush();
      void draft.settle().then(() => {
        if (openIds.current.has(orderId)) return;
        drafts.forget(orderId);
        void utils.order.fetch.reset({ orderId });
      });
    },
    [drafts, utils],
  );

  const togglePinned = useCallback((orderId: number) => setTabs((s) => togglePin(s, orderId)), []);

  const commitCustomerName = useCallback((orderId: number, name: string) => setTabs((s) => setDraftCustomerName(s, orderId, name)), []);

  const onSubmitted = useCallback(
    (order: Order) => {
      utils.order.fetch.setData({ orderId: order.id }, { success: true, order });
      drafts.forget(order.id);
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
      } else if (isHelpKey(event)) {
        event.preventDefault();
        setShortcutsOpened(true);
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
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <PageHeading>{tabsHeading(tabs)}</PageHeading>
        {/* Phones rarely have a keyboard; there `?` still opens the list. */}
        <Button variant="subtle" size="compact-sm" mt={6} visibleFrom="sm" className="keyboard-hint" onClick={() => setShortcutsOpened(true)} aria-keyshortcuts="?">
          Keyboard shortcuts
        </Button>
      </Group>
      <OrderShortcutsDialog opened={shortcutsOpened} onClose={() => setShortcutsOpened(false)} />
      {banner}
      <DayClosedBanner />
      <Tabs value={tabValue(tabs.active)} onChange={onTabChange} activateTabWithKeyboard={false} keepMounted classNames={TABS_CLASSES}>
        <Tabs.List aria-label="Orders">
          <Tabs.Tab value={LOOKUP_TAB}>Order Lookup</Tabs.Tab>
          {tabs.tabs.map((tab) => (
            <OrderTabButton key={tab.orderId} tab={tab} pinned={isPinned(tabs, tab.orderId)} onClose={closeTab} />
          ))}
          <Tabs.Tab value={NEW_TAB} aria-label="New order" title="New order (Alt+N)" data-testid="new-order-tab" leftSection={creating ? <Loader size={14} /> : <PlusIcon size={16} />} />
        </Tabs.List>

        <Tabs.Panel value={LOOKUP_TAB} pt="md">
          <OrderLookup onOpen={openTab} initialStatus={lookupStatus} />
        </Tabs.Panel>
        {tabs.tabs.map((tab) => (
          <Tabs.Panel key={tab.orderId} value={tabValue(tab.orderId)} pt="md">
            <OrderTab
              tab={tab}
              savedCustomerName={draftCustomerName(tabs, tab.orderId)}
              drafts={drafts}
              openDraft={openDraft}
              storeTaxes={storeTaxes}
              settingsFailed={settings.isError}
              autoFocus={focusOnOpen === tab.orderId}
              justSubmitted={submitted.has(tab.orderId)}
              creating={creating}
              onNewOrder={() => void createOrder()}
              onCustomerNameCommit={commitCustomerName}
              onSubmitted={onSubmitted}
              receiptStore={receiptStore}
              canManage={canManage}
              pinned={isPinned(tabs, tab.orderId)}
              onTogglePin={togglePinned}
            />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Box>
  );
}

function OrderTabButton({ tab, pinned, onClose }: { tab: OpenOrderTab; pinned: boolean; onClose: (orderId: number) => void }) {
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
      {pinned ? <VisuallyHidden> (pinned)</VisuallyHidden> : null}
      {pinned ? (
        <Box component="span" aria-hidden="true" ml={4} c="blue.8" data-testid="tab-pinned">
          •
        </Box>
      ) : null}
    </Tabs.Tab>
  );
}

interface OrderTabProps {
  tab: OpenOrderTab;
  /** The customer name typed into this draft before a reload or a close. */
  savedCustomerName: string | undefined;
  drafts: OpenDrafts;
  /** Makes the draft of an editable order once it has arrived. */
  openDraft: (order: Order, customerName: string | undefined) => void;
  storeTaxes: StoreTaxes;
  settingsFailed: boolean;
  autoFocus: boolean;
  justSubmitted: boolean;
  creating: boolean;
  onNewOrder: () => void;
  onCustomerNameCommit: (orderId: number, name: string) => void;
  /** The server answered with the order as it now stands (submitted, approved or cancelled). */
  onSubmitted: (order: Order) => void;
  receiptStore: ReceiptStore;
  canManage: boolean;
  pinned: boolean;
  onTogglePin: (orderId: number) => void;
}

function OrderTab(props: OrderTabProps) {
  const { tab, savedCustomerName, drafts, openDraft, storeTaxes, settingsFailed, autoFocus, justSubmitted, creating, onNewOrder, onCustomerNameCommit, onSubmitted, receiptStore, canManage, pinned, onTogglePin } = props;
  const draft = useSyncExternalStore(drafts.subscribe, () => drafts.get(tab.orderId));
  const fetched = trpc.order.fetch.useQuery({ orderId: tab.orderId }, { enabled: draft === undefined, staleTime: Infinity, retry: false });
  useEffect(() => {
    // Order failures are logged only.
    if (fetched.error) console.error('Failed to fetch order', fetched.error);
  }, [fetched.error]);

  const order = fetched.data?.order;
  const editable = order !== undefined && isOrderEditable(order.status);
  // An editable order that has arrived gets its draft (the tab shows it on the next render).
  useEffect(() => {
    if (draft === undefined && order !== undefined && editable) openDraft(order, savedCustomerName);
  }, [draft, order, editable, openDraft, savedCustomerName]);

  if (draft) {
    return <OrderEditor draft={draft} storeTaxes={storeTaxes} settingsFailed={settingsFailed} autoFocus={autoFocus} onCustomerNameCommit={onCustomerNameCommit} onSubmitted={onSubmitted} />;
  }
  if (order && !editable) {
    return (
      <OrderView
        order={order}
        storeTaxes={storeTaxes}
        store={receiptStore}
        justSubmitted={justSubmitted}
        onNewOrder={onNewOrder}
        creating={creating}
        canManage={canManage}
        onChanged={onSubmitted}
        pinned={pinned}
        onTogglePin={() => onTogglePin(tab.orderId)}
      />
    );
  }
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
