/**
 * Audit (STORE_OWNER and STORE_ACCOUNTANT): the store's audit trail, newest first, in
 * pages, filtered by days, action and person as the filters change, with a CSV
 * download of every event the filters keep (not only the page shown).
 */
import { useState } from 'react';
import { Box, Button, Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { keepPreviousData, skipToken } from '@tanstack/react-query';
import { AUDIT_ACTIONS, type AuditAction, type AuditEvent } from '@pos/contracts';
import { PageHeading } from '../../components/page-heading';
import { DayInput } from '../../components/day-input';
import { DownloadIcon } from '../../components/icons';
import { downloadCsv, toCsv } from '../../lib/csv';
import { errorMessage } from '../../lib/errors';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { useKeepPageInRange, usePaging } from '../../lib/paging';
import { useStoreClock } from '../../lib/store-clock';
import { trpc } from '../../lib/trpc';
import { PagedTable, type Column } from '../system/paged-table';
import { collectAuditEvents, exportEnd } from './audit-export';
import { auditCsvFilename, buildAuditQuery, defaultAuditFilters, type AuditFilterForm } from './audit-filters';
import { ACTION_LABELS, auditColumns } from './audit-format';
import classes from './audit-page.module.css';

const FAILED_LOAD = 'Failed to load the audit trail';
const FAILED_DOWNLOAD = 'Failed to download the audit trail';
const EVERY_ACTION = 'ALL';
const EVERYONE = 'ALL';

const ACTION_OPTIONS = [{ value: EVERY_ACTION, label: 'All actions' }, ...AUDIT_ACTIONS.map((a) => ({ value: a, label: ACTION_LABELS[a] }))];

const tableColumns = (timeZone: string | undefined): Column<AuditEvent>[] =>
  auditColumns(timeZone).map((c) => ({
  header: c.header,
  nowrap: c.nowrap,
  cell: (event: AuditEvent) => {
    const text = String(c.value(event) ?? '');
    if (!c.multiline) return text;
    return (
      <Stack gap={2} miw={200}>
        {text.split('\n').map((line, i) => (
          <Text key={i} component="div" size="sm">
            {line}
          </Text>
        ))}
      </Stack>
    );
  },
}));

export function AuditPage() {
  const utils = trpc.useUtils();
  const paging = usePaging(25);
  const clock = useStoreClock();
  const [form, setForm] = useState<AuditFilterForm>(() => defaultAuditFilters());
  const built = buildAuditQuery(form);
  const input = built.ok ? { ...built.query, page: paging.page, pageSize: paging.pageSize } : skipToken;
  // Changes made elsewhere a moment ago show when the screen opens: never read from the cache alone.
  const list = trpc.store.audit.list.useQuery(input, { placeholderData: keepPreviousData, staleTime: 0 });
  const people = trpc.store.audit.people.useQuery(undefined, { staleTime: 0 });
  useKeepPageInRange(paging, list.isPlaceholderData ? undefined : list.data?.totalEvents);

  const change = (patch: Partial<AuditFilterForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    paging.toFirstPage();
  };

  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    if (!built.ok) return;
    setDownloading(true);
    try {
      const query = { ...built.query, to: exportEnd(built.query.to) };
      const events = Date.parse(query.to) > Date.parse(query.from) ? await collectAuditEvents((page, pageSize) => utils.client.store.audit.list.query({ ...query, page, pageSize })) : [];
      downloadCsv(auditCsvFilename(form), toCsv(events, auditColumns(clock.timeZone)));
      notifySuccess(`Downloaded ${events.length} ${events.length === 1 ? 'event' : 'events'}`);
    } catch (error) {
      notifyFailure(FAILED_DOWNLOAD, errorMessage(error, FAILED_DOWNLOAD));
    } finally {
      setDownloading(false);
    }
  };

  const errors = built.ok ? {} : built.errors;
  const personOptions = [{ value: EVERYONE, label: 'Everyone' }, ...(people.data?.people ?? []).map((p) => ({ value: String(p.id), label: p.username }))];
  const total = list.data?.totalEvents ?? 0;

  return (
    <>
      <PageHeading>Audit</PageHeading>
      <Paper withBorder radius="md" p="md" mb="md" component="form" aria-label="Audit filters" onSubmit={(e) => e.preventDefault()} noValidate>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="sm">
          <DayInput label="From" name="from" value={form.from} error={errors.from} onChange={(from) => change({ from })} />
          <DayInput label="To" name="to" value={form.to} error={errors.to} onChange={(to) => change({ to })} />
          <Select
            label="Action"
            name="action"
            allowDeselect={false}
            data={ACTION_OPTIONS}
            value={form.action === '' ? EVERY_ACTION : form.action}
            onChange={(v) => change({ action: !v || v === EVERY_ACTION ? '' : (v as AuditAction) })}
          />
          <Select
            label="Person"
            name="actorId"
            allowDeselect={false}
            searchable
            nothingFoundMessage="Nobody by that name"
            data={personOptions}
            value={form.actorId === '' ? EVERYONE : form.actorId}
            error={people.isError ? errorMessage(people.error, 'Failed to load people') : undefined}
            onChange={(v) => change({ actorId: !v || v === EVERYONE ? '' : v })}
          />
        </SimpleGrid>
        <Group justify="space-between" mt="md" gap="sm">
          <Text size="sm" c="dimmed">
            Who changed what, newest first. Events are kept as written: nobody can edit or delete them.
          </Text>
          <Button leftSection={<DownloadIcon size={16} />} onClick={() => void download()} loading={downloading} disabled={!built.ok || total === 0}>
            Download CSV
          </Button>
        </Group>
      </Paper>
      <Box className={classes.trail}>
        <PagedTable
          label="Audit events"
          columns={tableColumns(clock.timeZone)}
          rows={built.ok ? list.data?.events : []}
          rowKey={(e) => e.id}
          total={built.ok ? total : 0}
          paging={paging}
          loading={list.isFetching}
          error={list.error}
          failedMessage={FAILED_LOAD}
          emptyText={built.ok ? 'No events for these filters.' : 'Correct the dates to see events.'}
        />
      </Box>
    </>
  );
}
