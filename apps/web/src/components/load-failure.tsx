/**
 * A list or page that could not be read: what failed, the server's reason (or an
 * invitation to try again), and a Try again button that reads it again.
 */
import { Alert, Button, Group, Text } from '@mantine/core';

export function LoadFailure({ title, detail, testId, retrying, onRetry }: { title: string; detail: string; testId: string; retrying: boolean; onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" role="alert" title={title} data-testid={testId}>
      <Group justify="space-between" gap="sm">
        <Text size="sm">{detail}</Text>
        <Button variant="default" size="xs" loading={retrying} onClick={onRetry}>
          Try again
        </Button>
      </Group>
    </Alert>
  );
}
