/**
 * Cancel Order: asks why (the reason is kept with the order) and cancels. Staff cancel a
 * draft; a manager cancels a PENDING order. A refusal keeps the reason typed and says why.
 */
import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ZCancelOrderInput } from '@pos/contracts';
import { requestResolver } from '../../lib/form-validation';
import { useIdempotencyKey } from '../../lib/idempotency';

export interface CancelOrderDialogProps {
  opened: boolean;
  orderId: number;
  orderNumber: string;
  onClose: () => void;
  /**
   * Cancels with the reason and the opening's idempotency key (sent again on a retry);
   * resolves with the server's message when it refused, else null.
   */
  onCancel: (reason: string, idempotencyKey: string) => Promise<string | null>;
}

export function CancelOrderDialog({ opened, orderId, orderNumber, onClose, onCancel }: CancelOrderDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Cancel Order ${orderNumber}`} centered>
      {opened ? <CancelForm orderId={orderId} onClose={onClose} onCancel={onCancel} /> : null}
    </Modal>
  );
}

function CancelForm({ orderId, onClose, onCancel }: Pick<CancelOrderDialogProps, 'orderId' | 'onClose' | 'onCancel'>) {
  const [busy, setBusy] = useState(false);
  const { key: idempotencyKey } = useIdempotencyKey();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm({
    initialValues: { reason: '' },
    validate: requestResolver(ZCancelOrderInput, (values: { reason: string }) => ({ orderId, reason: values.reason })),
  });
  const submit = async ({ reason }: { reason: string }) => {
    setBusy(true);
    setRefusal(null);
    const problem = await onCancel(reason.trim(), idempotencyKey);
    setBusy(false);
    if (problem === null) onClose();
    else setRefusal(problem);
  };
  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
      <Stack gap="sm">
        <Text size="sm">The order and its lines are kept, marked Cancelled, with the reason. Nothing is charged.</Text>
        <Textarea label="Reason" name="reason" required autosize minRows={2} maxLength={500} data-autofocus {...form.getInputProps('reason')} />
        {refusal ? (
          <Alert color="red" variant="light" role="alert">
            {refusal}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Keep Order
          </Button>
          <Button type="submit" color="red" loading={busy}>
            Cancel Order
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
