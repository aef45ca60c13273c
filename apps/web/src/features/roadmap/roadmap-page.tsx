import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ActionIcon, Badge, Button, CloseButton, Group, Loader, Paper, Table, Text, TextInput, Tooltip, UnstyledButton } from '@mantine/core';
import { includes } from '@pos/domain';
import { PageHeading } from '../../components/page-heading';
import { trpc } from '../../lib/trpc';
import { useSession } from '../../lib/use-session';
import { toDisplayDate } from './roadmap-dates';
import { RoadmapDeleteModal } from './roadmap-delete-modal';
import { NOT_COMPLETED, STATUS_LABELS, toRoadmapRow, type RoadmapRow } from './roadmap-entry';
import { filterEntries } from './roadmap-filter';
import { PencilIcon, PlusIcon, SearchIcon, SortIcon, TrashIcon } from '../../components/icons';
import { DEFAULT_SORT, nextSort, sortEntries, type RoadmapSort, type SortColumn } from './roadmap-sort';

// Only the store owner edits: the dialog and its date pickers load apart from the table.
const RoadmapEntryDialog = lazy(() => import('./roadmap-entry-dialog').then((m) => ({ default: m.RoadmapEntryDialog })));

type LoadState = 'loading' | 'loaded' | 'failed';

/**
 * The roadmap list. /roadmap/roadmap is one mutation for every action, so the list is a
 * mutation too: called once on opening and again after each save or delete.
 * Failures are logged only and an answer without success changes nothing.
 */
function useRoadmapList() {
  const [rows, setRows] = useState<RoadmapRow[]>([]);
  const [state, setState] = useState<LoadState>('loading');
  const { mutateAsync } = trpc.roadmap.roadmap.useMutation();
  // Only the newest call's answer is shown, should two overlap.
  const latest = useRef(0);

  const reload = useCallback(async () => {
    const call = ++latest.current;
    try {
      const answer = await mutateAsync({ action: 'list' });
      if (call !== latest.current) return;
      if (answer.success && answer.entries) {
        setRows(answer.entries.map(toRoadmapRow));
        setState('loaded');
      } else {
        setState((s) => (s === 'loading' ? 'failed' : s));
      }
    } catch (err) {
      console.error('Roadmap: failed to load entries', err);
      if (call === latest.current) setState((s) => (s === 'loading' ? 'failed' : s));
    }
  }, [mutateAsync]);

  // Once on opening (the ref also keeps React's development double effect to one call).
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void reload();
  }, [reload]);

  return { rows, state, reload };
}

