import type { Role } from '@pos/domain';

/** Short names for store roles in staff screens; the role's code is shown beside where it matters. */
export const ROLE_LABELS: Record<Role, string> = {
  ABSOLUTE_ADMIN: 'Absolute Admin',
  SST_ADMIN: 'SST Admin',
  SST_MANAGER: 'SST Manager',
  SST_STAFF: 'SST Staff',
  STORE_OWNER: 'Owner',
  STORE_MANAGER: 'Manager',
  STORE_ACCOUNTANT: 'Accountant',
  STORE_STAFF: 'Staff',
  VENDOR: 'Vendor',
};
