/**
 * One row of the order editor. It subscribes to its own line only, so a keystroke here
 * re-renders this row and the summary, never the other rows (the benchmark's 200-line
 * order); inside the row each cell is memoised on plain values, so only the box typed
 * in and the line total render again. The quantity's text stays in its cell until the
 * box is left; price and discount boxes keep their own text and report a valid value
 * as it is typed, so the line total follows every keystroke. The browser skips rows away
 * from the viewport and lays out only the box typed in (order-editor.module.css). Each
 * cell carries its column's name (data-label), shown above its box when a narrow editor
 * stacks a line into a card.
 */
import { memo, useCallback, useEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { ActionIcon, Checkbox, Group, Table, Text, TextInput } from '@mantine/core';
import { formatMoney, parseMoneyField, parsePercentField, parseQuantity } from '@pos/domain';
import { MoneyInput, PercentInput } from '../../components/decimal-input';
import classes from './order-editor.module.css';
import { CloseIcon, PlusIcon, WarningIcon } from '../../components/icons';
import type { OrderDraft } from './order-draft';
import { lineAmounts, lineIsEmpty, lineOwner, lineWarnings, type TaxSlot } from './order-lines';

/** The boxes of a row, in Tab order; `data-field` on each names it. */
export type RowField = 'quantity' | 'itemCode' | 'description' | 'price' | 'discountPercent' | 'tax1' | 'tax2' | 'tax3';

export const UNKNOWN_CODE_WARNING = 'Unknown item code';
/** How long the till waits after the last key in the Item Code box before looking the code up. */
const SCAN_DELAY_MS = 250;
export const NO_CONTROL_CODE_WARNING = 'Check the control code';

export function taxField(slot: TaxSlot): RowField {
  return `tax${slot + 1}` as RowField;
}

export interface OrderLineRowProps {
  draft: OrderDraft;
  lineKey: string;
  /** 0-based position, shown as the line number. */
  index: number;
  isLast: boolean;
  /** The tax columns shown, in order. */
  taxSlots: readonly TaxSlot[];
  /** Each slot's name (short name of the tax). */
  taxLabels: readonly string[];
  onTabPastLast: (lineKey: string) => void;
  onAdd: () => void;
  onRemove: (lineKey: string) => void;
}

/** A grid on the editor's columns, drawn only near the viewport (see order-editor.module.css). */
const ROW_CLASS = `${classes.row} ${classes.line}`;
/** Each box is a layout root of its own: typing lays out that box, not the table. */
const BOX_CLASSES = { wrapper: classes.box };
const TOTAL_STYLE = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

interface CellProps {
  draft: OrderDraft;
  lineKey: string;
  /** 1-based line number, for the boxes' names. */
  n: number;
}

export const OrderLineRow = memo(function OrderLineRow({ draft, lineKey, index, isLast, taxSlots, taxLabels, onTabPastLast, onAdd, onRemove }: OrderLineRowProps) {
  const line = useSyncExternalStore(draft.subscribe, () => draft.getLine(lineKey));
  const lastSlot = taxSlots[taxSlots.length - 1];
  const lastField: RowField = lastSlot === undefined ? 'discountPercent' : taxField(lastSlot);

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLTableRowElement>) => {
      if (event.key !== 'Tab' || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return;
      const field = (event.target as HTMLElement).dataset.field;
      if (field !== lastField || !draft.isLastKey(lineKey)) return;
      const current = draft.getLine(lineKey);
      // An empty last line lets Tab leave the table (towards Submit Order).
      if (!current || lineIsEmpty(current)) return;
      event.preventDefault();
      onTabPastLast(lineKey);
    },
    [draft, lineKey, lastField, onTabPastLast],
  );

  if (!line) return null;
  const n = index + 1;
  const amounts = lineAmounts(line);
  const warnings = lineWarnings(line);
  const owner = lineOwner(line);
  const ownerName = owner === null ? null : owner === 'own' ? "The store's own" : `${owner.tradeName}${owner.booth ? ` · booth ${owner.booth}` : ''}`;
  const ownerText = ownerName !== null && line.itemNumber !== '' ? `Item ${line.itemNumber} · ${ownerName}` : ownerName;
  return (
    <Table.Tr
      role="row"
      className={ROW_CLASS}
      data-line-key={lineKey}
      data-line-id={line.id ?? ''}
      data-warned={warnings.unknownCode || warnings.noControlCode || warnings.unsellable ? '' : undefined}
      data-item-number={line.itemNumber || undefined}
      onKeyDown={onKeyDown}
    >
      <NumberCell n={n} />
      <QuantityCell draft={draft} lineKey={lineKey} n={n} quantity={line.quantity} />
      <TextCell draft={draft} lineKey={lineKey} n={n} field="itemCode" value={line.itemCode} unknownCode={warnings.unknownCode} noControlCode={warnings.noControlCode} unsellable={warnings.unsellable} owner={ownerText} />
      <TextCell draft={draft} lineKey={lineKey} n={n} field="description" value={line.description} unknownCode={false} noControlCode={false} unsellable={null} owner={null} />
      <PriceCell draft={draft} lineKey={lineKey} n={n} price={line.price} />
      <DiscountCell draft={draft} lineKey={lineKey} n={n} discountPercent={line.discountPercent} />
      {taxSlots.map((slot) => (
        <TaxCell key={slot} draft={draft} lineKey={lineKey} n={n} slot={slot} label={taxLabels[slot] ?? `Tax ${slot + 1}`} checked={line.taxes[slot].enabled} />
      ))}
      <TotalCell text={amounts ? formatMoney(amounts.total) : '—'} />
      <ActionsCell lineKey={lineKey} n={n} isLast={isLast} onAdd={onAdd} onRemove={onRemove} />
    </Table.Tr>
  );
});

