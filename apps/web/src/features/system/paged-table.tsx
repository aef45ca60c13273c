import type { ReactNode } from 'react';
import { Alert, Group, Loader, Pagination, Paper, Select, Table, Text } from '@mantine/core';
import { errorMessage } from '../../lib/errors';

/** SPEC 9: table pagination page sizes. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;

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
  page,
  pageSize,
  onPage,
  onPageSize,
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
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
  loading: boolean;
  error: unknown;
  failedMessage: string;
  emptyText: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Paper withBorder radius="md">
      {error ? (
        <Alert color="red" variant="light" role="alert" m="md">
          {errorMessage(error, failedMessage)}
        </Alert>
      ) : null}
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm" horizontalSpacing="md" striped aria-label={label} aria-busy={loading}>
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
                    <Table.Td key={c.header} style={c.nowrap ? { whiteSpace: 'nowrap' } : undefined}>
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
            data={PAGE_SIZES.map(String)}
            value={String(pageSize)}
            onChange={(v) => v && onPageSize(Number(v))}
          />
          <Text size="sm" c="dimmed" data-testid="total-count">
            {total.toLocaleString('en-US')} total
          </Text>
        </Group>
        <Pagination total={pages} value={Math.min(page, pages)} onChange={onPage} size="sm" />
      </Group>
    </Paper>
  );
}
