import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { InventoryItem } from '@pos/contracts';

/**
 * Archiving asks first. The item leaves the list and the counters; its movements and the
 * orders that sold it keep their history. `item` stays set while the modal fades out.
 */
export function InventoryArchiveModal({
  opened,
  item,
  archiving,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  item: InventoryItem | null;
  archiving: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal opened={opened} onClose={archiving ? () => undefined : onCancel} title="Archive Item" centered>
      {item ? (
        <Stack gap="md" data-testid="inventory-archive-confirmation">
          <Text style={{ overflowWrap: 'anywhere' }}>
            Are you sure you want to archive <strong>{item.sku}</strong>
            {item.description ? ` (${item.description})` : ''}?
          </Text>
          <Text size="sm" c="dimmed">
            It will no longer be listed or counted; its history is kept.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} disabled={archiving} data-autofocus>
              Cancel
            </Button>
            <Button color="red" onClick={onConfirm} loading={archiving}>
              Archive
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
