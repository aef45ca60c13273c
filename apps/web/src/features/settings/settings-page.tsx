import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Box, Button, Group, Loader, Paper, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { FORM_INDEX, useForm, type FormErrors } from '@mantine/form';
import { MESSAGES, TAX_SHORT_NAME_MAX_LENGTH } from '@pos/domain';
import { MoneyInput, microUnitsField, PercentInput } from '../../components/decimal-input';
import { PageHeading } from '../../components/page-heading';
import { errorMessage } from '../../lib/errors';
import { commitThenSubmit, focusFirstError } from '../../lib/form-validation';
import { trpc } from '../../lib/trpc';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { PaymentMethodsSection } from './payment-methods-section';
import { Section } from './section';
import {
  COMMISSIONS,
  sameSettings,
  TAX_NUMBERS,
  toSettingsForm,
  toUpdateSettingsRequest,
  validateSettingsForm,
  type SettingsAnswer,
  type SettingsForm,
  type UpdateSettingsRequest,
} from './settings-form';
import { TimeZoneSelect } from './time-zone-select';

/** Room under the last section so the fixed save bar never covers it. */
const SAVE_BAR_SPACE = 88;

/** The Store Settings page: order numbering, commissions, taxes, payment methods. */
export function SettingsPage() {
  const settings = trpc.store.fetchSettings.useQuery();
  useScrollPaddingForSaveBar();
  return (
    <Box pb={SAVE_BAR_SPACE}>
      <PageHeading>Store Settings</PageHeading>
      <Stack gap="lg">
        {settings.data ? (
          <SettingsEditor answer={settings.data} />
        ) : settings.error ? (
          <Alert color="red" variant="light" role="alert" title={MESSAGES.settingsLoadFailed}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{errorMessage(settings.error, MESSAGES.settingsLoadFailed)}</Text>
              <Button size="xs" variant="light" color="red" onClick={() => void settings.refetch()} loading={settings.isFetching}>
                Try again
              </Button>
            </Stack>
          </Alert>
        ) : (
          <Group gap="sm" aria-busy="true">
            <Loader size="sm" />
            <Text c="dimmed">Loading store settings...</Text>
          </Group>
        )}
        <PaymentMethodsSection />
      </Stack>
    </Box>
  );
}

/** Fields reached with Tab (or scrolled to) stop above the fixed save bar, not under it. */
function useScrollPaddingForSaveBar() {
  useEffect(() => {
    const root = document.documentElement;
    const before = root.style.scrollPaddingBottom;
    root.style.scrollPaddingBottom = `${SAVE_BAR_SPACE}px`;
    return () => {
      root.style.scrollPaddingBottom = before;
    };
  }, []);
}

