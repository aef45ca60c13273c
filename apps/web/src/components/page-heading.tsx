import { Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The heading every screen starts with (the top bar holds the page title as text). */
export function PageHeading({ children }: { children: ReactNode }) {
  return (
    <Title order={2} mb="md">
      {children}
    </Title>
  );
}
