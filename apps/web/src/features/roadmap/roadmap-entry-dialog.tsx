import { Button, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { trpc } from '../../lib/trpc';
import { EMPTY_FORM, formValuesOf, STATUS_OPTIONS, toEntryInput, validateForm, type RoadmapEntryRequest, type RoadmapFormValues, type RoadmapRow } from './roadmap-entry';
import { DayInput } from '../../components/day-input';

/**
 * 'New Roadmap Entry' / 'Edit Roadmap Entry'. Save failures are logged only, with no
 * message: the dialog stays open with what was typed; an answer without success changes
 * nothing. `entry` null means a new entry; it stays set while the dialog closes, and
 * `formKey` changes on every opening so the form starts from the entry's (or empty) values.
 */
export function RoadmapEntryDialog({
  opened,
  entry,
  formKey,
  onClose,
  onSaved,
}: {
  opened: boolean;
  entry: RoadmapRow | null;
  formKey: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={entry ? 'Edit Roadmap Entry' : 'New Roadmap Entry'} size="lg" centered>
      <EntryForm key={formKey} entry={entry} onClose={onClose} onSaved={onSaved} />
    </Modal>
  );
}

function EntryForm({ entry, onClose, onSaved }: { entry: RoadmapRow | null; onClose: () => void; onSaved: () => void }) {
  // A field's message goes as soon as the field changes; the rest wait for the next submit.
  const form = useForm<RoadmapFormValues, RoadmapEntryRequest>({
    initialValues: entry ? formValuesOf(entry) : EMPTY_FORM,
    validate: validateForm,
    transformValues: toEntryInput,
  });
  const save = trpc.roadmap.roadmap.useMutation();

  const submit = async (input: RoadmapEntryRequest) => {
    try {
      const answer = await save.mutateAsync(entry ? { action: 'update', entry: { id: entry.id, ...input } } : { action: 'create', entry: input });
      if (answer.success) onSaved();
    } catch (err) {
      console.error('Roadmap: failed to save the entry', err);
    }
  };

  return (
    <form onSubmit={form.onSubmit((input) => void submit(input))} aria-label={entry ? 'Edit Roadmap Entry' : 'New Roadmap Entry'} noValidate>
      <Stack gap="sm">
        <TextInput label="Title" name="title" withAsterisk data-autofocus {...form.getInputProps('title')} />
        <Textarea label="Description" name="description" withAsterisk rows={3} {...form.getInputProps('description')} />
        <TextInput label="Requestor" name="requestor" {...form.getInputProps('requestor')} />
        <Group grow align="flex-start">
          <DayInput label="Estimated Completion" name="estimatedCompletion" withAsterisk {...form.getInputProps('estimatedCompletion')} />
          <DayInput label="Actual Completion" name="actualCompletion" description="Empty while not completed" {...form.getInputProps('actualCompletion')} />
        </Group>
        <Select label="Status" name="status" data={STATUS_OPTIONS} allowDeselect={false} {...form.getInputProps('status')} />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {entry ? 'Update' : 'Create'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
