/**
 * The vendor form: 'Add New Vendor' or 'Edit Vendor' in place of the list, with the item
 * codes of a vendor being edited. The server's input schema checks the fields before the
 * call; the server's message is shown when it refuses, under its field when it names
 * one. While a code is being added or edited the vendor cannot be saved, and the page
 * scrolls to the codes. Vendor Type, Monthly Rent and Deduct Monthly Rent are a manager's
 * (mayChangeVendorMoney): staff see them locked, at the store's defaults on a new vendor.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Checkbox, Group, Paper, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title, Tooltip } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import type { Vendor, VendorType } from '@pos/contracts';
import { MESSAGES, VENDOR_MONEY_FIELDS, VENDOR_TYPE_HELP, formatPercent, mayChangeVendorMoney, mayManagePortalAccess } from '@pos/domain';
import { microUnitsField, MoneyInput } from '../../components/decimal-input';
import { PageHeading } from '../../components/page-heading';
import { errorMessage, httpStatusOf } from '../../lib/errors';
import { commitThenSubmit, focusFirstError } from '../../lib/form-validation';
import { notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { useSession } from '../../lib/use-session';
import { ItemCodesSection } from './item-codes-section';
import { newCodeCommission } from './item-code-values';
import { PortalAccessSection } from './portal-access-section';
import { moneyFieldLock, validateVendorValues, VENDOR_TYPE_OPTIONS, vendorFieldOfMessage, vendorFormValues, vendorPayload, type VendorFormValues, type VendorPayload } from './vendor-form-values';

export const FINISH_CODES_LABEL = 'Finish Editing Codes to Save Changes';
export const FINISH_CODES_HINT = 'Please finish editing codes before saving vendor changes';
export const CODES_LATER_NOTE = 'Item codes can be added after the vendor is created.';
const FORM_ID = 'vendor-form';
const BOTTOM_BAR_HEIGHT = 72;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="md">
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
  const form = useForm<VendorFormValues, VendorPayload>({
    initialValues: vendorFormValues(vendor),
    validate: validateVendorValues,
    transformValues: vendorPayload,
  });
  const [saveError, setSaveError] = useState<string | null>(null);
  const [codesEditing, setCodesEditing] = useState(false);
  const codesRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const saving = add.isPending || edit.isPending;
  const { currentRole } = useSession();
  const moneyLocked = currentRole === null || !mayChangeVendorMoney(currentRole.role);
  const lock = (field: keyof VendorFormValues, description?: string) => moneyFieldLock(VENDOR_MONEY_FIELDS, moneyLocked, field, description);
  // The chosen type in words, and the commission its new item codes start at.
  const settings = trpc.store.fetchSettings.useQuery();
  const typeCommission = newCodeCommission(settings.data, form.values.vendorType);
  const typeHelp = `${VENDOR_TYPE_HELP[form.values.vendorType]}${typeCommission === null ? '' : ` New item codes start at ${formatPercent(typeCommission)} commission.`}`;

  useEffect(() => {
    if (codesEditing) codesRef.current?.scrollIntoView({ behavior: 'smooth' });
  }, [codesEditing]);

  const save = async (payload: VendorPayload) => {
    setSaveError(null);
    try {
      const answer = vendor ? await edit.mutateAsync({ vendorId: vendor.id, ...payload }) : await add.mutateAsync(payload);
      notifySuccess(answer.message);
      form.setValues(vendorFormValues(answer.vendor));
      void utils.vendor.list.invalidate();
      onSaved(answer.vendor);
    } catch (error) {
      // What was typed stays in the form.
      const message = errorMessage(error, MESSAGES.vendorSaveFailed);
      const field = httpStatusOf(error) === 400 ? vendorFieldOfMessage(message) : null;
      if (field) {
        const errors = { [field]: message };
        form.setErrors(errors);
        focusFirstError(formRef.current, errors);
      }
      // The product's failure text always; the server's reason too, unless it is under its field.
      setSaveError(field || message === MESSAGES.vendorSaveFailed ? '' : message);
    }
  };

  // A money box typed in commits its text before the form is checked.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (codesEditing || saving) event.preventDefault();
    else
      commitThenSubmit(
        form.onSubmit(
          (payload) => void save(payload),
          (errors: FormErrors) => {
            setSaveError(null);
            focusFirstError(formRef.current, errors);
          },
        ),
      )(event);
  };

  const submitLabel = codesEditing ? FINISH_CODES_LABEL : isEdit ? 'Save Changes' : 'Add Vendor';

  return (
    <>
      <PageHeading>{isEdit ? 'Edit Vendor' : 'Add New Vendor'}</PageHeading>
      <Stack gap="lg" maw={880} pb={BOTTOM_BAR_HEIGHT + 16}>
        <form id={FORM_ID} ref={formRef} onSubmit={onSubmit} aria-label={isEdit ? 'Edit Vendor' : 'Add New Vendor'} noValidate>
          <Stack gap="lg">
            {saveError !== null ? (
              <Alert color="red" variant="light" role="alert" title={MESSAGES.vendorSaveFailed} data-testid="vendor-save-error">
                {saveError || null}
              </Alert>
            ) : null}
            <Section title="Vendor Information">
              <Stack gap="sm">
                <TextInput label="Trade Name" name="tradeName" required autoComplete="off" {...form.getInputProps('tradeName')} />
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <Select
                    label="Vendor Type"
                    name="vendorType"
                    data={VENDOR_TYPE_OPTIONS}
                    allowDeselect={false}
                    {...lock('vendorType', typeHelp)}
                    {...form.getInputProps('vendorType')}
                    onChange={(value) => {
                      if (value) form.setFieldValue('vendorType', value as VendorType);
                    }}
                  />
                  <MoneyInput
                    label="Monthly Rent"
                    name="monthlyRent"
                    {...lock('monthlyRent', 'Posted each month when Deduct Monthly Rent is on')}
                    {...microUnitsField(form.getInputProps('monthlyRent'))}
                  />
                </SimpleGrid>
                <Checkbox
                  label="Deduct Monthly Rent"
                  name="deductMonthlyRent"
                  {...lock('deductMonthlyRent')}
                  {...form.getInputProps('deductMonthlyRent', { type: 'checkbox' })}
                />
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <TextInput label="Booth" name="booth" description="Booth number(s), as on the floor plan" autoComplete="off" {...form.getInputProps('booth')} />
                  <TextInput label="Tax ID" name="taxId" description="For the vendor's tax forms" autoComplete="off" {...form.getInputProps('taxId')} />
                </SimpleGrid>
                <Textarea label="Mailing Address" name="mailingAddress" description="Printed on the vendor's statements" autosize minRows={2} maxRows={5} autoComplete="off" {...form.getInputProps('mailingAddress')} />
              </Stack>
            </Section>
            <Section title="Primary Contact">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput label="Name" name="contactName" required autoComplete="off" {...form.getInputProps('contactName')} />
                <TextInput label="Email" name="contactEmail" type="email" required autoComplete="off" {...form.getInputProps('contactEmail')} />
                <TextInput label="Primary Phone" name="primaryPhone" type="tel" required autoComplete="off" {...form.getInputProps('primaryPhone')} />
                <TextInput label="Secondary Phone (Optional)" name="secondaryPhone" type="tel" autoComplete="off" {...form.getInputProps('secondaryPhone')} />
              </SimpleGrid>
            </Section>
          </Stack>
        </form>

        {vendor ? (
          <Box ref={codesRef} style={{ scrollMarginTop: 72 }}>
            <ItemCodesSection key={vendor.id} vendorId={vendor.id} vendorType={vendor.vendorType} moneyLocked={moneyLocked} onEditingChange={setCodesEditing} />
          </Box>
        ) : (
          <Text c="dimmed" data-testid="codes-later-note">
            {CODES_LATER_NOTE}
          </Text>
        )}
        {vendor && currentRole && mayManagePortalAccess(currentRole.role) ? <PortalAccessSection key={vendor.id} vendor={{ id: vendor.id, tradeName: vendor.tradeName, email: vendor.primaryContact?.email ?? null }} /> : null}
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
