/**
 * The Vendors screens: the list at /store/vendors and the vendor editor at
 * /store/vendors/$vendorId ('new' for a vendor being added), so the browser's back
 * button and the drawer's Vendors link leave the editor. The list's page, size, sort
 * and search live in the layout above both, so the list comes back as it was left.
 * After a successful add the editor moves to the created vendor's own URL.
 */
import { createContext, useContext, useState, type ReactNode } from 'react';
import { Alert, Group, Loader, Text } from '@mantine/core';
import { Outlet, useNavigate } from '@tanstack/react-router';
import type { VendorSort } from '@pos/contracts';
import { MESSAGES } from '@pos/domain';
import { PageHeading } from '../../components/page-heading';
import { errorMessage } from '../../lib/errors';
import { usePaging, type Paging, type SortState } from '../../lib/paging';
import { trpc } from '../../lib/trpc';
import { VendorForm } from './vendor-form';
import { VendorList } from './vendor-list';
import { DEFAULT_VENDOR_PAGE_SIZE, INITIAL_VENDOR_SORT } from './vendor-list-state';

/** The path segment of a vendor being added. */
export const NEW_VENDOR = 'new';

interface ListState {
  paging: Paging;
  sort: SortState<VendorSort>;
  setSort: (sort: SortState<VendorSort>) => void;
  search: string;
  setSearch: (search: string) => void;
}

const ListStateContext = createContext<ListState | null>(null);

/** Holds the list's state while the user moves between the list and an editor. */
export function VendorsLayout({ children }: { children?: ReactNode }) {
  const paging = usePaging(DEFAULT_VENDOR_PAGE_SIZE);
  const [sort, setSort] = useState(INITIAL_VENDOR_SORT);
  const [search, setSearch] = useState('');
  return <ListStateContext.Provider value={{ paging, sort, setSort, search, setSearch }}>{children ?? <Outlet />}</ListStateContext.Provider>;
}

function useListState(): ListState {
  const state = useContext(ListStateContext);
  if (!state) throw new Error('The vendors screens are rendered inside VendorsLayout');
  return state;
}

export function VendorsPage() {
  const { paging, sort, setSort, search, setSearch } = useListState();
  const navigate = useNavigate();
  const open = (vendorId: number | typeof NEW_VENDOR) => {
    void navigate({ to: '/store/vendors/$vendorId', params: { vendorId: String(vendorId) } });
    window.scrollTo({ top: 0 });
  };
  return (
    <VendorList
      paging={paging}
      sort={sort}
      onSortChange={setSort}
      search={search}
      onSearchChange={setSearch}
      onAdd={() => open(NEW_VENDOR)}
      onEdit={(vendor) => open(vendor.id)}
    />
  );
}

/** The editor of the vendor the URL names, or of a new vendor. */
export function VendorEditorPage({ vendorId }: { vendorId: string }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const isNew = vendorId === NEW_VENDOR;
  const id = Number(vendorId);
  const valid = !isNew && Number.isSafeInteger(id) && id > 0;
  const vendor = trpc.vendor.fetch.useQuery({ vendorId: id }, { enabled: valid });
  const toList = () => void navigate({ to: '/store/vendors' });

  if (isNew) {
    return (
      <VendorForm
        vendor={null}
        onSaved={(saved) => {
          // The editor of the new vendor, at its own URL, without a second load.
          utils.vendor.fetch.setData({ vendorId: saved.id }, { success: true, vendor: saved });
          void navigate({ to: '/store/vendors/$vendorId', params: { vendorId: String(saved.id) }, replace: true });
        }}
        onCancel={toList}
      />
    );
  }
  if (!valid || vendor.error) {
    return (
      <>
        <PageHeading>Edit Vendor</PageHeading>
        <Alert color="red" variant="light" role="alert" title={MESSAGES.vendorsLoadFailed} data-testid="vendor-error">
          {valid ? errorMessage(vendor.error, '') || null : 'No such vendor in this store'}
        </Alert>
      </>
    );
  }
  if (!vendor.data) {
    return (
      <>
        <PageHeading>Edit Vendor</PageHeading>
        <Group gap="sm">
          <Loader size="sm" />
          <Text c="dimmed">Loading vendor...</Text>
        </Group>
      </>
    );
  }
  return (
    <VendorForm
      // One form per vendor: saving keeps the form (and what it holds) mounted.
      key={vendorId}
      vendor={vendor.data.vendor}
      onSaved={(saved) => utils.vendor.fetch.setData({ vendorId: saved.id }, { success: true, vendor: saved })}
      onCancel={toList}
    />
  );
}
