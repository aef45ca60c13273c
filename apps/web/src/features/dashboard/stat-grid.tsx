import { Paper, SimpleGrid, Text, Title } from '@mantine/core';

export interface Counter {
  label: string;
  /** Display text; '—' while a counter has no source yet. */
  value: string;
}

export const NO_VALUE = '—';

/** A dashboard panel: a title and one card per counter. */
export function StatGrid({ title, counters }: { title: string; counters: readonly Counter[] }) {
  return (
    <section aria-label={title}>
      <Title order={3} size="h4" mb="sm">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: Math.min(counters.length, 4) }} spacing="md">
        {counters.map((c) => (
          <Paper key={c.label} withBorder radius="md" p="md" data-testid="dashboard-counter">
            <Text size="sm" c="dimmed" fw={500}>
              {c.label}
            </Text>
            <Text fz={28} fw={700} mt={4} lh={1.2}>
              {c.value}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </section>
  );
}