/** The Roadmap screen: everyone views, filters and sorts; the store owner edits. */
export function RoadmapPage() {
  const { currentRole } = useSession();
  const isOwner = currentRole !== null && includes(currentRole.role, 'STORE_OWNER');
  const { rows, state, reload } = useRoadmapList();
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<RoadmapSort>(DEFAULT_SORT);

  const [dialog, setDialog] = useState<{ opened: boolean; entry: RoadmapRow | null; key: number }>({ opened: false, entry: null, key: 0 });
  const openDialog = (entry: RoadmapRow | null) => setDialog((d) => ({ opened: true, entry, key: d.key + 1 }));
  const closeDialog = () => setDialog((d) => ({ ...d, opened: false }));

  const [toDelete, setToDelete] = useState<{ opened: boolean; entry: RoadmapRow | null }>({ opened: false, entry: null });
  const remove = trpc.roadmap.roadmap.useMutation();
  const closeDelete = () => setToDelete((d) => ({ ...d, opened: false }));
  const confirmDelete = async () => {
    const entry = toDelete.entry;
    if (!entry) return;
    try {
      const answer = await remove.mutateAsync({ action: 'delete', id: entry.id });
      if (!answer.success) return;
      closeDelete();
      void reload();
    } catch (err) {
      console.error('Roadmap: failed to delete the entry', err);
    }
  };

  const shown = useMemo(() => sortEntries(filterEntries(rows, filter), sort), [rows, filter, sort]);
  const columns = isOwner ? 7 : 6;

  return (
    <>
      <PageHeading>Development Roadmap</PageHeading>
      <Group justify="space-between" align="flex-end" mb="md" gap="sm">
        <TextInput
          aria-label="Filter entries"
          placeholder="Filter entries"
          name="filter"
          leftSection={<SearchIcon size={16} />}
          rightSection={filter ? <CloseButton size="sm" aria-label="Clear filter" onClick={() => setFilter('')} /> : null}
          value={filter}
          onChange={(e) => setFilter(e.currentTarget.value)}
          w={{ base: '100%', sm: 360 }}
        />
        {isOwner ? (
          <Button leftSection={<PlusIcon size={16} />} onClick={() => openDialog(null)}>
            Add New Entry
          </Button>
        ) : null}
      </Group>

      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={isOwner ? 900 : 800}>
          <Table verticalSpacing="sm" horizontalSpacing="sm" striped highlightOnHover aria-label="Roadmap entries" aria-busy={state === 'loading'} data-stack>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Title</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th>Requestor</Table.Th>
                <SortableTh column="estimatedCompletion" label="Estimated Completion" sort={sort} onSort={(c) => setSort((s) => nextSort(s, c))} />
                <SortableTh column="actualCompletion" label="Actual Completion" sort={sort} onSort={(c) => setSort((s) => nextSort(s, c))} />
                <Table.Th>Status</Table.Th>
                {isOwner ? <Table.Th w={96}>Actions</Table.Th> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {state === 'loading' ? (
                <Table.Tr>
                  <Table.Td colSpan={columns}>
                    <Group gap="sm" justify="center" py="md">
                      <Loader size="sm" />
                      <Text c="dimmed">Loading roadmap...</Text>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ) : shown.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={columns}>
                    <Text c="dimmed" ta="center" py="md">
                      {rows.length > 0 ? 'No entries match the filter.' : 'No roadmap entries to show.'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                shown.map((row) => (
                  <Table.Tr key={row.id} data-entry-id={row.id}>
                    <Table.Td fw={500} miw={120} style={{ overflowWrap: 'break-word' }} data-label="Title">
                      {row.title}
                    </Table.Td>
                    <Table.Td maw={360} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'break-word' }} data-label="Description">
                      {row.description}
                    </Table.Td>
                    <Table.Td data-label="Requestor">{row.requestor ?? ''}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }} data-label="Estimated Completion">
                      {toDisplayDate(row.estimatedCompletion)}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }} data-label="Actual Completion">
                      {row.actualCompletion ? toDisplayDate(row.actualCompletion) : <Text span c="dimmed" size="sm">{NOT_COMPLETED}</Text>}
                    </Table.Td>
                    <Table.Td data-label="Status">
                      <Badge variant="light" color={row.status === 'completed' ? 'green' : 'blue'} tt="none" size="md" styles={{ label: { overflow: 'visible' } }}>
                        {STATUS_LABELS[row.status]}
                      </Badge>
                    </Table.Td>
                    {isOwner ? (
                      <Table.Td data-label="Actions">
                        <Group gap={4} wrap="nowrap">
                          <Tooltip label="Edit" withArrow>
                            <ActionIcon variant="subtle" aria-label={`Edit ${row.title}`} onClick={() => openDialog(row)}>
                              <PencilIcon />
                            </ActionIcon>
                          </Tooltip>
                          <Tooltip label="Delete" withArrow>
                            <ActionIcon variant="subtle" color="red" aria-label={`Delete ${row.title}`} onClick={() => setToDelete({ opened: true, entry: row })}>
                              <TrashIcon />
                            </ActionIcon>
                          </Tooltip>
                        </Group>
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>

      {isOwner ? (
        <Suspense fallback={null}>
          <RoadmapEntryDialog
            opened={dialog.opened}
            entry={dialog.entry}
            formKey={dialog.key}
            onClose={closeDialog}
            onSaved={() => {
              closeDialog();
              void reload();
            }}
          />
          <RoadmapDeleteModal opened={toDelete.opened} entry={toDelete.entry} deleting={remove.isPending} onCancel={closeDelete} onConfirm={() => void confirmDelete()} />
        </Suspense>
      ) : null}
    </>
  );
}

function SortableTh({ column, label, sort, onSort }: { column: SortColumn; label: string; sort: RoadmapSort; onSort: (column: SortColumn) => void }) {
  const active = sort.column === column;
  const direction = active ? sort.direction : null;
  return (
    <Table.Th aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'} data-sort-column={column} style={{ whiteSpace: 'nowrap' }}>
      <UnstyledButton onClick={() => onSort(column)} fw={700} fz="sm" style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
        {label}
        <SortIcon direction={direction} />
      </UnstyledButton>
    </Table.Th>
  );
}
