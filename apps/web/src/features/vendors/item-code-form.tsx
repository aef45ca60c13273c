/**
 * Adding or editing one item code: Tag, Warn on No Control Code, Default Commission
 * Percent, Receives Separate Statement, Proportional CC Fee and Monthly Rent Deduction,
 * and, for a code with a separate statement (an account of its own), its Monthly Rent.
 * The server's input schema checks the code first (a character a tag cannot have is
 * said at once); the server's refusal (for example a tag already used in the store) is
 * shown under the tag. For staff (`moneyLocked`) every money setting is locked and
 * left out of the save: only Tag and Warn on No Control Code change. A new code, once
 * saved, leaves the form open and empty with the cursor in Tag (the next code is typed at
 * once); an edited code closes it.
 */
import { useEffect, useMemo, useRef, type FormEvent } from 'react';
import { Button, Checkbox, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import type { ItemCode } from '@pos/contracts';
import { COMMISSION_HELP, ITEM_CODE_MONEY_FIELDS, MESSAGES } from '@pos/domain';
import { microUnitsField, MoneyInput, PercentInput } from '../../components/decimal-input';
import { errorMessage } from '../../lib/errors';
import { commitThenSubmit, focusFirstError } from '../../lib/form-validation';
import { notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { moneyFieldLock } from './vendor-form-values';
import { itemCodeFormValues, itemCodePayload, itemCodeValidator, newItemCodeValues, RENT_OVERRIDE_OPTIONS, type ItemCodeFormValues, type ItemCodePayload } from './item-code-values';

export function ItemCodeForm({
  vendorId,
  code,
  storeDefault,
  moneyLocked,
  onDone,
}: {
  vendorId: number;
  code: ItemCode | null;
  storeDefault: bigint | null;
  moneyLocked: boolean;
  onDone: () => void;
}) {
  const isEdit = code !== null;
  const utils = trpc.useUtils();
  const add = trpc.store.itemcode.add.useMutation();
  const edit = trpc.store.itemcode.edit.useMutation();
  const validate = useMemo(() => itemCodeValidator(vendorId, moneyLocked), [vendorId, moneyLocked]);
  const form = useForm<ItemCodeFormValues, ItemCodePayload>({
    initialValues: code ? itemCodeFormValues(code) : newItemCodeValues(storeDefault),
    validate,
    transformValues: (values) => itemCodePayload(values, vendorId, moneyLocked),
  });
  const formRef = useRef<HTMLFormElement>(null);
  const tagRef = useRef<HTMLInputElement>(null);
  const saving = add.isPending || edit.isPending;
  const lock = (field: keyof ItemCodeFormValues, description?: string) => moneyFieldLock(ITEM_CODE_MONEY_FIELDS, moneyLocked, field, description);
  const title = isEdit ? `Edit Code ${code.tag}` : 'New Code';

  // The store's default arrives after the form opened: a new code takes it.
  const { setFieldValue } = form;
  useEffect(() => {
    if (!isEdit && storeDefault !== null) setFieldValue('defaultCommissionPercent', (percent) => percent ?? storeDefault);
  }, [isEdit, storeDefault, setFieldValue]);

  const showTagError = (errors: FormErrors) => focusFirstError(formRef.current, errors);

  const save = async (payload: ItemCodePayload) => {
    try {
      const answer = code ? await edit.mutateAsync({ id: code.id, ...payload }) : await add.mutateAsync(payload);
      // The answer is the vendor's codes as they now are.
      utils.store.itemcode.fetchVendor.setData({ vendorId }, answer);
      notifySuccess(answer.message);
      if (isEdit) onDone();
      else {
        // Ready for the next code.
        form.setValues(newItemCodeValues(storeDefault));
        form.resetDirty();
        form.clearErrors();
        tagRef.current?.focus();
      }
    } catch (error) {
      const errors = { tag: errorMessage(error, MESSAGES.itemCodeSaveFailed) };
      form.setErrors(errors);
      showTagError(errors);
    }
  };

  // Made when the form is sent: its handlers read the form element.
  const submit = (event: FormEvent<HTMLFormElement>) => commitThenSubmit(form.onSubmit((payload) => void save(payload), showTagError))(event);

  return (
    <Paper withBorder radius="sm" p="md" shadow="xs" style={{ borderColor: 'var(--mantine-color-blue-4)' }}>
      <form
        ref={formRef}
        onSubmit={(event) => {
          if (saving) event.preventDefault();
          else submit(event);
        }}
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
              ref={tagRef}
              {...form.getInputProps('tag')}
              onChange={(e) => {
                const tag = e.currentTarget.value;
                form.setFieldValue('tag', tag);
                // Say at once when a character cannot be used; 'required' waits for save.
                if (tag !== '') form.validateField('tag');
              }}
            />
            <PercentInput
              label="Default Commission Percent"
              name="defaultCommissionPercent"
              {...microUnitsField(form.getInputProps('defaultCommissionPercent'))}
              value={form.values.defaultCommissionPercent ?? 0n}
              {...lock('defaultCommissionPercent', form.values.defaultCommissionPercent === null ? `The store's default applies. ${COMMISSION_HELP}` : COMMISSION_HELP)}
            />
            <Select
              label="Monthly Rent Deduction"
              name="deductMonthlyRentOverride"
              data={RENT_OVERRIDE_OPTIONS}
              allowDeselect={false}
              {...lock('deductMonthlyRentOverride')}
              {...form.getInputProps('deductMonthlyRentOverride')}
            />
          </SimpleGrid>
          <Group gap="lg">
            <Checkbox label="Warn on No Control Code" name="warnOnNoControlCode" {...form.getInputProps('warnOnNoControlCode', { type: 'checkbox' })} />
            <Checkbox label="Receives Separate Statement" name="receivesSeparateStatement" disabled={lock('receivesSeparateStatement').disabled} {...form.getInputProps('receivesSeparateStatement', { type: 'checkbox' })} />
            <Checkbox label="Proportional CC Fee" name="proportionalCcFee" disabled={lock('proportionalCcFee').disabled} {...form.getInputProps('proportionalCcFee', { type: 'checkbox' })} />
          </Group>
          {moneyLocked ? (
            <Text size="sm" c="dimmed" data-testid="code-money-locked">
              Only a store manager may change the commission, statement, card fee and rent settings.
            </Text>
          ) : null}
          {form.values.receivesSeparateStatement ? (
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <MoneyInput
                label="Monthly Rent"
                name="monthlyRent"
                {...lock('monthlyRent', "This code's own account pays it, by its Monthly Rent Deduction")}
                {...microUnitsField(form.getInputProps('monthlyRent'))}
              />
            </SimpleGrid>
          ) : null}
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
