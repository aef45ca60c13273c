/**
 * A vendor account's balance: what the store owes the vendor, or, below zero, what the
 * vendor owes the store, shown in red and with its minus sign (the colour is never the
 * only sign), in tabular figures so columns of them line up.
 */
import { Text, type TextProps } from '@mantine/core';
import { formatMoney } from '@pos/domain';

export function Balance({ value, ...rest }: { value: bigint } & TextProps) {
  const negative = value < 0n;
  return (
    <Text
      span
      inherit
      c={negative ? 'red' : undefined}
      fw={negative ? 600 : undefined}
      data-negative={negative || undefined}
      style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      {...rest}
    >
      {formatMoney(value)}
    </Text>
  );
}
