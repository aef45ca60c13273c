/**
 * The browser-stored session: `token`, `userId`, `username`, `email`,
 * `availableRoles` (JSON list) and `currentRole` (JSON {storeId, storeName, role}, a
 * vendor's also vendorId and vendorName) in
 * localStorage, plus a tiny subscribe mechanism so the shell and screens re-render at
 * once when the role changes, the user logs in or out, or another tab does.
 */
import { isRole, roleName, type Role } from '@pos/domain';

export interface RoleAssignment {
  storeId: number;
  storeName: string;
  role: Role;
  /** A VENDOR assignment's vendor (the vendor portal). */
  vendorId?: number;
  vendorName?: string;
}

export interface Session {
  token: string | null;
  userId: string | null;
  username: string | null;
  email: string | null;
  availableRoles: RoleAssignment[];
  currentRole: RoleAssignment | null;
}

export interface LoginResult {
  userId: number | string;
  username: string;
  email: string;
  token: string;
  roles: readonly { storeId: number; storeName: string; role: string; vendorId?: number | undefined; vendorName?: string | undefined }[];
}

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const SESSION_KEYS = ['token', 'userId', 'username', 'email', 'availableRoles', 'currentRole'] as const;

function toAssignment(x: unknown): RoleAssignment | null {
  if (typeof x !== 'object' || x === null) return null;
  const r = x as Record<string, unknown>;
  const storeId = typeof r.storeId === 'string' ? Number(r.storeId) : r.storeId;
  if (typeof storeId !== 'number' || !Number.isSafeInteger(storeId) || storeId <= 0) return null;
  if (typeof r.storeName !== 'string' || !isRole(r.role)) return null;
  const vendorId = typeof r.vendorId === 'string' ? Number(r.vendorId) : r.vendorId;
  const vendor = typeof vendorId === 'number' && Number.isSafeInteger(vendorId) && vendorId > 0 ? { vendorId, vendorName: typeof r.vendorName === 'string' ? r.vendorName : '' } : {};
  return { storeId, storeName: r.storeName, role: r.role, ...vendor };
}

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Same store and role: the identity of an assignment. */
export function sameAssignment(a: RoleAssignment | null, b: RoleAssignment | null): boolean {
  return a !== null && b !== null && a.storeId === b.storeId && a.role === b.role;
}

/** Set when a login answers that a manager reset the password: the Account page asks for a new one first. */
export const MUST_CHANGE_PASSWORD_KEY = 'pos.mustChangePassword';

/** 'store name - role', the label of the role selection; a vendor's names the vendor too. */
export function assignmentLabel(a: RoleAssignment): string {
  return `${a.storeName} - ${roleName(a.role)}${a.vendorName ? ` (${a.vendorName})` : ''}`;
}

export function createSessionStore(storage: KeyValueStorage) {
  const listeners = new Set<() => void>();
  let snapshot: Session | null = null;

  const read = (): Session => {
    const roles = parseJson(storage.getItem('availableRoles'));
    return {
      token: storage.getItem('token') || null,
      userId: storage.getItem('userId'),
      username: storage.getItem('username'),
      email: storage.getItem('email'),
      availableRoles: Array.isArray(roles) ? roles.map(toAssignment).filter((r): r is RoleAssignment => r !== null) : [],
      currentRole: toAssignment(parseJson(storage.getItem('currentRole'))),
    };
  };

  const changed = () => {
    snapshot = null;
    for (const listener of [...listeners]) listener();
  };

  return {
    /** A stable snapshot until the next change (fit for useSyncExternalStore). */
    get: (): Session => {
      snapshot ??= read();
      return snapshot;
    },
    /** Stores a login or sign-up response; the first role becomes current. */
    save(result: LoginResult): void {
      const roles = result.roles.map(toAssignment).filter((r): r is RoleAssignment => r !== null);
      storage.setItem('token', result.token);
      storage.setItem('userId', String(result.userId));
      storage.setItem('username', result.username);
      storage.setItem('email', result.email);
      storage.setItem('availableRoles', JSON.stringify(roles));
      const first = roles[0];
      if (first) storage.setItem('currentRole', JSON.stringify(first));
      else storage.removeItem('currentRole');
      changed();
    },
    setCurrentRole(role: RoleAssignment): void {
      const vendor = role.vendorId === undefined ? {} : { vendorId: role.vendorId, vendorName: role.vendorName ?? '' };
      storage.setItem('currentRole', JSON.stringify({ storeId: role.storeId, storeName: role.storeName, role: role.role, ...vendor }));
      changed();
    },
    /** Removes every stored session value (logout, or a session the server no longer knows). */
    clear(): void {
      for (const key of SESSION_KEYS) storage.removeItem(key);
      changed();
    },
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Another tab changed storage: drop the cached snapshot and tell subscribers. */
    notifyExternalChange(key: string | null): void {
      if (key === null || (SESSION_KEYS as readonly string[]).includes(key)) changed();
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;

function browserStorage(): KeyValueStorage {
  if (typeof window !== 'undefined' && window.localStorage) return window.localStorage;
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

export const session = createSessionStore(browserStorage());

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => session.notifyExternalChange(e.key));
}
