/**
 * Intake of a delivery: a keyboard grid (item code, description, price, quantity; Enter
 * in a row's last box adds a row and moves there), the code's vendor shown once the code
 * resolves (/item/scan), or a CSV file read into the same rows with a preview. Every row
 * is checked with the server's schema before the save; the save is one /item/import, all
 * rows or none, and hands the new items to the tag printer. The vendor portal opens the
 * same grid with its own save (/portal/item/add) and names only the vendor's own codes.
 * On a narrow screen (a phone) each row is a card of its own with the boxes stacked and
 * labelled, so nothing scrolls sideways; the keys and the rows are the same.
 */
import { useRef, useState, type KeyboardEvent } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import { Alert, Button, FileButton, Group, Modal, Paper, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { errorMessage } from '../../lib/errors';
import { notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { BLANK_ROW, checkRows, rowIsBlank, rowsFromCsv, type IntakeRow } from './item-rows';

const FIELDS = ['itemCode', 'description', 'price', 'quantity'] as const;
const FIELD_LABELS = { itemCode: 'Item Code', description: 'Description', price: 'Price', quantity: 'Qty' } as const;
/** The phone's keyboard for each box. */
const INPUT_MODES = { itemCode: 'text', description: 'text', price: 'decimal', quantity: 'numeric' } as const;

/** Saves every row, all or none; answers the message to show and the new items. */
export type SaveRows = (rows: ReturnType<typeof checkRows>[number]['input'][]) => Promise<{ message: string; items: { id: number }[] }>;

interface IntakeDialogProps {
  opened: boolean;
  onClose: () => void;
  onSaved: (itemIds: number[]) => void;
  /** The save of the vendor portal; the store's /item/import when absent. */
  save?: SaveRows;
  /** Whose a code is, as shown beside its row; the store's /item/scan when absent. */
  nameCode?: (tag: string) => Promise<string>;
}

export function IntakeDialog({ opened, onClose, onSaved, save: saveRows, nameCode }: IntakeDialogProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  const [rows, setRows] = useState<IntakeRow[]>([{ ...BLANK_ROW }]);
  const [vendors, setVendors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const grid = useRef<HTMLDivElement>(null);
  const utils = trpc.useUtils();
  const importItems = trpc.item.import.useMutation();
  const [saving, setSaving] = useState(false);

  const filled = rows.filter((r) => !rowIsBlank(r));
  const checked = checkRows(filled);
  const errors = checked.filter((c) => c.error !== null);

  const setField = (i: number, field: keyof IntakeRow, value: string) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, [field]: value } : r)));

  /** Names the vendor of a code as soon as it is left. */
  const resolve = async (code: string) => {
    const tag = code.trim();
    if (tag === '' || vendors[tag.toLowerCase()] !== undefined) return;
    try {
      const name = nameCode ? await nameCode(tag) : await storeCodeName(tag);
      setVendors((v) => ({ ...v, [tag.toLowerCase()]: name }));
    } catch {
      setVendors((v) => ({ ...v, [tag.toLowerCase()]: 'Unknown item code' }));
    }
  };

  const storeCodeName = async (tag: string) => {
    const answer = await utils.scan.code.fetch({ code: tag });
    return answer.kind === 'ITEM_CODE' ? (answer.vendor?.tradeName ?? 'The store') : 'Not an item code';
  };

  const focus = (row: number, field: (typeof FIELDS)[number]) =>
    requestAnimationFrame(() => grid.current?.querySelector<HTMLInputElement>(`input[data-row="${row}"][data-field="${field}"]`)?.focus());

  const onKeyDown = (i: number, field: (typeof FIELDS)[number]) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const at = FIELDS.indexOf(field);
    if (at < FIELDS.length - 1) return focus(i, FIELDS[at + 1]!);
    if (i === rows.length - 1) setRows((rs) => [...rs, { ...BLANK_ROW, itemCode: rs[i]?.itemCode ?? '' }]);
    focus(i + 1, 'description');
  };

  const reset = () => {
    setRows([{ ...BLANK_ROW }]);
    setProblem(null);
    setShowErrors(false);
  };

  const save = async () => {
    setShowErrors(true);
    if (filled.length === 0 || errors.length > 0) return;
    setSaving(true);
    try {
      const rows = checked.map((c) => c.input);
      const answer = saveRows ? await saveRows(rows) : await importItems.mutateAsync({ rows });
      notifySuccess(answer.message);
      reset();
      onSaved(answer.items.map((i) => i.id));
    } catch (err) {
      setProblem(errorMessage(err, 'Could not save the items'));
    } finally {
      setSaving(false);
    }
  };

  const readFile = async (file: File | null) => {
    if (!file) return;
    const { rows: read, problem: bad } = rowsFromCsv(await file.text());
    setProblem(bad);
    if (bad) return;
    setRows(read.length > 0 ? read : [{ ...BLANK_ROW }]);
    setShowErrors(true);
    for (const code of new Set(read.map((r) => r.itemCode))) void resolve(code);
  };

  const errorOf = (i: number) => {
    if (!showErrors || rowIsBlank(rows[i]!)) return null;
    const n = rows.slice(0, i + 1).filter((r) => !rowIsBlank(r)).length;
    return checked[n - 1]?.error ?? null;
  };

  /** Row i's box for `field`; on a phone with its label shown above it. */
  const box = (i: number, field: (typeof FIELDS)[number]) => {
    const row = rows[i]!;
    return (
      <TextInput
        size={phone ? 'md' : 'xs'}
        label={phone ? FIELD_LABELS[field] : undefined}
        aria-label={`Row ${i + 1} ${FIELD_LABELS[field]}`}
        inputMode={INPUT_MODES[field]}
        data-row={i}
        data-field={field}
        value={row[field]}
        error={field === 'price' && errorOf(i) ? true : undefined}
        onChange={(e) => setField(i, field, e.currentTarget.value)}
        onBlur={field === 'itemCode' ? () => void resolve(row.itemCode) : undefined}
        onKeyDown={onKeyDown(i, field)}
      />
    );
  };

  /** Whose row i's code is. */
  const vendorOf = (i: number) => {
    const code = rows[i]!.itemCode.trim().toLowerCase();
    return (
      <Text size="xs" c={vendors[code]?.startsWith('Unknown') ? 'red' : undefined} data-testid={`intake-vendor-${i + 1}`}>
        {code ? (vendors[code] ?? '…') : ''}
      </Text>
    );
  };

  /** What is wrong with row i, once the rows are checked. */
  const errorText = (i: number) => {
    const error = errorOf(i);
    return error ? (
      <Text size="xs" c="red">
        {error}
      </Text>
    ) : null;
  };

  const cards = (
    <Stack gap="xs">
      {rows.map((_row, i) => (
        <Paper key={i} withBorder p="xs" data-intake-row={i + 1} data-error={errorOf(i) ? '' : undefined} aria-label={`Row ${i + 1}`} role="group">
          <Stack gap={6}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" fw={600}>
                Row {i + 1}
              </Text>
              {vendorOf(i)}
            </Group>
            {box(i, 'itemCode')}
            {box(i, 'description')}
            <SimpleGrid cols={2} spacing="xs">
              {box(i, 'price')}
              {box(i, 'quantity')}
            </SimpleGrid>
            {errorText(i)}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );

  const table = (
    <Table aria-label="Intake rows" verticalSpacing={4}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={40}>#</Table.Th>
          {FIELDS.map((f) => (
            <Table.Th key={f}>{FIELD_LABELS[f]}</Table.Th>
          ))}
          <Table.Th>Vendor</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((_row, i) => (
          <Table.Tr key={i} data-intake-row={i + 1} data-error={errorOf(i) ? '' : undefined}>
            <Table.Td>{i + 1}</Table.Td>
            {FIELDS.map((f) => (
              <Table.Td key={f} w={f === 'description' ? undefined : f === 'quantity' ? 70 : 120}>
                {box(i, f)}
              </Table.Td>
            ))}
            <Table.Td>
              {vendorOf(i)}
              {errorText(i)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );

  return (
    <Modal opened={opened} onClose={onClose} title="Intake" size="xl" fullScreen={phone}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            Type a row and press Enter to go on; the last box's Enter adds a row.
          </Text>
          <FileButton accept=".csv,text/csv" onChange={(f) => void readFile(f)}>
            {(props) => (
              <Button variant="default" size="xs" {...props}>
                Import CSV…
              </Button>
            )}
          </FileButton>
        </Group>
        {problem ? (
          <Alert color="red" title="Nothing was saved" data-testid="intake-problem">
            {problem}
          </Alert>
        ) : null}
        {showErrors && errors.length > 0 ? (
          <Alert color="red" title={`${errors.length} ${errors.length === 1 ? 'row needs' : 'rows need'} fixing; nothing is saved until every row is right`} data-testid="intake-errors">
            {errors.slice(0, 5).map((e) => (
              <Text key={e.n} size="sm">
                {e.error}
              </Text>
            ))}
          </Alert>
        ) : null}
        <div ref={grid}>
          {phone ? (
            cards
          ) : (
            <Table.ScrollContainer minWidth={560} type="native">
              {table}
            </Table.ScrollContainer>
          )}
        </div>
        <Group justify="space-between" gap="sm">
          <Button variant="default" size="xs" onClick={() => setRows((rs) => [...rs, { ...BLANK_ROW }])}>
            Add row
          </Button>
          <Group>
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button loading={saving} disabled={filled.length === 0} onClick={() => void save()}>
              Save {filled.length} {filled.length === 1 ? 'item' : 'items'}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
