/**
 * The period and account controls of a portal screen: the account when the vendor has a
 * separate-statement one, From and To with their presets, and the screen's own controls
 * after them. Wraps onto lines of its own on a phone.
 */
import type { ReactNode } from 'react';
import { Group, Paper, Select } from '@mantine/core';
import { PeriodFields } from '../vendor-accounts/period-fields';

export interface AccountChoice {
  options: { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
}

export function PortalPeriod({
  from,
  to,
  today,
  onPeriod,
  account,
  trailing,
}: {
  from: string | undefined;
  to: string | undefined;
  today: string | null;
  onPeriod: (from: string, to: string) => void;
  account: AccountChoice;
  trailing?: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" mb="md">
      <Group align="flex-end" gap="sm">
        <AccountSelect {...account} />
        <PeriodFields from={from} to={to} today={today} onPeriod={onPeriod} />
        {trailing}
      </Group>
    </Paper>
  );
}

/** The account box, shown only when there is more than one account to choose from. */
export function AccountSelect({ options, value, onChange }: AccountChoice) {
  if (options.length === 0) return null;
  return <Select label="Account" name="account" w={200} data={options} value={value} allowDeselect={false} onChange={(v) => v && onChange(v)} />;
}
