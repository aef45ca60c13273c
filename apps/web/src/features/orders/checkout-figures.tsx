/**
 * The checkout panel's figures under the payments: customer fees (or what is left to
 * pay), what the customer pays (or the cash handed back), the cash tendered and the
 * change due in large type, and a line saying whether the payments cover the total.
 */
import { Paper, SimpleGrid, Text } from '@mantine/core';
import { formatMoney } from '@pos/domain';
import type { previewCheckout } from './checkout-state';

export interface CheckoutFiguresProps {
  preview: ReturnType<typeof previewCheckout>;
  /** Part of the total is still to pay (no unreadable amount). */
  uncovered: boolean;
  /** A payment is in cash. */
  usesCash: boolean;
  /** Why the payments cannot complete the sale, or null. */
  problem: string | null;
  /** The payments can complete the sale. */
  ready: boolean;
}

export function CheckoutFigures({ preview, uncovered, usesCash, problem, ready }: CheckoutFiguresProps) {
  const plan = preview.plan;
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" mt="md">
        <Figure
          label={uncovered ? 'Left to pay' : 'Customer fees'}
          value={formatMoney(uncovered ? plan.remaining : plan.customerFees)}
          testId={uncovered ? 'left-to-pay' : 'customer-fees'}
        />
        {preview.handBack > 0n ? (
          <Figure label="Hand back" value={formatMoney(preview.handBack)} testId="hand-back" hint="in Cash" />
        ) : (
          <Figure label="Customer pays" value={formatMoney(plan.amountPaid)} testId="customer-pays" hint="total and customer fees" />
        )}
        {usesCash ? (
          <Paper bg="blue.0" p="sm" radius="md" data-testid="change-box">
            <Text size="sm" fw={600}>
              Cash tendered <span data-testid="cash-tendered">{formatMoney(plan.cashTendered)}</span>
            </Text>
            <Text size="sm" fw={700} mt={4}>
              Change due
            </Text>
            <Text fz={44} fw={800} lh={1.05} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="change-due" aria-live="polite">
              {formatMoney(plan.changeDue)}
            </Text>
          </Paper>
        ) : (
          <Figure label="Change due" value={formatMoney(0n)} testId="change-due" hint="no cash" />
        )}
      </SimpleGrid>

      <Text size="sm" mt="sm" role="status" c={problem && !uncovered ? 'red.8' : undefined} fw={problem ? 600 : undefined} data-testid="checkout-problem">
        {problem
          ? `${problem}${uncovered ? `: ${formatMoney(plan.remaining)} left to pay.` : ''}`
          : preview.handBack > 0n
            ? `A return: ${formatMoney(preview.handBack)} goes back to the customer in Cash.`
            : ready
              ? 'The payments cover the total.'
              : ''}
      </Text>
    </>
  );
}

function Figure({ label, value, testId, hint }: { label: string; value: string; testId: string; hint?: string }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="sm" fw={600}>
        {label}
        {hint ? (
          <Text span size="xs" c="dimmed" fw={400}>
            {' '}
            ({hint})
          </Text>
        ) : null}
      </Text>
      <Text fz={24} fw={700} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}
