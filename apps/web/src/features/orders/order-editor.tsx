/**
 * The order editor: Customer Name, the items table and the Order Summary
 * with Submit Order. Keyboard flow for the till (listed in order-shortcuts.tsx): Enter in
 * Customer Name goes to the first line; Tab runs Qty, Item Code, Description, Price,
 * Discount, the tax toggles, then the next line; Tab past the last box of the last line
 * starts a new line; ArrowUp and ArrowDown go to the same box of the line above or below;
 * Enter in Item Code (a barcode scanner's last key) looks the code up: a tagged item fills
 * the line and the next line's Item Code takes the next scan; a dealer's code goes on to
 * Description; a sold or withdrawn item stays in the box, refused, for the next scan.
 * Ctrl+Delete removes the line being edited; Ctrl+Enter (⌘+Enter) is Submit Order, which
 * opens the payment panel (checkout-panel.tsx) in place of the lines; Escape there comes
 * back to the box the cashier left. Cancel Order cancels the draft with a reason.
 * Narrower than a desktop row (a tablet, a phone, a window beside the drawer), each line
 * stacks into a card with its boxes' names above them, and boxes and buttons grow to
 * 40 px for a finger (order-editor.module.css).
 * The items table draws only the lines near the viewport and lays out only the box typed
 * in (order-editor.module.css): the work of a keystroke follows the lines on screen, not
 * the length of the order.
 */
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { Alert, Box, Button, Group, Kbd, Paper, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { MESSAGES } from '@pos/domain';
import type { Order } from '@pos/contracts';
import { errorMessage } from '../../lib/errors';
import { CancelOrderDialog } from './cancel-order-dialog';
import { CheckoutPanel } from './checkout-panel';
import type { OrderDraft } from './order-draft';
import classes from './order-editor.module.css';
import { OrderLineRow, type RowField } from './order-line-row';
import { SummaryFigures } from './summary-figures';
import { taxLabel, visibleTaxSlots, TAX_SLOT_INDEXES, type StoreTaxes } from './order-lines';

export const NEW_LINE_HINT = 'Tab past the last box to start a new line.';
const HINT_ID_PREFIX = 'order-lines-hint-';
const CUSTOMER_CLASSES = { wrapper: classes.customer };

export interface OrderEditorProps {
  draft: OrderDraft;
  storeTaxes: StoreTaxes;
  settingsFailed: boolean;
  /** Focus Customer Name when the editor appears (a new order). */
  autoFocus: boolean;
  onCustomerNameCommit: (orderId: number, name: string) => void;
  /** The server closed the draft: completed, pending or cancelled. */
  onSubmitted: (order: Order) => void;
}

export const CANCEL_DRAFT_FAILED = 'Failed to cancel order';

/**
 * The items table's columns (every row is a grid on them): line number, Qty, Item Code,
 * Description (the rest of the width), Price, Discount, one per tax shown, Total, actions.
 */
function gridColumns(taxColumns: number): string {
  return ['32px 64px 160px minmax(0, 1fr) 112px 88px', ...Array.from({ length: taxColumns }, () => '60px'), '104px 60px'].join(' ');
}

function isSubmitShortcut(event: KeyboardEvent) {
  return event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
}

function isPlainEnter(event: KeyboardEvent) {
  return event.key === 'Enter' && !event.ctrlKey && !event.metaKey && !event.altKey && !event.shiftKey;
}

function isRemoveShortcut(event: KeyboardEvent) {
  return event.key === 'Delete' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
}

function plainArrow(event: KeyboardEvent): -1 | 1 | 0 {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return 0;
  return event.key === 'ArrowUp' ? -1 : event.key === 'ArrowDown' ? 1 : 0;
}

/** The line and the box a key was pressed in, when it was one of the items table's boxes. */
function lineBoxOf(target: EventTarget): { lineKey: string; field: RowField } | null {
  if (!(target instanceof HTMLElement)) return null;
  const field = target.dataset.field as RowField | undefined;
  const lineKey = target.closest<HTMLElement>('tr[data-line-key]')?.dataset.lineKey;
  return field && lineKey ? { lineKey, field } : null;
}

export function OrderEditor({ draft, storeTaxes, settingsFailed, autoFocus, onCustomerNameCommit, onSubmitted }: OrderEditorProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const keys = useSyncExternalStore(draft.subscribe, draft.getKeys);
  const taxMask = useSyncExternalStore(draft.subscribe, draft.getTaxMask);
  const carriedTaxNames = useSyncExternalStore(draft.subscribe, draft.getCarriedTaxNames);
  const phase = useSyncExternalStore(draft.subscribe, draft.getPhase);
  const canSubmit = useSyncExternalStore(draft.subscribe, draft.canSubmit);

  const taxSlots = useMemo(() => visibleTaxSlots(storeTaxes, TAX_SLOT_INDEXES.map((slot) => (taxMask & (1 << slot)) !== 0)), [storeTaxes, taxMask]);
  // Labels change with the settings or with what the lines call their taxes, not per keystroke.
  const taxLabels = useMemo(() => TAX_SLOT_INDEXES.map((slot) => taxLabel(slot, storeTaxes, carriedTaxNames[slot])), [storeTaxes, carriedTaxNames]);
  const columns = useMemo(() => gridColumns(taxSlots.length), [taxSlots.length]);

  const focusField = useCallback((lineKey: string | null | undefined, field: RowField) => {
    if (!lineKey) return;
    const input = rootRef.current?.querySelector<HTMLInputElement>(`tr[data-line-key="${lineKey}"] [data-field="${field}"]`);
    input?.focus();
    input?.select?.();
  }, []);

  const addLine = useCallback(() => {
    const key = flushSync(() => draft.addLineAtEnd());
    focusField(key, 'quantity');
  }, [draft, focusField]);

  const removeLine = useCallback(
    (lineKey: string, field: RowField = 'quantity') => {
      const next = flushSync(() => draft.removeLine(lineKey));
      focusField(next, field);
    },
    [draft, focusField],
  );

  const [panelOpen, setPanelOpen] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const returnFocus = useRef<HTMLElement | null>(null);
  const summary = useSyncExternalStore(draft.subscribe, draft.getSummary);

  const submit = useCallback(() => {
    if (!draft.canSubmit() || draft.getPhase() !== 'editing') return;
    returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (draft.openCheckout()) setPanelOpen(true);
  }, [draft]);

  const backToLines = useCallback(() => {
    draft.closeCheckout();
    flushSync(() => setPanelOpen(false));
    const target = returnFocus.current;
    if (target?.isConnected && !target.hasAttribute('disabled')) target.focus();
    else rootRef.current?.querySelector<HTMLButtonElement>('[data-testid="submit-order"]')?.focus();
  }, [draft]);

  const cancelDraft = useCallback(
    async (reason: string, idempotencyKey: string): Promise<string | null> => {
      const result = await draft.cancel(reason, idempotencyKey);
      if (result === null) return 'The order is being submitted.';
      if (!result.ok) return errorMessage(result.error, CANCEL_DRAFT_FAILED);
      onSubmitted(result.order);
      return null;
    },
    [draft, onSubmitted],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (panelOpen) return;
    if (isSubmitShortcut(event)) {
      // Handled here: the panel it opens must not take this Enter as its own.
      event.preventDefault();
      submit();
      return;
    }
    const at = lineBoxOf(event.target);
    if (!at || draft.getPhase() !== 'editing') return;
    if (isRemoveShortcut(event)) {
      event.preventDefault();
      removeLine(at.lineKey, at.field);
      return;
    }
    if (at.field === 'itemCode' && isPlainEnter(event)) {
      event.preventDefault();
      void draft.scanCode(at.lineKey, true).then((result) => {
        if (result === 'item') focusField(flushSync(() => draft.addLineAtEnd()), 'itemCode');
        else if (result === 'refused') focusField(at.lineKey, 'itemCode');
        else focusField(at.lineKey, 'description');
      });
      return;
    }
    const step = plainArrow(event);
    const lineKeys = draft.getKeys();
    const next = step === 0 ? undefined : lineKeys[lineKeys.indexOf(at.lineKey) + step];
    if (next === undefined) return;
    event.preventDefault();
    focusField(next, at.field);
  };

  const busy = phase !== 'editing';
  const hintId = `${HINT_ID_PREFIX}${draft.orderId}`;
  return (
    <Box ref={rootRef} onKeyDown={onKeyDown} className={classes.editor} data-testid="order-editor" data-order-id={draft.orderId}>
      <CustomerName draft={draft} autoFocus={autoFocus} onEnter={() => focusField(keys[0], 'quantity')} onCommit={onCustomerNameCommit} disabled={busy} />
      {settingsFailed ? (
        <Alert color="yellow" variant="light" mb="sm" py={6}>
          {MESSAGES.settingsLoadFailed}
        </Alert>
      ) : null}
      <Box style={panelOpen ? { display: 'none' } : undefined} data-testid="order-lines">
        <Paper withBorder radius="md" mt="md">
          <fieldset disabled={busy} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
            <Table
              verticalSpacing={4}
              horizontalSpacing={6}
              aria-label="Order items"
              aria-describedby={hintId}
              role="table"
              className={classes.table}
              style={{ '--order-columns': columns }}
            >
              <Table.Thead role="rowgroup">
                <Table.Tr role="row" className={`${classes.row} ${classes.head}`}>
                  <Table.Th role="columnheader">
                    <VisuallyHidden>Line</VisuallyHidden>
                  </Table.Th>
                  <Table.Th role="columnheader">Qty</Table.Th>
                  <Table.Th role="columnheader">Item Code</Table.Th>
                  <Table.Th role="columnheader">Description</Table.Th>
                  <Table.Th role="columnheader">Price</Table.Th>
                  <Table.Th role="columnheader">Discount</Table.Th>
                  {taxSlots.map((slot) => (
                    <Table.Th key={slot} role="columnheader" ta="center" data-tax-slot={slot + 1}>
                      {taxLabels[slot]}
                    </Table.Th>
                  ))}
                  <Table.Th role="columnheader" ta="right">
                    Total
                  </Table.Th>
                  <Table.Th role="columnheader">
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody role="rowgroup">
                {keys.map((key, index) => (
                  <OrderLineRow
                    key={key}
                    draft={draft}
                    lineKey={key}
                    index={index}
                    isLast={index === keys.length - 1}
                    taxSlots={taxSlots}
                    taxLabels={taxLabels}
                    onTabPastLast={addLine}
                    onAdd={addLine}
                    onRemove={removeLine}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </fieldset>
        </Paper>
        <Text size="xs" c="dimmed" mt={6} id={hintId} data-testid="new-line-hint">
          {NEW_LINE_HINT}{' '}
          <span className="keyboard-hint">
            <Kbd size="xs">Ctrl</Kbd> + <Kbd size="xs">Delete</Kbd> removes the current line; <Kbd size="xs">↑</Kbd> <Kbd size="xs">↓</Kbd> move between lines;{' '}
            <Kbd size="xs">?</Kbd> lists every shortcut.
          </span>
        </Text>
        <SummaryBar draft={draft} taxLabels={taxLabels} canSubmit={canSubmit} busy={busy} onSubmit={submit} onCancel={() => setCancelling(true)} />
      </Box>
      {panelOpen && summary ? <CheckoutPanel draft={draft} summary={summary} taxLabels={taxLabels} onBack={backToLines} onDone={onSubmitted} /> : null}
      <CancelOrderDialog opened={cancelling} orderId={draft.orderId} orderNumber={draft.orderNumber} onClose={() => setCancelling(false)} onCancel={cancelDraft} />
    </Box>
  );
}

function CustomerName({ draft, autoFocus, onEnter, onCommit, disabled }: { draft: OrderDraft; autoFocus: boolean; onEnter: () => void; onCommit: (orderId: number, name: string) => void; disabled: boolean }) {
  const name = useSyncExternalStore(draft.subscribe, draft.getCustomerName);
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (autoFocus) ref.current?.focus();
  }, [autoFocus]);
  return (
    <TextInput
      ref={ref}
      classNames={CUSTOMER_CLASSES}
      label="Customer Name"
      name="customerName"
      autoComplete="off"
      maxLength={200}
      maw={420}
      value={name}
      disabled={disabled}
      onChange={(event) => draft.setCustomerName(event.currentTarget.value)}
      onBlur={() => {
        draft.saveCustomerName();
        onCommit(draft.orderId, draft.getCustomerName());
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && !event.ctrlKey && !event.metaKey) {
          event.preventDefault();
          onEnter();
        }
      }}
    />
  );
}

function SummaryBar({
  draft,
  taxLabels,
  canSubmit,
  busy,
  onSubmit,
  onCancel,
}: {
  draft: OrderDraft;
  taxLabels: readonly string[];
  canSubmit: boolean;
  busy: boolean;
  onSubmit: () => void;
  onCancel: () => void;
}) {
  const summary = useSyncExternalStore(draft.subscribe, draft.getSummary);
  return (
    <Paper withBorder radius="md" p="md" mt="md" shadow="sm" component="section" aria-label="Order Summary" style={{ position: 'sticky', bottom: 8, zIndex: 3 }}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <div>
          <Text fw={600} mb={6}>
            Order Summary
          </Text>
          <SummaryFigures summary={summary} taxLabels={taxLabels} />
        </div>
        <Group gap="sm" align="center">
          <Button size="md" variant="subtle" color="red" onClick={onCancel} disabled={busy}>
            Cancel Order
          </Button>
          <Text size="xs" c="dimmed" className="keyboard-hint">
            <Kbd size="xs">Ctrl</Kbd> + <Kbd size="xs">Enter</Kbd>
          </Text>
          <Button size="md" onClick={onSubmit} disabled={!canSubmit} loading={busy} title="Submit Order: pay (Ctrl+Enter)" data-testid="submit-order">
            Submit Order
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
