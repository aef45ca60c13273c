/**
 * The checkout panel's payments: one row per payment, its method (each method's fees
 * and minimum in its label, with its key), its amount (cash: what is tendered), its
 * customer fee and its change, and a remove button. The figures are the domain's plan
 * (checkout-state.ts); what a change does is the panel's (checkout-panel.tsx).
 */
import type { ReactNode } from 'react';
import { ActionIcon, Box, NativeSelect, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { formatMoney } from '@pos/domain';
import { TrashIcon } from '../../components/icons';
import { methodOptionLabel, type CheckoutMethod, type CheckoutValues, type methodKeys, type previewCheckout } from './checkout-state';
import classes from './checkout-panel.module.css';

export interface PaymentRowsProps {
  rows: CheckoutValues['payments'];
  preview: ReturnType<typeof previewCheckout>;
  methods: readonly CheckoutMethod[];
  /** Each method's key (F2, F3, ...). */
  keys: ReturnType<typeof methodKeys>;
  total: bigint;
  busy: boolean;
  /** The message shown under a row's amount, or null. */
  rowError: (index: number, rowKey: string) => ReactNode;
  onMethod: (index: number, methodId: number) => void;
  onAmount: (index: number, rowKey: string, text: string) => void;
  /** The amount box was left, with the text it held. */
  onAmountLeft: (index: number, rowKey: string, typed: string) => void;
  onRemove: (index: number) => void;
}

export function PaymentRows({ rows, preview, methods, keys, total, busy, rowError, onMethod, onAmount, onAmountLeft, onRemove }: PaymentRowsProps) {
  const plan = preview.plan;
  return (
    <Box className={classes.payments}>
      <Table verticalSpacing={6} aria-label="Payments" data-testid="payment-rows" layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="45%">Method</Table.Th>
            <Table.Th w="22%">Amount</Table.Th>
            <Table.Th ta="right">Customer Fee</Table.Th>
            <Table.Th ta="right">Change</Table.Th>
            <Table.Th w={48}>
              <VisuallyHidden>Remove</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={5}>
                <Text size="sm" data-testid="nothing-to-pay">
                  {total === 0n
                    ? 'Nothing to pay: the total is $0.00.'
                    : preview.handBack > 0n
                      ? `Nothing to pay: Complete Sale hands ${formatMoney(preview.handBack)} back in Cash.`
                      : 'No payment yet: Add Payment.'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : null}
          {rows.map((row, index) => {
            const tender = plan.tenders[index];
            const method = tender?.method;
            const error = rowError(index, row.key);
            return (
              <Table.Tr key={row.key} data-payment-key={row.key} data-method={method?.name}>
                <Table.Td className={classes.method}>
                  <NativeSelect
                    size="md"
                    aria-label={`Payment ${index + 1}: method`}
                    name={`payments.${index}.paymentMethodId`}
                    data={methods.map((m) => ({ value: String(m.id), label: methodOptionLabel(m, keys.get(m.id)) }))}
                    value={String(row.paymentMethodId)}
                    disabled={busy}
                    onChange={(event) => onMethod(index, Number(event.currentTarget.value))}
                  />
                </Table.Td>
                <Table.Td className={classes.amount}>
                  <TextInput
                    size="md"
                    aria-label={`Payment ${index + 1}: ${method?.isCash ? 'cash tendered' : 'amount'}`}
                    name={`payments.${index}.amount`}
                    data-field="amount"
                    data-path={`payments.${index}.amountText`}
                    leftSection="$"
                    inputMode="decimal"
                    autoComplete="off"
                    value={row.amountText}
                    disabled={busy}
                    error={error ?? undefined}
                    onFocus={(event) => event.currentTarget.select()}
                    onChange={(event) => onAmount(index, row.key, event.currentTarget.value)}
                    onBlur={() => onAmountLeft(index, row.key, row.amountText)}
                  />
                </Table.Td>
                <Table.Td ta="right" className={classes.fee} data-label="Customer Fee" style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="payment-fee">
                  {tender && !tender.method.isCash ? formatMoney(tender.customerFee) : '—'}
                </Table.Td>
                <Table.Td ta="right" className={classes.change} data-label="Change" style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="payment-change">
                  {tender?.method.isCash ? formatMoney(tender.change) : '—'}
                </Table.Td>
                <Table.Td className={classes.remove}>
                  <ActionIcon
                    size="xl"
                    variant="subtle"
                    color="gray"
                    aria-label={`Remove payment ${index + 1}`}
                    title="Remove this payment (Ctrl+Delete)"
                    disabled={busy || rows.length === 1}
                    onClick={() => onRemove(index)}
                  >
                    <TrashIcon size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
