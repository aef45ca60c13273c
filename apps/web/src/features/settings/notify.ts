/**
 * The screen's notifications: the spec's message (SPEC 8) as the title of a failure,
 * with the server's reason beneath when it gave another one.
 */
import { notifications } from '@mantine/notifications';

export function notifySuccess(message: string) {
  notifications.show({ color: 'green', message });
}

export function notifyFailure(title: string, detail: string) {
  if (detail === title) notifications.show({ color: 'red', message: title, autoClose: 8_000 });
  else notifications.show({ color: 'red', title, message: detail, autoClose: 8_000 });
}
