import { Text } from '@mantine/core';
import { PageHeading } from './page-heading';

/** A screen a later issue builds: its heading until then. */
export function PlaceholderPage({ heading, note }: { heading: string; note?: string }) {
  return (
    <>
      <PageHeading>{heading}</PageHeading>
      {note ? <Text c="dimmed">{note}</Text> : null}
    </>
  );
}
