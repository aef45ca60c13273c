/**
 * The vendor table: a search box (part of a trade name, contact name, e-mail or item-code
 * tag; the server searches), sortable columns, each vendor's balance (what the store owes it;
 * negative, in red and signed, what it owes the store), pages of 10, 20 or 50 from the server,
 * edit per row and, for a manager or an owner, delete (asked in a dialog that refuses a
 * vendor whose balance is not zero; a deletion is confirmed in a notification), Add Vendor
 * at the bottom right, and the error banners above the table. The list reloads on page, size, sort or direction change
 * and after each save or delete.
 */
import { useState } from 'react';
import { ActionIcon, Alert, Button, Group, Loader, Pagination, Paper, Select, Stack, Table, Text, TextInput, Tooltip, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { fromWire, type Vendor, type VendorSort } from '@pos/contracts';
import { MESSAGES, mayChangeVendorMoney } from '@pos/domain';
import { Balance } from '../../components/balance';
import { PageHeading } from '../../components/page-heading';
import { errorMessage } from '../../lib/errors';
import { notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { useSession } from '../../lib/use-session';
import { PencilIcon, PlusIcon, SortIcon, TrashIcon } from '../../components/icons';
import { ariaSort, pageCount, showsPageSizes, showsPagination, toggleSort, useKeepPageInRange, type Paging, type SortState } from '../../lib/paging';
import { VENDOR_PAGE_SIZES, vendorListInput } from './vendor-list-state';
import { VendorDeleteModal } from './vendor-delete-modal';
import { NO_CONTACT_WARNING, vendorRowCells } from './vendor-row';

const COLUMNS: readonly { sort: VendorSort; label: string }[] = [
  { sort: 'tradeName', label: 'Trade Name' },
  { sort: 'contactName', label: 'Contact Name' },
  { sort: 'email', label: 'Email' },
  { sort: 'primaryPhone', label: 'Phone' },
];
const COLUMN_COUNT = COLUMNS.length + 2;

interface Banner {
  color: 'green' | 'red';
  title: string;
  detail: string | null;
}

/** The banner for a failure: the product's text, and the server's reason when it gave one. */
function failureBanner(title: string, error: unknown): Banner {
  const detail = errorMessage(error, '');
  return { color: 'red', title, detail: detail === '' || detail === title ? null : detail };
}

export function VendorList({
  paging,
  sort,
  onSortChange,
  search,
  onSearchChange,
  onAdd,
  onEdit,
}: {
  paging: Paging;
  sort: SortState<VendorSort>;
  onSortChange: (sort: SortState<VendorSort>) => void;
  search: string;
  onSearchChange: (search: string) => void;
  onAdd: () => void;
  onEdit: (vendor: Vendor) => void;
}) {
  const utils = trpc.useUtils();
  // The server is asked once typing pauses.
  const [searched] = useDebouncedValue(search.trim(), 250);
  const list = trpc.vendor.list.useQuery(vendorListInput(paging, sort, searched), { placeholderData: keepPreviousData });
  const remove = trpc.vendor.delete.useMutation();
  const [banner, setBanner] = useState<Banner | null>(null);

  const total = list.data?.totalVendors ?? 0;
  const vendors = list.data?.vendors;

  // A delete can leave the current page past the end: show the last page instead.
  useKeepPageInRange(paging, list.isPlaceholderData ? undefined : list.data?.totalVendors);
  const onSort = (column: VendorSort) => {
    onSortChange(toggleSort(sort, column));
    paging.toFirstPage();
  };

  // Only a manager or an owner deletes (or archives) a vendor: staff see no Delete.
  const { currentRole } = useSession();
  const mayDelete = currentRole !== null && mayChangeVendorMoney(currentRole.role);
  // The vendor the delete dialog asks about; kept while the dialog fades out.
  const [asking, setAsking] = useState<{ vendor: Vendor; open: boolean } | null>(null);

  const deleteVendor = async (vendor: Vendor) => {
    setBanner(null);
    try {
      await remove.mutateAsync({ vendorId: vendor.id });
      notifySuccess(MESSAGES.vendorDeleted);
    } catch (error) {
      setBanner(failureBanner(MESSAGES.vendorDeleteFailed, error));
    }
    setAsking({ vendor, open: false });
    // Deleted or not, show what the server now holds.
    await utils.vendor.list.invalidate();
  };

  const loadBanner = list.error ? failureBanner(MESSAGES.vendorsLoadFailed, list.error) : null;
  const refreshing = list.isFetching && vendors !== undefined;

  return (
    <>
      <PageHeading>Vendors</PageHeading>
      <Stack gap="md">
        {loadBanner ? <BannerAlert banner={loadBanner} /> : null}
        {banner ? <BannerAlert banner={banner} onClose={() => setBanner(null)} /> : null}
        <TextInput
          type="search"
          label="Search vendors"
          placeholder="Trade name, contact, e-mail or item code"
          maw={420}
          value={search}
          onChange={(e) => {
            onSearchChange(e.currentTarget.value);
            paging.toFirstPage();
          }}
        />

        <Paper withBorder radius="md" pos="relative">
          <Table.ScrollContainer minWidth={760}>
            <Table
              verticalSpacing="sm"
              horizontalSpacing="md"
              striped
              highlightOnHover
              aria-label="Vendors"
              data-stack
              aria-busy={list.isFetching}
              style={{ opacity: refreshing ? 0.6 : 1, transition: 'opacity 120ms' }}
            >
              <Table.Thead>
                <Table.Tr>
                  {COLUMNS.map((c) => (
                    <SortableTh key={c.sort} label={c.label} direction={ariaSort(sort, c.sort)} onSort={() => onSort(c.sort)} />
                  ))}
                  <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                    Balance
                  </Table.Th>
                  <Table.Th w={110}>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {vendors === undefined ? (
                  <Table.Tr>
                    <Table.Td colSpan={COLUMN_COUNT}>
                      {list.isPending ? (
                        <Group gap="sm" justify="center" py="md">
                          <Loader size="sm" />
                          <Text c="dimmed">Loading vendors...</Text>
                        </Group>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ) : vendors.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={COLUMN_COUNT}>
                      <Text c="dimmed" ta="center" py="md">
                        {searched === '' ? 'No vendors yet.' : `No vendors match "${searched}".`}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : (
                  vendors.map((vendor) => (
                    <VendorRow
                      key={vendor.id}
                      vendor={vendor}
                      deleting={remove.isPending && remove.variables?.vendorId === vendor.id}
                      onEdit={() => onEdit(vendor)}
                      onDelete={mayDelete ? () => setAsking({ vendor, open: true }) : null}
                    />
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>

        <Group justify="space-between" align="center" gap="md">
          <Group gap="md">
            {showsPageSizes(total, VENDOR_PAGE_SIZES) ? (
              <Group gap="xs">
                <Text size="sm" c="dimmed" component="label" htmlFor="vendor-page-size">
                  Rows per page
                </Text>
                <Select
                  id="vendor-page-size"
                  w={80}
                  size="xs"
                  allowDeselect={false}
                  data={VENDOR_PAGE_SIZES.map(String)}
                  value={String(paging.pageSize)}
                  onChange={(v) => v && paging.setPageSize(Number(v))}
                />
              </Group>
            ) : null}
            {showsPagination(total, paging.pageSize) ? (
              <nav aria-label="Vendor pages">
                <Pagination total={pageCount(total, paging.pageSize)} value={paging.page} onChange={paging.setPage} size="sm" />
              </nav>
            ) : null}
            {vendors !== undefined ? (
              <Text size="sm" c="dimmed" data-testid="vendor-total">
                {total.toLocaleString('en-US')} {total === 1 ? 'vendor' : 'vendors'}
              </Text>
            ) : null}
            {refreshing ? <Loader size="xs" aria-label="Loading vendors" /> : null}
          </Group>
          <Button leftSection={<PlusIcon size={16} />} onClick={onAdd}>
            Add Vendor
          </Button>
        </Group>
      </Stack>
      <VendorDeleteModal
        opened={asking?.open ?? false}
        vendor={asking?.vendor ?? null}
        deleting={remove.isPending}
        onCancel={() => setAsking((a) => (a ? { ...a, open: false } : a))}
        onConfirm={() => asking && void deleteVendor(asking.vendor)}
      />
    </>
  );
}

function BannerAlert({ banner, onClose }: { banner: Banner; onClose?: () => void }) {
  return (
    <Alert
      color={banner.color}
      variant="light"
      role={banner.color === 'red' ? 'alert' : 'status'}
      title={banner.title}
      data-testid={banner.color === 'red' ? 'vendor-error' : 'vendor-success'}
      withCloseButton={onClose !== undefined}
      closeButtonLabel="Dismiss"
      onClose={onClose}
    >
      {banner.detail}
    </Alert>
  );
}

function SortableTh({ label, direction, onSort }: { label: string; direction: 'ascending' | 'descending' | 'none'; onSort: () => void }) {
  return (
    <Table.Th aria-sort={direction}>
      <UnstyledButton onClick={onSort} fw={600} fz="sm" style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
        {label}
        <SortIcon direction={direction === 'ascending' ? 'asc' : direction === 'descending' ? 'desc' : null} />
      </UnstyledButton>
    </Table.Th>
  );
}

function VendorRow({ vendor, deleting, onEdit, onDelete }: { vendor: Vendor; deleting: boolean; onEdit: () => void; onDelete: (() => void) | null }) {
  const cells = vendorRowCells(vendor);
  return (
    <Table.Tr data-vendor-id={vendor.id}>
      <Table.Td fw={500} style={{ overflowWrap: 'anywhere' }} data-label="Trade Name">
        {vendor.tradeName}
      </Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }} data-label="Contact Name">
        {cells.contactName ?? (
          <Text span c="red" size="sm" fw={500}>
            {NO_CONTACT_WARNING}
          </Text>
        )}
      </Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }} data-label="Email">
        {cells.email}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }} data-label="Phone">
        {cells.phone}
      </Table.Td>
      <Table.Td ta="right" data-label="Balance">
        <Balance value={fromWire(vendor.outstandingStatementBalance)} />
      </Table.Td>
      <Table.Td data-label="Actions">
        <Group gap={4} wrap="nowrap">
          <Tooltip label="Edit" withArrow>
            <ActionIcon variant="subtle" aria-label={`Edit vendor ${vendor.tradeName}`} onClick={onEdit}>
              <PencilIcon />
            </ActionIcon>
          </Tooltip>
          {onDelete ? (
            <Tooltip label="Delete" withArrow>
              <ActionIcon variant="subtle" color="red" aria-label={`Delete vendor ${vendor.tradeName}`} onClick={onDelete} loading={deleting}>
                <TrashIcon />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
