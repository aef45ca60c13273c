import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { STATUS_LABELS, type RoadmapRow } from './roadmap-entry';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/**
 * Deleting asks first, listing title, description, requestor if present, and
 * status. `entry` stays set while the modal closes, so its text does not vanish mid-fade.
 */
export function RoadmapDeleteModal({
  opened,
  entry,
  deleting,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  entry: RoadmapRow | null;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onCancel} title="Delete Roadmap Entry" centered>
      {entry ? (
        <Stack gap="md" data-testid="roadmap-delete-confirmation">
          <Text>Are you sure you want to delete this roadmap entry?</Text>
          <Stack gap="xs" p="sm" bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
            <Field label="Title">{entry.title}</Field>
            <Field label="Description">{entry.description}</Field>
            {entry.requestor ? <Field label="Requestor">{entry.requestor}</Field> : null}
            <Field label="Status">{STATUS_LABELS[entry.status]}</Field>
          </Stack>
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} disabled={deleting} data-autofocus>
              Cancel
            </Button>
            <Button color="red" onClick={onConfirm} loading={deleting}>
              Delete
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