function SettingsEditor({ answer }: { answer: SettingsAnswer }) {
  const utils = trpc.useUtils();
  const save = trpc.store.updateSettings.useMutation();
  const remote = useMemo(() => toSettingsForm(answer), [answer]);
  const [base, setBase] = useState(remote);
  const form = useForm<SettingsForm, UpdateSettingsRequest>({
    initialValues: remote,
    validate: validateSettingsForm,
    transformValues: toUpdateSettingsRequest,
    // The tax names' length shows while typing; every check also stops a save.
    validateInputOnChange: [`taxes.${FORM_INDEX}.shortName`, `taxes.${FORM_INDEX}.longName`],
  });
  const formRef = useRef<HTMLFormElement>(null);

  const draft = form.values;
  const dirty = !sameSettings(draft, base);
  // A newer copy (refreshed after a change elsewhere) replaces an untouched form; what
  // the user has typed is never overwritten.
  const { setValues } = form;
  useEffect(() => {
    if (sameSettings(remote, base)) return;
    if (!dirty) {
      // The newer copy goes into @mantine/form, whose setter also writes the form's refs and
      // so must not run during render; the base moves with it, in the same commit.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setBase(remote);
      setValues(remote);
    }
  }, [remote, base, dirty, setValues]);
  const changedElsewhere = dirty && !sameSettings(remote, base);

  const submit = async (request: UpdateSettingsRequest) => {
    try {
      const saved = await save.mutateAsync(request);
      utils.store.fetchSettings.setData(undefined, saved);
      utils.store.fetchTimeZone.setData(undefined, { success: true, timeZone: saved.timeZone });
      const next = toSettingsForm(saved);
      setBase(next);
      form.setValues(next);
      notifySuccess(saved.message || MESSAGES.settingsUpdated);
    } catch (err) {
      // The form keeps everything typed; the user can try again.
      notifyFailure(MESSAGES.settingsUpdateFailed, errorMessage(err, MESSAGES.settingsUpdateFailed));
    }
  };

  const refuse = (errors: FormErrors) => notifyFailure(MESSAGES.settingsUpdateFailed, focusFirstError(formRef.current, errors) ?? MESSAGES.settingsUpdateFailed);

  return (
    <form ref={formRef} onSubmit={(event) => commitThenSubmit(form.onSubmit((request) => void submit(request), refuse))(event)} aria-label="Store Settings" noValidate>
      <Stack gap="lg">
        {changedElsewhere ? (
          <Alert color="yellow" variant="light" title="Changed elsewhere">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">These settings were changed by someone else since you opened them. Saving replaces their changes with yours.</Text>
              <Button
                size="xs"
                variant="light"
                color="yellow"
                onClick={() => {
                  setBase(remote);
                  form.setValues(remote);
                }}
              >
                Discard my changes and load theirs
              </Button>
            </Stack>
          </Alert>
        ) : null}

        <Section title="Order Settings">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            <TextInput label="Order Prefix" name="orderPrefix" autoComplete="off" withAsterisk {...form.getInputProps('orderPrefix')} />
            <TextInput label="Next Order Number" name="nextOrderNumber" autoComplete="off" inputMode="numeric" withAsterisk {...form.getInputProps('nextOrderNumber')} />
            <TimeZoneSelect description="Every date and time is shown in this zone" {...form.getInputProps('timeZone')} />
            <Textarea
              label="Store Address"
              name="address"
              description="Printed on vendors' statements"
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              autosize
              minRows={2}
              maxRows={4}
              autoComplete="street-address"
              {...form.getInputProps('address')}
            />
          </SimpleGrid>
        </Section>

        <Section title="Offline Till">
          <Text size="sm" c="dimmed" mb="sm">
            When the network drops, each till keeps selling by Cash and the methods that may be taken offline, and sends the sales when it is back. Past any of these
            limits a till refuses more offline sales and says why.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" style={{ alignItems: 'start' }}>
            <TextInput
              label="Offline sales limit"
              name="offlineMaxSales"
              description="Most sales one till may keep waiting to be sent"
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              autoComplete="off"
              inputMode="numeric"
              {...form.getInputProps('offlineMaxSales')}
            />
            <MoneyInput
              label="Offline total limit"
              name="offlineMaxTotal"
              description="Most money those sales may add up to"
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              {...microUnitsField(form.getInputProps('offlineMaxTotal'))}
            />
            <TextInput
              label="Offline hours limit"
              name="offlineMaxHours"
              description="Longest a till may sell without reaching the server"
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              autoComplete="off"
              inputMode="numeric"
              {...form.getInputProps('offlineMaxHours')}
            />
          </SimpleGrid>
        </Section>

        <Section title="Commission Settings">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" style={{ alignItems: 'end' }}>
            {COMMISSIONS.map(({ key, label }) => (
              <PercentInput key={key} label={label} name={key} withAsterisk {...microUnitsField(form.getInputProps(key))} />
            ))}
          </SimpleGrid>
        </Section>

        <Section title="Tax Configuration">
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
            {TAX_NUMBERS.map((n) => {
              const tax = `taxes.${n - 1}`;
              return (
                <Paper key={n} withBorder radius="md" p="md" bg="gray.0" component="fieldset" aria-label={`Tax ${n}`} data-tax={n} style={{ margin: 0, minWidth: 0 }}>
                  <Text component="legend" fw={600} px={4}>
                    Tax {n}
                  </Text>
                  <Stack gap="sm">
                    <TextInput
                      label="Short Name"
                      name={`tax${n}ShortName`}
                      autoComplete="off"
                      description={`Shown on order lines (at most ${TAX_SHORT_NAME_MAX_LENGTH} characters)`}
                      {...form.getInputProps(`${tax}.shortName`)}
                    />
                    <TextInput label="Long Name" name={`tax${n}LongName`} autoComplete="off" {...form.getInputProps(`${tax}.longName`)} />
                    <PercentInput label="Percentage" name={`tax${n}Percent`} {...microUnitsField(form.getInputProps(`${tax}.percentage`))} />
                    <Group gap="xl">
                      <Switch label="Default?" name={`tax${n}ApplyByDefault`} {...form.getInputProps(`${tax}.applyByDefault`, { type: 'checkbox' })} />
                      <Switch label="Enabled?" name={`tax${n}Enabled`} {...form.getInputProps(`${tax}.isEnabled`, { type: 'checkbox' })} />
                    </Group>
                  </Stack>
                </Paper>
              );
            })}
          </SimpleGrid>
        </Section>
      </Stack>

      <SaveBar dirty={dirty} saving={save.isPending} />
    </form>
  );
}

/** The fixed Save Settings button: always at the bottom of the window, beside the drawer. */
function SaveBar({ dirty, saving }: { dirty: boolean; saving: boolean }) {
  return (
    <Box
      pos="fixed"
      bottom={0}
      right={0}
      px="lg"
      py="sm"
      bg="white"
      data-testid="save-bar"
      style={{ left: 'var(--app-shell-navbar-offset, 0px)', zIndex: 150, borderTop: '1px solid var(--mantine-color-gray-3)', boxShadow: '0 -2px 8px rgba(0, 0, 0, 0.04)' }}
    >
      <Group justify="flex-end" gap="md">
        <Text size="sm" c={dirty ? 'orange.8' : 'dimmed'} data-testid="save-state" aria-live="polite">
          {dirty ? 'Unsaved changes' : 'No unsaved changes'}
        </Text>
        <Button type="submit" loading={saving} size="md">
          Save Settings
        </Button>
      </Group>
    </Box>
  );
}
