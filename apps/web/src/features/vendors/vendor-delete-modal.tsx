/**
 * Deleting a vendor asks first, in a dialog: 'Are you sure you want to delete vendor
 * "{tradeName}"?' with Cancel and Delete. A vendor whose balance is not zero cannot be
 * deleted or archived: the dialog says so (the server's words, vendorDeleteProblem of
 * packages/domain) and offers no Delete. `vendor` stays set while the dialog fades out.
 */
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { fromWire, type Vendor } from '@pos/contracts';
import { vendorDeleteConfirmMessage, vendorDeleteProblem } from '@pos/domain';

export function VendorDeleteModal({
  opened,
  vendor,
  deleting,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  vendor: Vendor | null;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const problem = vendor ? vendorDeleteProblem(fromWire(vendor.outstandingStatementBalance)) : null;
  return (
    <Modal opened={opened} onClose={deleting ? () => undefined : onCancel} title="Delete Vendor" centered>
      {vendor ? (
        <Stack gap="md" data-testid="vendor-delete-confirmation">
          {problem ? (
            <Alert color="red" variant="light" role="alert" title="This vendor cannot be deleted" data-testid="vendor-delete-problem">
              {problem}
            </Alert>
          ) : (
            <>
              <Text style={{ overflowWrap: 'anywhere' }}>{vendorDeleteConfirmMessage(vendor.tradeName)}</Text>
              <Text size="sm" c="dimmed">
                A vendor whose item codes were sold, or who has account entries, is archived: hidden, with its history and accounts kept.
              </Text>
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} disabled={deleting} data-autofocus>
              {problem ? 'Close' : 'Cancel'}
            </Button>
            {problem ? null : (
              <Button color="red" onClick={onConfirm} loading={deleting}>
                Delete
              </Button>
            )}
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
