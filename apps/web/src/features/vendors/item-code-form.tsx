/**
 * Adding or editing one item code (SPEC 2, 5): Tag, Warn on No Control Code, Default
 * Commission Percent, Receives Separate Statement, Proportional CC Fee and Monthly Rent
 * Deduction. The tag is checked with the domain's rule first; the server's refusal
 * (for example a tag already used in the store) is shown under the tag.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Checkbox, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ItemCode } from '@pos/contracts';
import { MESSAGES } from '@pos/domain';
import { PercentInput } from '../../components/decimal-input';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import {
  itemCodeFormValues,
  itemCodePayload,
  newItemCodeValues,
  RENT_OVERRIDE_OPTIONS,
  tagError,
  type ItemCodeFormValues,
  type RentOverride,
} from './item-code-values';

export function ItemCodeForm({ vendorId, code, storeDefault, onDone }: { vendorId: number; code: ItemCode | null; storeDefault: bigint | null; onDone: () => void }) {
  const isEdit = code !== null;
  const utils = trpc.useUtils();
  const add = trpc.store.itemcode.add.useMutation();
  const edit = trpc.store.itemcode.edit.useMutation();
  const [values, setValues] = useState<ItemCodeFormValues>(() => (code ? itemCodeFormValues(code) : newItemCodeValues(storeDefault)));
  const [tagProblem, setTagProblem] = useState<string | null>(null);
  const valuesRef = useRef(values);
  valuesRef.current = values;
  const formRef = useRef<HTMLFormElement>(null);
  const saving = add.isPending || edit.isPending;
  const title = isEdit ? `Edit Code ${code.tag}` : 'New Code';

  // The store's default arrives after the form opened: a new code takes it.
  useEffect(() => {
    if (!isEdit && storeDefault !== null) setValues((v) => (v.defaultCommissionPercent === null ? { ...v, defaultCommissionPercent: storeDefault } : v));
  }, [isEdit, storeDefault]);

  const set = <K extends keyof ItemCodeFormValues>(key: K, value: ItemCodeFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const focusTag = () => formRef.current?.querySelector<HTMLInputElement>('[name="tag"]')?.focus();

  const save = async (current: ItemCodeFormValues) => {
    const problem = tagError(current.tag);
    setTagProblem(problem);
    if (problem) {
      focusTag();
      return;
    }
    const payload = itemCodePayload(current, vendorId);
    try {
      const answer = code ? await edit.mutateAsync({ id: code.id, ...payload }) : await add.mutateAsync(payload);
      // The answer is the vendor's codes as they now are.
      utils.store.itemcode.fetchVendor.setData({ vendorId }, answer);
      notifications.show({ color: 'green', title: 'Saved', message: answer.message });
      onDone();
    } catch (error) {
      setTagProblem(errorMessage(error, MESSAGES.itemCodeSaveFailed));
      focusTag();
    }
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (saving) return;
    // Enter in the percent box submits before its blur: let it commit what was typed first.
    const active = document.activeElement;
    if (active instanceof HTMLElement && formRef.current?.contains(active)) active.blur();
    setTimeout(() => void save(valuesRef.current), 0);
  };

  return (
    <Paper withBorder radius="sm" p="md" shadow="xs" style={{ borderColor: 'var(--mantine-color-blue-4)' }}>
      <form
        ref={formRef}
        onSubmit={onSubmit}
        aria-label={title}
        noValidate
        onKeyDown={(e) => {
          // Escape closes an open dropdown first; only then does it cancel the code.
          const target = e.target as HTMLElement;
          if (e.key === 'Escape' && !saving && target.getAttribute('aria-expanded') !== 'true') onDone();
        }}
      >
        <Stack gap="sm">
          <Text fw={600}>{title}</Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput
              label="Tag"
              name="tag"
              required
              autoComplete="off"
              autoFocus
              value={values.tag}
              error={tagProblem}
              onChange={(e) => {
                const tag = e.currentTarget.value;
                set('tag', tag);
                // Say at once when a character cannot be used; 'required' waits for save.
                setTagProblem(tag === '' ? null : tagError(tag));
              }}
            />
            <PercentInput
              label="Default Commission Percent"
              name="defaultCommissionPercent"
              value={values.defaultCommissionPercent ?? 0n}
              description={values.defaultCommissionPercent === null ? "The store's default applies" : undefined}
              onChange={(v) => set('defaultCommissionPercent', v)}
            />
            <Select
              label="Monthly Rent Deduction"
              name="deductMonthlyRentOverride"
              data={RENT_OVERRIDE_OPTIONS}
              value={values.deductMonthlyRentOverride}
              allowDeselect={false}
              onChange={(v) => v && set('deductMonthlyRentOverride', v as RentOverride)}
            />
          </SimpleGrid>
          <Group gap="lg">
            <Checkbox label="Warn on No Control Code" name="warnOnNoControlCode" checked={values.warnOnNoControlCode} onChange={(e) => set('warnOnNoControlCode', e.currentTarget.checked)} />
            <Checkbox
              label="Receives Separate Statement"
              name="receivesSeparateStatement"
              checked={values.receivesSeparateStatement}
              onChange={(e) => set('receivesSeparateStatement', e.currentTarget.checked)}
            />
            <Checkbox label="Proportional CC Fee" name="proportionalCcFee" checked={values.proportionalCcFee} onChange={(e) => set('proportionalCcFee', e.currentTarget.checked)} />
          </Group>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onDone} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {isEdit ? 'Save Code' : 'Add Code'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
