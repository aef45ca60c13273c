/**
 * A new store's set-up list on a manager's or an owner's dashboard: taxes, payment
 * methods, vendors and their item codes, staff; each step links to its screen and is
 * ticked once done (the server looks: /dashboard/setup). The list goes away when every
 * step is done.
 */
import { Anchor, Group, List, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { StoreSetup } from '@pos/contracts';
import { CheckIcon } from '../../components/icons';
import { trpc } from '../../lib/trpc';
import { DASHBOARD_QUERY_OPTIONS } from './dashboard-panel';

export const SETUP_STEPS: readonly { label: string; path: string; done: (s: StoreSetup) => boolean }[] = [
  { label: 'Turn on the taxes you charge', path: '/store/settings', done: (s) => s.taxes },
  { label: 'Add the payment methods you take', path: '/store/settings', done: (s) => s.paymentMethods },
  { label: 'Add your vendors and their item codes', path: '/store/vendors', done: (s) => s.vendors && s.itemCodes },
  { label: 'Add your staff', path: '/store/staff', done: (s) => s.staff },
];

export function SetupList() {
  const setup = trpc.dashboard.setup.useQuery(undefined, DASHBOARD_QUERY_OPTIONS);
  const data = setup.data;
  if (!data || SETUP_STEPS.every((step) => step.done(data))) return null;
  const done = SETUP_STEPS.filter((step) => step.done(data)).length;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label="Set up your store" data-testid="setup-list">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Set up your store
        </Title>
        <Text size="sm" c="dimmed">
          {done} of {SETUP_STEPS.length} done
        </Text>
      </Group>
      <List spacing="xs" listStyleType="none">
        {SETUP_STEPS.map((step) => {
          const isDone = step.done(data);
          return (
            <List.Item
              key={step.label}
              data-done={isDone}
              icon={
                <ThemeIcon size={22} radius="xl" color={isDone ? 'teal' : 'gray'} variant={isDone ? 'filled' : 'outline'} aria-label={isDone ? 'Done' : 'To do'}>
                  {isDone ? <CheckIcon size={14} /> : null}
                </ThemeIcon>
              }
            >
              <Anchor component={Link} to={step.path} td={isDone ? 'line-through' : undefined} c={isDone ? 'dimmed' : undefined}>
                {step.label}
              </Anchor>
            </List.Item>
          );
        })}
      </List>
    </Paper>
  );
}
