import { Paper, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

export interface Counter {
  label: string;
  /** Display text; null while it loads (a skeleton stands in). */
  value: string | null;
  /** What the figure is, in a line (whether tax is in, net of what). */
  note?: string;
  /** The screen that lists what the card counts: the card links there. */
  to?: { path: string; search?: Record<string, string> };
}

/** A dashboard panel: a title and one card per counter, each a link to what it counts. */
export function StatGrid({ title, counters }: { title: string; counters: readonly Counter[] }) {
  const loading = counters.some((c) => c.value === null);
  return (
    <section aria-label={title} aria-busy={loading}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: Math.min(counters.length, 4) }} spacing="md">
        {counters.map((c) => {
          const body = (
            <>
              <Text size="sm" c="dimmed" fw={500}>
                {c.label}
              </Text>
              {c.value === null ? (
                <Skeleton height={28} width="60%" mt={6} mb={2} radius="sm" data-testid="dashboard-counter-loading" />
              ) : (
                <Text fz={28} fw={700} mt={4} lh={1.2} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="dashboard-counter-value">
                  {c.value}
                </Text>
              )}
              {c.note ? (
                <Text size="xs" c="dimmed" mt={4} data-testid="dashboard-counter-note">
                  {c.note}
                </Text>
              ) : null}
            </>
          );
          return c.to ? (
            <Paper
              key={c.label}
              withBorder
              radius="md"
              p="md"
              data-testid="dashboard-counter"
              component={Link}
              to={c.to.path}
              // Paths and searches are the routes' own (checked by the e2e links test).
              search={(c.to.search ?? {}) as never}
              style={{ color: 'inherit', textDecoration: 'none', display: 'block' }}
              className="dashboard-card-link"
            >
              {body}
            </Paper>
          ) : (
            <Paper key={c.label} withBorder radius="md" p="md" data-testid="dashboard-counter">
              {body}
            </Paper>
          );
        })}
      </SimpleGrid>
    </section>
  );
}
