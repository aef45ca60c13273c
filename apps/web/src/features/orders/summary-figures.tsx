/**
 * An order's figures as the till and the order view show them: Subtotal, Discount, each
 * tax above zero and Total (or, for an order beyond the money range, why none).
 */
import { Group, Text } from '@mantine/core';
import { formatMoney, MESSAGES, type OrderSummary } from '@pos/domain';
import { TAX_SLOT_INDEXES, type TaxSlot } from './order-lines';

const TAX_FIELDS = ['tax1', 'tax2', 'tax3'] as const;

/** The Order Summary's rows: Subtotal, Discount, each tax only when above zero, Total. */
export function summaryRows(summary: OrderSummary, taxLabels: readonly string[]): { key: string; label: string; value: bigint }[] {
  const rows = [
    { key: 'subtotal', label: 'Subtotal', value: summary.subtotal },
    { key: 'discount', label: 'Discount', value: summary.discount },
  ];
  TAX_SLOT_INDEXES.forEach((slot: TaxSlot) => {
    const value = summary[TAX_FIELDS[slot]];
    if (value > 0n) rows.push({ key: TAX_FIELDS[slot], label: taxLabels[slot] ?? `Tax ${slot + 1}`, value });
  });
  rows.push({ key: 'total', label: 'Total', value: summary.total });
  return rows;
}

export function SummaryFigures({ summary, taxLabels }: { summary: OrderSummary | null; taxLabels: readonly string[] }) {
  if (!summary) {
    return (
      <Text c="red" size="sm">
        {MESSAGES.moneyOverflow}
      </Text>
    );
  }
  return (
    <Group gap="xl" wrap="wrap" align="flex-end">
      {summaryRows(summary, taxLabels).map((row) => (
        <div key={row.key} data-summary={row.key}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {row.label}
          </Text>
          <Text fw={row.key === 'total' ? 700 : 500} size={row.key === 'total' ? 'xl' : 'md'} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid={`summary-${row.key}`}>
            {row.key === 'discount' && row.value > 0n ? `-${formatMoney(row.value)}` : formatMoney(row.value)}
          </Text>
        </div>
      ))}
    </Group>
  );
}
