import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Group, Loader, Paper, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { MESSAGES } from '@pos/domain';
import { PercentInput } from '../../components/decimal-input';
import { PageHeading } from '../../components/page-heading';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { notifyFailure, notifySuccess } from './notify';
import { PaymentMethodsSection } from './payment-methods-section';
import { Section } from './section';
import {
  COMMISSIONS,
  firstError,
  sameSettings,
  TAX_NUMBERS,
  toSettingsForm,
  toUpdateSettingsRequest,
  validateSettingsForm,
  withTax,
  type SettingsAnswer,
  type SettingsField,
  type SettingsForm,
  type TaxNumber,
} from './settings-form';
import { timeZoneOptions } from './time-zones';

/** Room under the last section so the fixed save bar never covers it. */
const SAVE_BAR_SPACE = 88;

/** SPEC 2's Store Settings page: order numbering, commissions, taxes, payment methods. */
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
  const [draft, setDraft] = useState(remote);
  const [showErrors, setShowErrors] = useState(false);
  const latestDraft = useRef(draft);
  latestDraft.current = draft;
  const formRef = useRef<HTMLFormElement>(null);

  const dirty = !sameSettings(draft, base);
  // A newer copy (refreshed after a change elsewhere) replaces an untouched form; what
  // the user has typed is never overwritten.
  useEffect(() => {
    if (sameSettings(remote, base)) return;
    if (!dirty) {
      setBase(remote);
      setDraft(remote);
    }
  }, [remote, base, dirty]);
  const changedElsewhere = dirty && !sameSettings(remote, base);

  const errors = validateSettingsForm(draft);
  // Length and required checks show while typing; they also stop a save.
  const errorOf = (field: SettingsField): string | undefined => (showErrors || field.endsWith('ShortName') || field.endsWith('LongName') ? errors[field] : undefined);

  const submit = async (form: SettingsForm) => {
    const problem = firstError(validateSettingsForm(form));
    if (problem) {
      setShowErrors(true);
      notifyFailure(MESSAGES.settingsUpdateFailed, problem.message);
      formRef.current?.querySelector<HTMLInputElement>(`[data-field="${problem.field}"]`)?.focus();
      return;
    }
    try {
      const saved = await save.mutateAsync(toUpdateSettingsRequest(form));
      utils.store.fetchSettings.setData(undefined, saved);
      const next = toSettingsForm(saved);
      setBase(next);
      setDraft(next);
      setShowErrors(false);
      notifySuccess(saved.message || MESSAGES.settingsUpdated);
    } catch (err) {
      // The form keeps everything typed; the user can try again.
      notifyFailure(MESSAGES.settingsUpdateFailed, errorMessage(err, MESSAGES.settingsUpdateFailed));
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Enter in a percent box: leave it first so it parses and commits what was typed.
    const active = document.activeElement;
    if (active instanceof HTMLElement && formRef.current?.contains(active)) active.blur();
    setTimeout(() => void submit(latestDraft.current), 0);
  };

  const set = <K extends keyof SettingsForm>(key: K, value: SettingsForm[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const setTax = (n: TaxNumber, patch: Parameters<typeof withTax>[2]) => setDraft((d) => withTax(d, n, patch));
  const zones = useMemo(() => timeZoneOptions(draft.timeZone), [draft.timeZone]);

  return (
    <form ref={formRef} onSubmit={onSubmit} aria-label="Store Settings" noValidate>
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
                  setDraft(remote);
                }}
              >
                Discard my changes and load theirs
              </Button>
            </Stack>
          </Alert>
        ) : null}

        <Section title="Order Settings">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            <TextInput
              label="Order Prefix"
              name="orderPrefix"
              data-field="orderPrefix"
              autoComplete="off"
              withAsterisk
              value={draft.orderPrefix}
              error={errorOf('orderPrefix')}
              onChange={(e) => set('orderPrefix', e.currentTarget.value)}
            />
            <TextInput
              label="Next Order Number"
              name="nextOrderNumber"
              data-field="nextOrderNumber"
              autoComplete="off"
              inputMode="numeric"
              withAsterisk
              value={draft.nextOrderNumber}
              error={errorOf('nextOrderNumber')}
              onChange={(e) => set('nextOrderNumber', e.currentTarget.value)}
            />
            <Select
              label="Time Zone"
              name="timeZone"
              data-field="timeZone"
              description="Dashboards count today and this month in this zone"
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              data={zones}
              value={draft.timeZone}
              onChange={(zone) => {
                if (zone) set('timeZone', zone);
              }}
              searchable
              allowDeselect={false}
              nothingFoundMessage="No such time zone"
              maxDropdownHeight={280}
            />
          </SimpleGrid>
        </Section>

        <Section title="Commission Settings">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" style={{ alignItems: 'end' }}>
            {COMMISSIONS.map(({ key, label }) => (
              <PercentInput key={key} label={label} name={key} withAsterisk value={draft[key]} onChange={(v) => set(key, v)} />
            ))}
          </SimpleGrid>
        </Section>

        <Section title="Tax Configuration">
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
            {TAX_NUMBERS.map((n) => {
              const tax = draft.taxes[n - 1];
              if (!tax) return null;
              return (
                <Paper key={n} withBorder radius="md" p="md" bg="gray.0" component="fieldset" aria-label={`Tax ${n}`} data-tax={n} style={{ margin: 0, minWidth: 0 }}>
                  <Text component="legend" fw={600} px={4}>
                    Tax {n}
                  </Text>
                  <Stack gap="sm">
                    <TextInput
                      label="Short Name"
                      name={`tax${n}ShortName`}
                      data-field={`tax${n}ShortName`}
                      autoComplete="off"
                      description="Shown on order lines (at most 6 characters)"
                      value={tax.shortName}
                      error={errorOf(`tax${n}ShortName`)}
                      onChange={(e) => setTax(n, { shortName: e.currentTarget.value })}
                    />
                    <TextInput
                      label="Long Name"
                      name={`tax${n}LongName`}
                      data-field={`tax${n}LongName`}
                      autoComplete="off"
                      value={tax.longName}
                      error={errorOf(`tax${n}LongName`)}
                      onChange={(e) => setTax(n, { longName: e.currentTarget.value })}
                    />
                    <PercentInput label="Percentage" name={`tax${n}Percent`} value={tax.percentage} onChange={(v) => setTax(n, { percentage: v })} />
                    <Group gap="xl">
                      <Switch label="Default?" name={`tax${n}ApplyByDefault`} checked={tax.applyByDefault} onChange={(e) => setTax(n, { applyByDefault: e.currentTarget.checked })} />
                      <Switch label="Enabled?" name={`tax${n}Enabled`} checked={tax.isEnabled} onChange={(e) => setTax(n, { isEnabled: e.currentTarget.checked })} />
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
