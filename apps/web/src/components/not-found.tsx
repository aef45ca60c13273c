import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

export function NotFound() {
  return (
    <Stack p="xl" gap="sm">
      <Title order={2}>Page not found</Title>
      <Text c="dimmed">There is no page at this address.</Text>
      <Anchor component={Link} to="/dashboard">
        Go to the dashboard
      </Anchor>
    </Stack>
  );
}
