import { describe, expect, it, vi } from 'vitest';
import { assignmentLabel, createSessionStore, type KeyValueStorage } from './session';

function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

const LOGIN = {
  userId: 7,
  username: 'alice',
  email: 'alice@example.com',
  token: 'tok',
  roles: [
    { storeId: 3, storeName: 'Main Street', role: 'STORE_OWNER' },
    { storeId: 4, storeName: 'Annex', role: 'STORE_STAFF' },
  ],
};

describe('session store', () => {
  it('stores a login under its localStorage keys with the first role current', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage);
    store.save(LOGIN);
    expect(Object.fromEntries(storage.data)).toEqual({
      token: 'tok',
      userId: '7',
      username: 'alice',
      email: 'alice@example.com',
      availableRoles: JSON.stringify(LOGIN.roles),
      currentRole: JSON.stringify(LOGIN.roles[0]),
    });
    expect(store.get().currentRole).toEqual({ storeId: 3, storeName: 'Main Street', role: 'STORE_OWNER' });
  });

  it('keeps one snapshot until something changes, and tells subscribers', () => {
    const store = createSessionStore(memoryStorage());
    store.save(LOGIN);
    const first = store.get();
    expect(store.get()).toBe(first);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.setCurrentRole(store.get().availableRoles[1]!);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.get()).not.toBe(first);
    expect(store.get().currentRole?.role).toBe('STORE_STAFF');
    unsubscribe();
    store.clear();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('clears every stored value on logout', () => {
    const storage = memoryStorage({ unrelated: 'x' });
    const store = createSessionStore(storage);
    store.save(LOGIN);
    store.clear();
    expect(Object.fromEntries(storage.data)).toEqual({ unrelated: 'x' });
    expect(store.get()).toEqual({ token: null, userId: null, username: null, email: null, availableRoles: [], currentRole: null });
  });

  it('survives damaged storage: bad JSON and unknown roles are dropped', () => {
    const store = createSessionStore(
      memoryStorage({
        token: 'tok',
        availableRoles: '[{"storeId":1,"storeName":"A","role":"STORE_OWNER"},{"storeId":2,"storeName":"B","role":"KING"}]',
        currentRole: '{not json',
      }),
    );
    expect(store.get().availableRoles).toEqual([{ storeId: 1, storeName: 'A', role: 'STORE_OWNER' }]);
    expect(store.get().currentRole).toBeNull();
  });

  it('a login without roles leaves no current role', () => {
    const store = createSessionStore(memoryStorage({ currentRole: JSON.stringify(LOGIN.roles[0]) }));
    store.save({ ...LOGIN, roles: [] });
    expect(store.get().currentRole).toBeNull();
  });

  it("keeps a vendor assignment's vendor, and keeps it current when switched to", () => {
    const store = createSessionStore(memoryStorage());
    const vendor = { storeId: 3, storeName: 'Main Street', role: 'VENDOR', vendorId: 9, vendorName: 'Ada Antiques' };
    store.save({ ...LOGIN, roles: [...LOGIN.roles, vendor] });
    expect(store.get().availableRoles[2]).toEqual(vendor);
    store.setCurrentRole(store.get().availableRoles[2]!);
    expect(store.get().currentRole).toEqual(vendor);
  });

  it('labels a role assignment as store name - role', () => {
    expect(assignmentLabel({ storeId: 3, storeName: 'Main Street', role: 'STORE_OWNER' })).toBe('Main Street - Store owner');
    expect(assignmentLabel({ storeId: 3, storeName: 'Main Street', role: 'VENDOR', vendorId: 9, vendorName: 'Ada Antiques' })).toBe('Main Street - Vendor (Ada Antiques)');
  });
});
