/**
 * Sales: a period of the store's days (a preset or custom days) by a grouping, as a chart
 * (bars by day or group, a donut for payment methods) and a table with its totals row,
 * downloadable as CSV and printable. The previous answer stays on screen while the next
 * loads, so changing the period or the grouping never blanks the screen.
 */
import { useState } from 'react';
import { Box, Button, Group, Loader, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { BarChart, DonutChart } from './charts';
import { keepPreviousData, skipToken } from '@tanstack/react-query';
import { REPORT_GROUPINGS, type SalesReport } from '@pos/contracts';
import {
  PAGED_REPORT_GROUPINGS,
  REPORT_GROUPING_LABELS,
  REPORT_MAX_PAGE_SIZE,
  REPORT_PAGE_SIZE,
  REPORT_PRESETS,
  REPORT_PRESET_LABELS,
  presetRange,
  reportPeriodProblem,
  type ReportGrouping,
  type ReportPreset,
} from '@pos/domain';
import { DayInput } from '../../components/day-input';
import { DownloadIcon } from '../../components/icons';
import { LoadFailure } from '../../components/load-failure';
import { downloadCsv } from '../../lib/csv';
import { errorMessage } from '../../lib/errors';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { ReportTableView } from './report-table-view';
import { OTHERS_KEY, chartSeriesName, chartValue, salesTable, tableCsv, tableFilename } from './report-table';
import classes from './reports.module.css';

const FAILED_LOAD = 'Failed to load the sales report';
/** Slice colours of the donut: dark enough for their labels' contrast. */
export const SLICE_COLORS = ['blue.8', 'teal.8', 'grape.8', 'orange.9', 'cyan.9', 'pink.8', 'indigo.8', 'lime.9'];

const dollars = (value: number) => `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

function SalesChart({ report }: { report: SalesReport }) {
  const name = chartSeriesName(report.groupBy);
  const data = report.rows.map((r) => ({ label: r.label, value: chartValue(report.groupBy, r) }));
  const caption = `${name} by ${REPORT_GROUPING_LABELS[report.groupBy].toLowerCase()}`;
  if (report.groupBy === 'paymentMethod') {
    return (
      <figure className={classes.chart} aria-label={caption} data-testid="sales-chart">
        <Group justify="center">
          <DonutChart
            data={data.map((d, i) => ({ name: d.label, value: d.value, color: SLICE_COLORS[i % SLICE_COLORS.length]! }))}
            valueFormatter={dollars}
            withTooltip
            size={200}
            thickness={36}
            chartLabel={dollars(data.reduce((s, d) => s + d.value, 0))}
          />
          <Stack gap={4} component="ul" p={0} style={{ listStyle: 'none' }}>
            {data.map((d, i) => (
              <Group component="li" key={d.label} gap="xs">
                <Box w={12} h={12} bg={SLICE_COLORS[i % SLICE_COLORS.length]} style={{ borderRadius: 2 }} aria-hidden />
                <Text size="sm">
                  {d.label}: {dollars(d.value)}
                </Text>
              </Group>
            ))}
          </Stack>
        </Group>
        <Text component="figcaption" size="sm" c="dimmed" ta="center">
          {caption}
        </Text>
      </figure>
    );
  }
  return (
    <figure className={classes.chart} aria-label={caption} data-testid="sales-chart">
      <BarChart h={260} data={data} dataKey="label" series={[{ name: 'value', label: name, color: 'blue.8' }]} valueFormatter={dollars} tickLine="y" maxBarWidth={56} />
      <Text component="figcaption" size="sm" c="dimmed" ta="center">
        {caption}
      </Text>
    </figure>
  );
}

export function SalesTab() {
  const [preset, setPreset] = useState<ReportPreset>('thisMonth');
  const [custom, setCustom] = useState({ from: '', to: '' });
  const [groupBy, setGroupBy] = useState<ReportGrouping>('day');
  const [today, setToday] = useState<string | null>(null);

  const range = preset === 'custom' ? custom : today ? presetRange(preset, today) : null;
  const problem = preset === 'custom' ? (custom.from && custom.to ? reportPeriodProblem(custom.from, custom.to) : 'Choose both days') : null;
  // Vendors and item codes come a page at a time: the `after` of each page shown so far,
  // for the period and grouping they were read for (another period starts at page one).
  const scope = `${range?.from ?? ''}|${range?.to ?? ''}|${groupBy}`;
  const [pages, setPages] = useState<{ scope: string; afters: string[] }>({ scope, afters: [] });
  const afters = pages.scope === scope ? pages.afters : [];
  const after = afters.at(-1);
  const paged = PAGED_REPORT_GROUPINGS.includes(groupBy);
  // Before the store's today is known, "this month" is the server's default period.
  const input = problem ? skipToken : { ...(range ?? {}), groupBy, ...(paged && after !== undefined ? { after } : {}) };
  const sales = trpc.reports.sales.useQuery(input, { placeholderData: keepPreviousData, staleTime: 0 });
  const report = sales.data;
  if (report && report.today !== today) setToday(report.today);
  const table = report ? salesTable(report) : null;
  const shown = problem ? null : (range ?? (report ? { from: report.from, to: report.to } : null));

  // Every page of a paged grouping in one CSV: the pages read in turn, the largest size the
  // server answers, their rows and the last page's totals.
  const utils = trpc.useUtils();
  const [exporting, setExporting] = useState(false);
  const downloadAllPages = async () => {
    if (!report) return;
    setExporting(true);
    try {
      const rows: SalesReport['rows'] = [];
      let page: SalesReport | undefined;
      do {
        const next: string | null | undefined = page?.next;
        page = await utils.reports.sales.fetch({ from: report.from, to: report.to, groupBy: report.groupBy, pageSize: REPORT_MAX_PAGE_SIZE, ...(next ? { after: next } : {}) });
        rows.push(...page.rows);
      } while (page.next !== null);
      const all = salesTable({ ...page, rows, next: null, others: null });
      downloadCsv(tableFilename(all), tableCsv(all));
      notifySuccess(`Downloaded ${rows.length} ${rows.length === 1 ? 'row' : 'rows'}`);
    } catch (error) {
      notifyFailure('Failed to download every page', errorMessage(error, 'Please try again.'));
    } finally {
      setExporting(false);
    }
  };

  const choosePreset = (p: ReportPreset) => {
    if (p === 'custom') setCustom(shown ?? custom);
    setPreset(p);
  };

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md" component="form" aria-label="Sales report settings" onSubmit={(e) => e.preventDefault()} noValidate className={classes.screenOnly}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <Select
            label="Period"
            name="period"
            allowDeselect={false}
            data={REPORT_PRESETS.map((p) => ({ value: p, label: REPORT_PRESET_LABELS[p] }))}
            value={preset}
            onChange={(v) => v && choosePreset(v)}
          />
          <DayInput
            label="From"
            name="from"
            value={preset === 'custom' ? custom.from : (shown?.from ?? '')}
            onChange={(from) => {
              setCustom((c) => ({ from, to: preset === 'custom' ? c.to : (shown?.to ?? '') }));
              setPreset('custom');
            }}
          />
          <DayInput
            label="To"
            name="to"
            value={preset === 'custom' ? custom.to : (shown?.to ?? '')}
            error={problem && preset === 'custom' ? problem : undefined}
            onChange={(to) => {
              setCustom((c) => ({ from: preset === 'custom' ? c.from : (shown?.from ?? ''), to }));
              setPreset('custom');
            }}
          />
          <Select
            label="Group by"
            name="groupBy"
            allowDeselect={false}
            data={REPORT_GROUPINGS.map((g) => ({ value: g, label: REPORT_GROUPING_LABELS[g] }))}
            value={groupBy}
            onChange={(v) => v && setGroupBy(v)}
          />
        </SimpleGrid>
        <Group justify="space-between" mt="md" gap="sm">
          <Text size="sm" c="dimmed">
            Days are the store&apos;s own{report ? ` (${report.timeZone})` : ''}. Refunds show on the day they were made.
          </Text>
          <Group gap="sm">
            {sales.isFetching ? <Loader size="xs" aria-label="Loading the sales report" /> : null}
            <Button variant="default" onClick={() => window.print()} disabled={!table}>
              Print
            </Button>
            {report && (report.next !== null || afters.length > 0) ? (
              <Button variant="default" leftSection={<DownloadIcon size={16} />} loading={exporting} onClick={() => void downloadAllPages()}>
                Download all pages
              </Button>
            ) : null}
            <Button
              leftSection={<DownloadIcon size={16} />}
              disabled={!table || table.rows.length === 0}
              onClick={() => {
                if (!table) return;
                downloadCsv(tableFilename(table), tableCsv(table));
                const count = table.rows.filter((r) => r.key !== OTHERS_KEY).length;
                notifySuccess(`Downloaded ${count} ${count === 1 ? 'row' : 'rows'}`);
              }}
            >
              Download CSV
            </Button>
          </Group>
        </Group>
      </Paper>
      {sales.error ? (
        <LoadFailure title={FAILED_LOAD} detail={errorMessage(sales.error, 'Please try again.')} testId="sales-error" retrying={sales.isFetching} onRetry={() => void sales.refetch()} />
      ) : null}
      {problem && preset === 'custom' ? <Text c="dimmed">Correct the days to see the report.</Text> : null}
      {!problem && !report && sales.isPending ? (
        <Group gap="sm">
          <Loader size="sm" aria-hidden />
          <Text>Loading the sales report…</Text>
        </Group>
      ) : null}
      {!problem && report && table ? (
        <Paper withBorder radius="md" p="md" className={classes.sheet} aria-busy={sales.isFetching}>
          <Text className={classes.printOnly} fw={700} mb="sm">
            {table.title}
          </Text>
          {report.rows.length === 0 ? (
            <Text data-testid="sales-empty">No sales, refunds or ledger entries in this period.</Text>
          ) : (
            <Stack gap="md">
              <SalesChart report={report} />
              <ReportTableView table={table} testId="sales-table" />
              {report.next !== null || afters.length > 0 ? (
                <Group justify="space-between" className={classes.screenOnly}>
                  <Text size="sm" c="dimmed" data-testid="sales-page">
                    {REPORT_GROUPING_LABELS[report.groupBy]} rows {afters.length * REPORT_PAGE_SIZE + 1}–{afters.length * REPORT_PAGE_SIZE + report.rows.length}, by{' '}
                    {report.groupBy === 'vendor' ? 'trade name' : 'code'}; the other pages are summed in one row
                  </Text>
                  <Group gap="sm">
                    <Button variant="default" disabled={afters.length === 0 || sales.isFetching} onClick={() => setPages({ scope, afters: afters.slice(0, -1) })}>
                      Previous page
                    </Button>
                    <Button variant="default" disabled={report.next === null || sales.isFetching} onClick={() => report.next !== null && setPages({ scope, afters: [...afters, report.next] })}>
                      Next page
                    </Button>
                  </Group>
                </Group>
              ) : null}
            </Stack>
          )}
        </Paper>
      ) : null}
    </Stack>
  );
}
