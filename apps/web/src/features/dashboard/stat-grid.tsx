import { Paper, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';

export interface Counter {
  label: string;
  /** Display text; null while it loads (a skeleton stands in). */
  value: string | null;
}

/** A dashboard panel: a title and one card per counter. */
export function StatGrid({ title, counters }: { title: string; counters: readonly Counter[] }) {
  const loading = counters.some((c) => c.value === null);
  return (
    <section aria-label={title} aria-busy={loading}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: Math.min(counters.length, 4) }} spacing="md">
        {counters.map((c) => (
          <Paper key={c.label} withBorder radius="md" p="md" data-testid="dashboard-counter">
            <Text size="sm" c="dimmed" fw={500}>
              {c.label}
            </Text>
            {c.value === null ? (
              <Skeleton height={28} width="60%" mt={6} mb={2} radius="sm" data-testid="dashboard-counter-loading" />
            ) : (
              <Text fz={28} fw={700} mt={4} lh={1.2} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {c.value}
              </Text>
            )}
          </Paper>
        ))}
      </SimpleGrid>
    </section>
  );
}
