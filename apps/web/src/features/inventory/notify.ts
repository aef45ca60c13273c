/**
 * The inventory screen's notifications: a failure is titled with what failed and carries
 * the server's reason beneath (or just the one line when they are the same).
 */
import { notifications } from '@mantine/notifications';

export function notifySuccess(message: string) {
  notifications.show({ color: 'green', message });
}

export function notifyFailure(title: string, detail: string) {
  if (detail === title) notifications.show({ color: 'red', message: title, autoClose: 8_000 });
  else notifications.show({ color: 'red', title, message: detail, autoClose: 8_000 });
}
