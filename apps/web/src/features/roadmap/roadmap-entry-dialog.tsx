import '@mantine/dates/styles.css';
import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import type { RoadmapStatus } from '@pos/contracts';
import { trpc } from '../../lib/trpc';
import { parseTypedDate } from './roadmap-dates';
import { EMPTY_FORM, formValuesOf, STATUS_OPTIONS, toEntryInput, validateForm, type RoadmapFormErrors, type RoadmapFormValues, type RoadmapRow } from './roadmap-entry';
import { CalendarIcon } from '../../components/icons';

/** The dialog shows the 'MMM d, yyyy' of the table ('Dec 1, 2026'), in dayjs tokens. */
const DATE_FORMAT = 'MMM D, YYYY';

const CALENDAR_LABELS = { nextLabel: 'Next month', previousLabel: 'Previous month' } as const;

/**
 * 'New Roadmap Entry' / 'Edit Roadmap Entry' (SPEC 2). Save failures are logged only
 * (SPEC 8): the dialog stays open with what was typed; an answer without success changes
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
  const [values, setValues] = useState<RoadmapFormValues>(() => (entry ? formValuesOf(entry) : EMPTY_FORM));
  const [errors, setErrors] = useState<RoadmapFormErrors>({});
  const save = trpc.roadmap.roadmap.useMutation();

  const set = <K extends keyof RoadmapFormValues>(key: K, value: RoadmapFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    // A field's message goes as soon as the field changes; the rest wait for the next submit.
    setErrors((current) => {
      if (!(key in current)) return current;
      const rest = { ...current };
      delete rest[key as keyof RoadmapFormErrors];
      return rest;
    });
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const found = validateForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const input = toEntryInput(values);
    try {
      const answer = await save.mutateAsync(entry ? { action: 'update', entry: { id: entry.id, ...input } } : { action: 'create', entry: input });
      if (answer.success) onSaved();
    } catch (err) {
      console.error('Roadmap: failed to save the entry', err);
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} aria-label={entry ? 'Edit Roadmap Entry' : 'New Roadmap Entry'} noValidate>
      <Stack gap="sm">
        <TextInput label="Title" name="title" withAsterisk data-autofocus value={values.title} error={errors.title} onChange={(e) => set('title', e.currentTarget.value)} />
        <Textarea
          label="Description"
          name="description"
          withAsterisk
          rows={3}
          value={values.description}
          error={errors.description}
          onChange={(e) => set('description', e.currentTarget.value)}
        />
        <TextInput label="Requestor" name="requestor" value={values.requestor} onChange={(e) => set('requestor', e.currentTarget.value)} />
        <Group grow align="flex-start">
          <DateInput
            label="Estimated Completion"
            name="estimatedCompletion"
            withAsterisk
            placeholder="Pick a date"
            valueFormat={DATE_FORMAT}
            dateParser={parseTypedDate}
            {...CALENDAR_LABELS}
            highlightToday
            leftSection={<CalendarIcon size={16} />}
            value={values.estimatedCompletion}
            error={errors.estimatedCompletion}
            onChange={(v) => set('estimatedCompletion', v)}
          />
          <DateInput
            label="Actual Completion"
            name="actualCompletion"
            placeholder="Not completed"
            valueFormat={DATE_FORMAT}
            dateParser={parseTypedDate}
            {...CALENDAR_LABELS}
            highlightToday
            leftSection={<CalendarIcon size={16} />}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear date' }}
            value={values.actualCompletion}
            onChange={(v) => set('actualCompletion', v)}
          />
        </Group>
        <Select
          label="Status"
          name="status"
          data={STATUS_OPTIONS}
          value={values.status}
          allowDeselect={false}
          onChange={(v) => {
            if (v) set('status', v as RoadmapStatus);
          }}
        />
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
