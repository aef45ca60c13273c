import type { ReactNode } from 'react';
import { Paper, Text, Title } from '@mantine/core';

/** One titled card of the settings page (Order Settings, Commission Settings, ...). */
export function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={title}>
      <Title order={2} size="h4" mb={description ? 4 : 'md'}>
        {title}
      </Title>
      {description ? (
        <Text size="sm" c="dimmed" mb="md">
          {description}
        </Text>
      ) : null}
      {children}
    </Paper>
  );
}
