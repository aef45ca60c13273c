/** The checkout panel's head: its title, the order's figures and the amount due in large type. */
import { Box, Group, Text, Title } from '@mantine/core';
import { formatMoney, type OrderSummary } from '@pos/domain';
import { SummaryFigures } from './summary-figures';

/** The panel's title, the order's figures and the amount due in large type ("of" the total once payments are added). */
export function PanelHeader({ titleId, summary, taxLabels, due }: { titleId: string; summary: OrderSummary; taxLabels: readonly string[]; due: bigint }) {
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="md" mb="sm">
      <div>
        <Title order={2} size="h3" id={titleId}>
          Payment
        </Title>
        <Box mt={6}>
          <SummaryFigures summary={summary} taxLabels={taxLabels} />
        </Box>
      </div>
      <div style={{ textAlign: 'right' }}>
        <Text size="sm" fw={600} c="dimmed" tt="uppercase">
          Amount due
        </Text>
        <Text fz={40} fw={700} lh={1.1} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="amount-due" aria-live="polite">
          {formatMoney(due)}
        </Text>
        {due !== summary.total ? (
          <Text size="sm" c="dimmed" data-testid="amount-due-of">
            of {formatMoney(summary.total)}
          </Text>
        ) : null}
      </div>
    </Group>
  );
}
