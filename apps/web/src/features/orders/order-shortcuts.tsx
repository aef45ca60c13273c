/**
 * The till's keyboard shortcuts, listed in one dialog: opened with `?` anywhere on the
 * Orders page (except while typing in a box) or with the Keyboard shortcuts button. The
 * payment panel's method keys come from checkout-state.ts (F5 is left to the browser).
 */
import { Fragment } from 'react';
import { Kbd, Modal, Table, Text } from '@mantine/core';
import { CASH_KEY, OTHER_METHOD_KEYS } from './checkout-state';

interface Shortcut {
  /** Alternatives; each one is keys pressed together. */
  keys: readonly (readonly string[])[];
  what: string;
}

export const ORDER_SHORTCUTS: readonly Shortcut[] = [
  { keys: [['Alt', 'N']], what: 'Start a new order' },
  { keys: [['Enter']], what: 'In Customer Name: go to the first line' },
  { keys: [['Enter']], what: 'In Item Code (what a barcode scanner presses): add the scanned item and go to the next line' },
  { keys: [['Tab'], ['Shift', 'Tab']], what: 'Go to the next or the previous box' },
  { keys: [['Tab']], what: 'Past the last box of the last line: start a new line' },
  { keys: [['↑'], ['↓']], what: 'Go to the same box in the line above or below' },
  { keys: [['Space']], what: 'Switch a tax on or off' },
  { keys: [['Ctrl', 'Delete']], what: 'Remove the line being edited' },
  { keys: [['Ctrl', 'Enter']], what: 'Submit Order: open the payment panel' },
  { keys: [[CASH_KEY]], what: 'Payment panel: pay the payment being edited by Cash' },
  {
    keys: OTHER_METHOD_KEYS.slice(0, 2).map((key) => [key]),
    what: `Payment panel: pay it by the first or the second other method (Card, ...); ${OTHER_METHOD_KEYS.slice(2).join(', ')} the next ones, as the panel shows`,
  },
  { keys: [['Enter']], what: 'Payment panel: complete the sale, or add a payment for what is left to pay' },
  { keys: [['Alt', 'P']], what: 'Payment panel: add a payment' },
  { keys: [['Ctrl', 'Delete']], what: 'Payment panel: remove the payment being edited' },
  { keys: [['Escape']], what: 'Payment panel: back to the lines' },
  { keys: [['Delete']], what: 'On an order tab: close it (a draft is kept)' },
  { keys: [['Enter']], what: 'On an order found by the lookup: open it' },
  { keys: [['?']], what: 'Show this list' },
];

/** True when a key typed into `target` is text, so `?` must not open the list there. */
export function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type);
}

/** `?` pressed outside a text box, without Ctrl, Alt or ⌘. */
export function isHelpKey(event: KeyboardEvent): boolean {
  return event.key === '?' && !event.ctrlKey && !event.altKey && !event.metaKey && !isTextEntry(event.target);
}

function Keys({ keys }: { keys: readonly string[] }) {
  return (
    <>
      {keys.map((key, i) => (
        <Fragment key={key}>
          {i > 0 ? ' + ' : null}
          <Kbd>{key}</Kbd>
        </Fragment>
      ))}
    </>
  );
}

export function OrderShortcutsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Keyboard shortcuts" size="lg">
      <Text size="sm" c="dimmed" mb="sm">
        Everything at the till works without the mouse.
      </Text>
      <Table verticalSpacing={6} aria-label="Keyboard shortcuts">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={170}>Keys</Table.Th>
            <Table.Th>Does</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ORDER_SHORTCUTS.map((shortcut) => (
            <Table.Tr key={shortcut.what}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {shortcut.keys.map((keys, i) => (
                  <Fragment key={keys.join('+')}>
                    {i > 0 ? ' or ' : null}
                    <Keys keys={keys} />
                  </Fragment>
                ))}
              </Table.Td>
              <Table.Td>{shortcut.what}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