const NumberCell = memo(function NumberCell({ n }: { n: number }) {
  return (
    <Table.Td role="cell" className={classes.number}>
      {n}
    </Table.Td>
  );
});

/** Keys that type something other than a digit are refused in the quantity box (a quantity is a whole number). */
function refuseNonDigit(event: KeyboardEvent<HTMLInputElement>) {
  if (event.key.length === 1 && !/[0-9]/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) event.preventDefault();
}

/** Digits only; the text stays as typed until the box is left, then shows the number kept. */
const QuantityCell = memo(function QuantityCell({ draft, lineKey, n, quantity }: CellProps & { quantity: number }) {
  const [text, setText] = useState(() => String(quantity));
  const focused = useRef(false);

  useEffect(() => {
    if (!focused.current) setText(String(quantity));
  }, [quantity]);

  return (
    <Table.Td role="cell" data-label="Qty">
      <TextInput
        size="xs"
        classNames={BOX_CLASSES}
        data-field="quantity"
        aria-label={`Qty, line ${n}`}
        inputMode="numeric"
        autoComplete="off"
        value={text}
        onKeyDown={refuseNonDigit}
        onFocus={(event) => {
          focused.current = true;
          event.currentTarget.select();
        }}
        onChange={(event) => {
          const value = event.currentTarget.value;
          setText(value);
          draft.editLine(lineKey, { quantity: parseQuantity(value) });
        }}
        onBlur={() => {
          focused.current = false;
          const parsed = parseQuantity(text);
          setText(String(parsed));
          draft.editLine(lineKey, { quantity: parsed });
          draft.saveLine(lineKey);
        }}
      />
    </Table.Td>
  );
});

const TextCell = memo(function TextCell({
  draft,
  lineKey,
  n,
  field,
  value,
  unknownCode,
  noControlCode,
  unsellable,
  owner,
}: CellProps & { field: 'itemCode' | 'description'; value: string; unknownCode: boolean; noControlCode: boolean; unsellable: string | null; owner: string | null }) {
  const label = field === 'itemCode' ? 'Item Code' : 'Description';
  // The code is looked up (/item/scan) a moment after the last key, and as the box is left
  // (a tagged item's number then fills the line; Enter does so at once, order-editor.tsx).
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const scanSoon = (now: boolean) => {
    if (field !== 'itemCode') return;
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (now) void draft.scanCode(lineKey, true);
    else timer.current = setTimeout(() => void draft.scanCode(lineKey), SCAN_DELAY_MS);
  };
  return (
    <Table.Td role="cell" data-label={label} className={field === 'description' ? classes.description : undefined}>
      <TextInput
        size="xs"
        classNames={BOX_CLASSES}
        data-field={field}
        aria-label={`${label}, line ${n}`}
        autoComplete="off"
        spellCheck={false}
        maxLength={field === 'itemCode' ? 50 : 500}
        value={value}
        onChange={(event) => {
          draft.editLine(lineKey, { [field]: event.currentTarget.value });
          scanSoon(false);
        }}
        onBlur={() => {
          draft.saveLine(lineKey);
          scanSoon(true);
        }}
      />
      {owner !== null && !unknownCode && !unsellable ? (
        <Text fz="xs" lh={1.2} mt={2} c="dimmed" className={classes.warning} data-testid="line-owner" style={{ whiteSpace: 'nowrap' }}>
          {owner}
        </Text>
      ) : null}
      {unknownCode ? (
        <LineWarning kind="unknown-code" color="red.8" text={`${UNKNOWN_CODE_WARNING} ${value.trim()}`} title="Neither an item code nor a stock item of this store: the order cannot be submitted until it is corrected or cleared." />
      ) : null}
      {unsellable ? <LineWarning kind="unsellable" color="red.8" text={unsellable} title="This item cannot be sold: scan or type another code." /> : null}
      {noControlCode ? <LineWarning kind="no-control-code" text={NO_CONTROL_CODE_WARNING} title="This item code asks for a warning when it is sold without a control code." /> : null}
    </Table.Td>
  );
});

