/**
 * The vendor form (SPEC 2, 4): 'Add New Vendor' or 'Edit Vendor' in place of the list,
 * with the item codes of a vendor being edited. Required fields are checked before the
 * call for quick feedback; the server's message is shown when it refuses. While a code
 * is being added or edited the vendor cannot be saved, and the page scrolls to the codes.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Checkbox, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Vendor } from '@pos/contracts';
import { MESSAGES } from '@pos/domain';
import { PageHeading } from '../../components/page-heading';
import { errorMessage, httpStatusOf } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { ItemCodesSection } from './item-codes-section';
import {
  hasErrors,
  validateVendorValues,
  vendorFieldOfMessage,
  vendorFormValues,
  vendorPayload,
  type VendorFormErrors,
  type VendorFormValues,
  type VendorTextField,
} from './vendor-form-values';

export const FINISH_CODES_LABEL = 'Finish Editing Codes to Save Changes';
export const FINISH_CODES_HINT = 'Please finish editing codes before saving vendor changes';
export const CODES_LATER_NOTE = 'Item codes can be added after the vendor is created.';
const FORM_ID = 'vendor-form';
const BOTTOM_BAR_HEIGHT = 72;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={title}>
      <Title order={3} size="h4" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

export function VendorForm({ vendor, onSaved, onCancel }: { vendor: Vendor | null; onSaved: (vendor: Vendor) => void; onCancel: () => void }) {
  const isEdit = vendor !== null;
  const utils = trpc.useUtils();
  const add = trpc.vendor.add.useMutation();
  const edit = trpc.vendor.edit.useMutation();
  const [values, setValues] = useState<VendorFormValues>(() => vendorFormValues(vendor));
  const [errors, setErrors] = useState<VendorFormErrors>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const [codesEditing, setCodesEditing] = useState(false);
  const codesRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const saving = add.isPending || edit.isPending;

  useEffect(() => {
    if (codesEditing) codesRef.current?.scrollIntoView({ behavior: 'smooth' });
  }, [codesEditing]);

  const setText = (field: VendorTextField) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((errs) => (errs[field] ? { ...errs, [field]: undefined } : errs));
  };

  const focusField = (field: VendorTextField) => formRef.current?.querySelector<HTMLInputElement>(`[name="${field}"]`)?.focus();

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (codesEditing || saving) return;
    setSaveError(null);
    const problems = validateVendorValues(values);
    setErrors(problems);
    if (hasErrors(problems)) {
      const first = (Object.keys(problems) as VendorTextField[])[0];
      if (first) focusField(first);
      return;
    }
    const payload = vendorPayload(values);
    try {
      const answer = vendor ? await edit.mutateAsync({ vendorId: vendor.id, ...payload }) : await add.mutateAsync(payload);
      notifications.show({ color: 'green', title: 'Saved', message: answer.message });
      setValues(vendorFormValues(answer.vendor));
      void utils.vendor.list.invalidate();
      onSaved(answer.vendor);
    } catch (error) {
      // What was typed stays in the form.
      const message = errorMessage(error, MESSAGES.vendorSaveFailed);
      const field = httpStatusOf(error) === 400 ? vendorFieldOfMessage(message) : null;
      if (field) {
        setErrors({ [field]: message });
        focusField(field);
      }
      // The spec's failure text always; the server's reason too, unless it is under its field.
      setSaveError(field || message === MESSAGES.vendorSaveFailed ? '' : message);
    }
  };

  const submitLabel = codesEditing ? FINISH_CODES_LABEL : isEdit ? 'Save Changes' : 'Add Vendor';

  return (
    <>
      <PageHeading>{isEdit ? 'Edit Vendor' : 'Add New Vendor'}</PageHeading>
      <Stack gap="lg" maw={880} pb={BOTTOM_BAR_HEIGHT + 16}>
        <form id={FORM_ID} ref={formRef} onSubmit={(e) => void onSubmit(e)} aria-label={isEdit ? 'Edit Vendor' : 'Add New Vendor'} noValidate>
          <Stack gap="lg">
            {saveError !== null ? (
              <Alert color="red" variant="light" role="alert" title={MESSAGES.vendorSaveFailed} data-testid="vendor-save-error">
                {saveError || null}
              </Alert>
            ) : null}
            <Section title="Vendor Information">
              <Stack gap="sm">
                <TextInput label="Trade Name" name="tradeName" required autoComplete="off" value={values.tradeName} onChange={setText('tradeName')} error={errors.tradeName} />
                <Checkbox
                  label="Deduct Monthly Rent"
                  name="deductMonthlyRent"
                  checked={values.deductMonthlyRent}
                  onChange={(e) => {
                    const checked = e.currentTarget.checked;
                    setValues((v) => ({ ...v, deductMonthlyRent: checked }));
                  }}
                />
              </Stack>
            </Section>
            <Section title="Primary Contact">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput label="Name" name="contactName" required autoComplete="off" value={values.contactName} onChange={setText('contactName')} error={errors.contactName} />
                <TextInput
                  label="Email"
                  name="contactEmail"
                  type="email"
                  required
                  autoComplete="off"
                  value={values.contactEmail}
                  onChange={setText('contactEmail')}
                  error={errors.contactEmail}
                />
                <TextInput
                  label="Primary Phone"
                  name="primaryPhone"
                  type="tel"
                  required
                  autoComplete="off"
                  value={values.primaryPhone}
                  onChange={setText('primaryPhone')}
                  error={errors.primaryPhone}
                />
                <TextInput
                  label="Secondary Phone (Optional)"
                  name="secondaryPhone"
                  type="tel"
                  autoComplete="off"
                  value={values.secondaryPhone}
                  onChange={setText('secondaryPhone')}
                  error={errors.secondaryPhone}
                />
              </SimpleGrid>
            </Section>
          </Stack>
        </form>

        {vendor ? (
          <Box ref={codesRef} style={{ scrollMarginTop: 72 }}>
            <ItemCodesSection key={vendor.id} vendorId={vendor.id} onEditingChange={setCodesEditing} />
          </Box>
        ) : (
          <Text c="dimmed" data-testid="codes-later-note">
            {CODES_LATER_NOTE}
          </Text>
        )}
      </Stack>

      <Box
        component="footer"
        pos="fixed"
        bottom={0}
        right={0}
        px="lg"
        py="md"
        bg="white"
        h={BOTTOM_BAR_HEIGHT}
        data-testid="vendor-form-bar"
        style={{ left: 'var(--app-shell-navbar-offset, 0px)', zIndex: 150, borderTop: '1px solid var(--mantine-color-gray-3)', boxShadow: '0 -2px 8px rgba(0, 0, 0, 0.04)' }}
      >
        <Group justify="flex-end" gap="sm" maw={880} h="100%">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Tooltip label={FINISH_CODES_HINT} disabled={!codesEditing} withArrow position="top-end">
            <Button
              type="submit"
              form={FORM_ID}
              loading={saving}
              // data-disabled rather than disabled: a disabled button gets no mouse events,
              // so its tooltip could never show (Mantine's documented way).
              data-disabled={codesEditing || undefined}
              aria-disabled={codesEditing || undefined}
              onClick={(e) => {
                if (codesEditing) e.preventDefault();
              }}
            >
              {submitLabel}
            </Button>
          </Tooltip>
        </Group>
      </Box>
    </>
  );
}
