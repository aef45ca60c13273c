import { Stack, Text } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { roleName } from '@pos/domain';
import { PageHeading } from '../../components/page-heading';
import { trpc } from '../../lib/trpc';
import { formatDate } from './format';
import { TABLE_PAGE_SIZES, usePaging } from '../../lib/paging';
import { PagedTable } from './paged-table';

/** System > Users (SST_ADMIN and above). */
export function UsersPage() {
  const paging = usePaging(TABLE_PAGE_SIZES[0]);
  const query = trpc.system.usersList.useQuery({ page: paging.page, pageSize: paging.pageSize }, { placeholderData: keepPreviousData });
  return (
    <>
      <PageHeading>Users</PageHeading>
      <PagedTable
        label="Users"
        rows={query.data?.users}
        rowKey={(u) => u.userId}
        total={query.data?.totalUsers ?? 0}
        paging={paging}
        loading={query.isFetching}
        error={query.error}
        failedMessage="Failed to load users"
        emptyText="No users found."
        columns={[
          { header: 'Username', cell: (u) => u.username },
          { header: 'Email', cell: (u) => u.email },
          {
            header: 'Roles',
            cell: (u) => (
              <Stack gap={2}>
                {u.roles.map((r) => (
                  <Text key={`${r.storeId}:${r.role}`} size="sm">
                    {`${r.storeName} - ${roleName(r.role)}`}
                  </Text>
                ))}
              </Stack>
            ),
          },
          { header: 'Created', cell: (u) => formatDate(u.createdAt), nowrap: true },
        ]}
      />
    </>
  );
}
