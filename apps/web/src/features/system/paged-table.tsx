import type { ReactNode } from 'react';
import { Alert, Group, Loader, Pagination, Paper, Select, Table, Text } from '@mantine/core';
import { errorMessage } from '../../lib/errors';
import { pageCount, TABLE_PAGE_SIZES, type Paging } from '../../lib/paging';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Keep the cell on one line (dates, numbers). */
  nowrap?: boolean;
}

/** A server-paginated table: rows of one page, a page-size choice and page links. */
export function PagedTable<T>({
  label,
  columns,
  rows,
  rowKey,
  total,
  paging,
  loading,
  error,
  failedMessage,
  emptyText,
}: {
  label: string;
  columns: readonly Column<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string | number;
  total: number;
  paging: Paging;
  loading: boolean;
  error: unknown;
  failedMessage: string;
  emptyText: string;
}) {
  const pages = pageCount(total, paging.pageSize);
  return (
    <Paper withBorder radius="md">
      {error ? (
        <Alert color="red" variant="light" role="alert" m="md">
          {errorMessage(error, failedMessage)}
        </Alert>
      ) : null}
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm" horizontalSpacing="md" striped aria-label={label} aria-busy={loading} data-stack>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.header}>{c.header}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows === undefined ? (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  {loading ? (
                    <Group gap="sm">
                      <Loader size="xs" />
                      <Text c="dimmed" size="sm">
                        Loading...
                      </Text>
                    </Group>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ) : rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Text c="dimmed">{emptyText}</Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              rows.map((row) => (
                <Table.Tr key={rowKey(row)}>
                  {columns.map((c) => (
                    <Table.Td key={c.header} style={c.nowrap ? { whiteSpace: 'nowrap' } : undefined} data-label={c.header}>
                      {c.cell(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" p="md" gap="md" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            Rows per page
          </Text>
          <Select
            aria-label="Rows per page"
            w={80}
            size="xs"
            allowDeselect={false}
            data={TABLE_PAGE_SIZES.map(String)}
            value={String(paging.pageSize)}
            onChange={(v) => v && paging.setPageSize(Number(v))}
          />
          <Text size="sm" c="dimmed" data-testid="total-count">
            {total.toLocaleString('en-US')} total
          </Text>
        </Group>
        <Pagination total={pages} value={Math.min(paging.page, pages)} onChange={paging.setPage} size="sm" />
      </Group>
    </Paper>
  );
}
