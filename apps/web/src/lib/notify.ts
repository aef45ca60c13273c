/**
 * The screens' notifications. A failure is titled with what failed (the product's own
 * message, such as 'Failed to update store settings') and carries the server's reason
 * beneath, or is the one line when the two are the same.
 */
import { notifications } from '@mantine/notifications';

export function notifySuccess(message: string) {
  notifications.show({ color: 'green', message });
}

export function notifyFailure(title: string, detail: string) {
  if (detail === title) notifications.show({ color: 'red', message: title, autoClose: 8_000 });
  else notifications.show({ color: 'red', title, message: detail, autoClose: 8_000 });
}
