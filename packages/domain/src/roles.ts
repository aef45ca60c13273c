/**
 * Roles and their hierarchy (ROLE_HIERARCHY below: who includes whom), and who may grant
 * which store role.
 */

import { DomainError } from './errors';

export const ROLES = [
  'ABSOLUTE_ADMIN',
  'SST_STAFF',
  'SST_MANAGER',
  'SST_ADMIN',
  'STORE_STAFF',
  'STORE_MANAGER',
  'STORE_ACCOUNTANT',
  'STORE_OWNER',
  'VENDOR',
] as const;

export type Role = (typeof ROLES)[number];
/** 'ALL' is a wildcard for menu and route rules only; nobody holds it. */
export type MenuRole = Role | 'ALL';

export const STORE_ROLES = ['STORE_STAFF', 'STORE_MANAGER', 'STORE_ACCOUNTANT', 'STORE_OWNER'] as const satisfies readonly Role[];
export const SYSTEM_ROLES = ['ABSOLUTE_ADMIN', 'SST_STAFF', 'SST_MANAGER', 'SST_ADMIN'] as const satisfies readonly Role[];
/**
 * A vendor of one store in the vendor portal: the assignment also names the vendor. It
 * includes no store role and no store role includes it.
 */
export const VENDOR_ROLE = 'VENDOR' as const satisfies Role;
/** Every role but VENDOR: the staff of stores and of the platform. */
export const STAFF_ROLES = ROLES.filter((r) => r !== VENDOR_ROLE) as readonly Exclude<Role, 'VENDOR'>[];
export type StoreRole = (typeof STORE_ROLES)[number];
export type SystemRole = (typeof SYSTEM_ROLES)[number];

const ROLE_NAMES: Readonly<Record<Role, string>> = {
  ABSOLUTE_ADMIN: 'Absolute administrator',
  SST_ADMIN: 'System administrator',
  SST_MANAGER: 'System manager',
  SST_STAFF: 'System staff',
  STORE_OWNER: 'Store owner',
  STORE_MANAGER: 'Store manager',
  STORE_ACCOUNTANT: 'Store accountant',
  STORE_STAFF: 'Store staff',
  VENDOR: 'Vendor',
};

/** A role in words, as every screen shows it ('Store staff', not STORE_STAFF); an unknown code as given. */
export function roleName(role: string): string {
  return isRole(role) ? ROLE_NAMES[role] : role;
}

const ROLE_SET: ReadonlySet<string> = new Set(ROLES);
const STORE_ROLE_SET: ReadonlySet<string> = new Set(STORE_ROLES);

export function isRole(x: unknown): x is Role {
  return typeof x === 'string' && ROLE_SET.has(x);
}

export function isStoreRole(x: unknown): x is StoreRole {
  return typeof x === 'string' && STORE_ROLE_SET.has(x);
}

/** Direct inclusions: a role includes the permissions of the roles listed for it. */
export const ROLE_HIERARCHY: Readonly<Record<Role, readonly Role[]>> = Object.freeze({
  ABSOLUTE_ADMIN: Object.freeze(['SST_ADMIN'] as const),
  SST_ADMIN: Object.freeze(['SST_MANAGER'] as const),
  SST_MANAGER: Object.freeze(['SST_STAFF'] as const),
  SST_STAFF: Object.freeze([] as const),
  STORE_OWNER: Object.freeze(['STORE_MANAGER', 'STORE_ACCOUNTANT'] as const),
  STORE_MANAGER: Object.freeze(['STORE_STAFF'] as const),
  STORE_ACCOUNTANT: Object.freeze([] as const),
  STORE_STAFF: Object.freeze([] as const),
  VENDOR: Object.freeze([] as const),
});

/**
 * @throws DomainError ROLE_CYCLE 'Role hierarchy has a cycle: A -> B -> A'
 *   naming the first cycle found (keys visited in insertion order).
 */
export function assertAcyclic(h: Readonly<Record<string, readonly string[]>>): void {
  const DONE = 2;
  const ON_PATH = 1;
  const state = new Map<string, number>();
  const path: string[] = [];

  const visit = (node: string): void => {
    const s = state.get(node);
    if (s === DONE) return;
    if (s === ON_PATH) {
      const cycle = [...path.slice(path.indexOf(node)), node];
      throw new DomainError('ROLE_CYCLE', `Role hierarchy has a cycle: ${cycle.join(' -> ')}`);
    }
    state.set(node, ON_PATH);
    path.push(node);
    for (const child of Object.hasOwn(h, node) ? (h[node] ?? []) : []) visit(child);
    path.pop();
    state.set(node, DONE);
  };

  for (const node of Object.keys(h)) visit(node);
}

export interface RoleChecker<R extends string = Role> {
  /** Reflexive and transitive: does `role` include (the permissions of) `other`? */
  includes(role: R, other: R): boolean;
  /** `role` and every role it includes, directly or not. */
  expand(role: R): ReadonlySet<R>;
}

/** Checks `h` for cycles (throws ROLE_CYCLE) and precomputes every closure. */
export function createRoleChecker<R extends string = Role>(h: Readonly<Record<R, readonly R[]>>): RoleChecker<R> {
  assertAcyclic(h);
  const closures = new Map<R, ReadonlySet<R>>();

  const closure = (role: R): ReadonlySet<R> => {
    const known = closures.get(role);
    if (known) return known;
    const set = new Set<R>([role]);
    const direct: readonly R[] = Object.hasOwn(h, role) ? h[role] : [];
    for (const child of direct) for (const r of closure(child)) set.add(r);
    closures.set(role, set);
    return set;
  };

  for (const role of Object.keys(h) as R[]) closure(role);

  return {
    includes: (role, other) => closure(role).has(other),
    // A copy, so callers cannot corrupt the cache. Unknown roles include only themselves.
    expand: (role) => new Set(closure(role)),
  };
}

// Runs assertAcyclic at module load: a cycle in the hierarchy is a start-up error.
const defaultChecker = createRoleChecker(ROLE_HIERARCHY);

/** Does `role` include `other` in the hierarchy (reflexive, transitive)? */
export function includes(role: Role, other: Role): boolean {
  return defaultChecker.includes(role, other);
}

/** `role` and every role it includes in the hierarchy. */
export function expandRole(role: Role): ReadonlySet<Role> {
  return defaultChecker.expand(role);
}

/**
 * Menu visibility: an entry is visible when it allows 'ALL' or when the current
 * role, or a role it includes, is allowed. With no current role nothing is visible
 * (the drawer shows only Logout).
 */
export function isVisible(current: Role | null, allowed: readonly MenuRole[]): boolean {
  if (current === null) return false;
  if (allowed.includes('ALL')) return true;
  return allowed.some((r) => r !== 'ALL' && defaultChecker.includes(current, r));
}

/** A STORE_OWNER may grant (and revoke) any store role; a STORE_MANAGER only STORE_STAFF; nobody else anything. */
export function canGrantRole(granter: Role, target: Role): boolean {
  if (granter === 'STORE_OWNER') return isStoreRole(target);
  if (granter === 'STORE_MANAGER') return target === 'STORE_STAFF';
  return false;
}
