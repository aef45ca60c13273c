import { keepPreviousData } from '@tanstack/react-query';
import { PageHeading } from '../../components/page-heading';
import { trpc } from '../../lib/trpc';
import { formatDate } from './format';
import { TABLE_PAGE_SIZES, usePaging } from '../../lib/paging';
import { PagedTable } from './paged-table';

/** System > Stores (SST_ADMIN and above). */
export function StoresPage() {
  const paging = usePaging(TABLE_PAGE_SIZES[0]);
  const query = trpc.system.storesList.useQuery({ page: paging.page, pageSize: paging.pageSize }, { placeholderData: keepPreviousData });
  return (
    <>
      <PageHeading>Stores</PageHeading>
      <PagedTable
        label="Stores"
        rows={query.data?.stores}
        rowKey={(s) => s.id}
        total={query.data?.totalStores ?? 0}
        paging={paging}
        loading={query.isFetching}
        error={query.error}
        failedMessage="Failed to load stores"
        emptyText="No stores found."
        columns={[
          { header: 'Name', cell: (s) => s.name },
          { header: 'Time Zone', cell: (s) => s.timeZone },
          { header: 'Users', cell: (s) => s.userCount.toLocaleString('en-US'), nowrap: true },
          { header: 'Created', cell: (s) => formatDate(s.createdAt, s.timeZone), nowrap: true },
        ]}
      />
    </>
  );
}
