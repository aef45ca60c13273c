/**
 * A report's table as built by report-table.ts: caption, header, rows and a totals row.
 * Cells are keyed by their column's id, never by heading or position alone: two columns
 * may share a heading, and a grouping's columns differ from the previous grouping's.
 */
import { Table } from '@mantine/core';
import type { ReportTable } from './report-table';
import classes from './reports.module.css';

export function ReportTableView({ table, testId }: { table: ReportTable; testId: string }) {
  const align = (i: number) => (table.columns[i]?.numeric ? classes.numeric : undefined);
  const key = (i: number) => table.columns[i]?.id ?? String(i);
  return (
    <Table.ScrollContainer minWidth={720} type="native" tabIndex={0} role="region" aria-label={`${table.title} (scrolls sideways)`}>
      <Table striped highlightOnHover withTableBorder captionSide="top" fz="sm" horizontalSpacing="xs" data-testid={testId}>
        <Table.Caption>{table.title}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {table.columns.map((c, i) => (
              <Table.Th key={c.id} scope="col" className={align(i)}>
                {c.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {table.rows.map((row) => (
            <Table.Tr key={row.key}>
              {row.cells.map((cell, i) =>
                i === 0 ? (
                  <Table.Th key={key(i)} scope="row" fw={500} style={{ whiteSpace: 'nowrap' }}>
                    {cell}
                  </Table.Th>
                ) : (
                  <Table.Td key={key(i)} className={align(i)}>
                    {cell}
                  </Table.Td>
                ),
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
        {table.totals ? (
          <Table.Tfoot>
            <Table.Tr className={classes.totals}>
              {table.totals.map((cell, i) => (
                <Table.Td key={key(i)} className={align(i)}>
                  {cell}
                </Table.Td>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        ) : null}
      </Table>
    </Table.ScrollContainer>
  );
}