const PriceCell = memo(function PriceCell({ draft, lineKey, n, price }: CellProps & { price: bigint }) {
  return (
    <Table.Td role="cell" data-label="Price">
      <MoneyInput
        size="xs"
        classNames={BOX_CLASSES}
        data-field="price"
        aria-label={`Price, line ${n}`}
        value={price}
        onInput={(event) => {
          const parsed = parseMoneyField(event.currentTarget.value, 0n);
          draft.editLine(lineKey, { livePrice: parsed.error === null ? parsed.value : null });
        }}
        onChange={(value) => draft.editLine(lineKey, { price: value, livePrice: null })}
        onBlur={() => {
          draft.editLine(lineKey, { livePrice: null });
          draft.saveLine(lineKey);
        }}
      />
    </Table.Td>
  );
});

const DiscountCell = memo(function DiscountCell({ draft, lineKey, n, discountPercent }: CellProps & { discountPercent: bigint }) {
  return (
    <Table.Td role="cell" data-label="Discount">
      <PercentInput
        size="xs"
        classNames={BOX_CLASSES}
        data-field="discountPercent"
        aria-label={`Discount, line ${n}`}
        value={discountPercent}
        onInput={(event) => {
          const parsed = parsePercentField(event.currentTarget.value, 0n);
          draft.editLine(lineKey, { liveDiscountPercent: parsed.error === null ? parsed.value : null });
        }}
        onChange={(value) => draft.editLine(lineKey, { discountPercent: value, liveDiscountPercent: null })}
        onBlur={() => {
          draft.editLine(lineKey, { liveDiscountPercent: null });
          draft.saveLine(lineKey);
        }}
      />
    </Table.Td>
  );
});

const TaxCell = memo(function TaxCell({ draft, lineKey, n, slot, label, checked }: CellProps & { slot: TaxSlot; label: string; checked: boolean }) {
  return (
    <Table.Td role="cell" data-label={label} className={classes.tax}>
      <Checkbox
        size="xs"
        className={classes.toggle}
        display="inline-block"
        data-field={taxField(slot)}
        aria-label={`${label}, line ${n}`}
        checked={checked}
        onChange={(event) => draft.toggleTax(lineKey, slot, event.currentTarget.checked)}
      />
    </Table.Td>
  );
});

const TotalCell = memo(function TotalCell({ text }: { text: string }) {
  return (
    <Table.Td role="cell" style={TOTAL_STYLE} data-label="Total" className={classes.total} data-testid="line-total">
      {text}
    </Table.Td>
  );
});

const ActionsCell = memo(function ActionsCell({ lineKey, n, isLast, onAdd, onRemove }: { lineKey: string; n: number; isLast: boolean; onAdd: () => void; onRemove: (lineKey: string) => void }) {
  return (
    <Table.Td role="cell" className={classes.actions}>
      {/* Out of the Tab order: Tab past the last box adds a line, Ctrl+Delete removes one. */}
      <Group gap={2} wrap="nowrap" justify="flex-end">
        {isLast ? (
          <ActionIcon size="sm" variant="subtle" className={classes.action} tabIndex={-1} aria-label="Add line" title="Add line (or Tab past the last box)" onClick={onAdd}>
            <PlusIcon size={14} />
          </ActionIcon>
        ) : null}
        <ActionIcon
          size="sm"
          variant="subtle"
          color="red"
          className={classes.action}
          tabIndex={-1}
          aria-label={`Remove line ${n}`}
          aria-keyshortcuts="Control+Delete"
          title="Remove line (Ctrl+Delete)"
          onClick={() => onRemove(lineKey)}
        >
          <CloseIcon size={14} />
        </ActionIcon>
      </Group>
    </Table.Td>
  );
});

function LineWarning({ kind, text, title, color = 'orange.8' }: { kind: string; text: string; title: string; color?: string }) {
  return (
    <Group gap={4} wrap="nowrap" mt={2} c={color} className={classes.warning} data-testid="line-warning" data-warning={kind} title={title}>
      <WarningIcon size={12} style={{ flexShrink: 0 }} />
      <Text span fz="xs" lh={1.2} style={{ whiteSpace: 'nowrap' }}>
        {text}
      </Text>
    </Group>
  );
}
