import { useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { PageHeading } from '../../components/page-heading';
import { trpc } from '../../lib/trpc';
import { formatDate } from './format';
import { PAGE_SIZES, PagedTable } from './paged-table';

/** System > Stores (SST_ADMIN and above). */
export function StoresPage() {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const query = trpc.system.storesList.useQuery({ page, pageSize }, { placeholderData: keepPreviousData });
  return (
    <>
      <PageHeading>Stores</PageHeading>
      <PagedTable
        label="Stores"
        rows={query.data?.stores}
        rowKey={(s) => s.id}
        total={query.data?.totalStores ?? 0}
        page={page}
        pageSize={pageSize}
        onPage={setPage}
        onPageSize={(size) => {
          setPageSize(size);
          setPage(1);
        }}
        loading={query.isFetching}
        error={query.error}
        failedMessage="Failed to load stores"
        emptyText="No stores found."
        columns={[
          { header: 'Name', cell: (s) => s.name },
          { header: 'Time Zone', cell: (s) => s.timeZone },
          { header: 'Users', cell: (s) => s.userCount.toLocaleString('en-US'), nowrap: true },
          { header: 'Created', cell: (s) => formatDate(s.createdAt), nowrap: true },
        ]}
      />
    </>
  );
}
