import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DomainError,
  ROLES,
  ROLE_HIERARCHY,
  STORE_ROLES,
  SYSTEM_ROLES,
  assertAcyclic,
  canGrantRole,
  createRoleChecker,
  expandRole,
  includes,
  isRole,
  isStoreRole,
  isVisible,
  type Role,
} from '../src/index';

function cycleError(h: Record<string, readonly string[]>): DomainError {
  try {
    assertAcyclic(h);
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error('expected a cycle');
}

describe('roles', () => {
  it('lists the nine roles, four store, four system and the vendor', () => {
    expect(ROLES).toHaveLength(9);
    expect([...STORE_ROLES].sort()).toEqual(['STORE_ACCOUNTANT', 'STORE_MANAGER', 'STORE_OWNER', 'STORE_STAFF']);
    expect([...SYSTEM_ROLES].sort()).toEqual(['ABSOLUTE_ADMIN', 'SST_ADMIN', 'SST_MANAGER', 'SST_STAFF']);
    expect(new Set([...STORE_ROLES, ...SYSTEM_ROLES, 'VENDOR'])).toEqual(new Set(ROLES));
  });

  it('VENDOR includes no other role and no other role includes it', () => {
    for (const r of ROLES) {
      if (r === 'VENDOR') continue;
      expect(includes('VENDOR', r)).toBe(false);
      expect(includes(r, 'VENDOR')).toBe(false);
    }
    expect(canGrantRole('STORE_OWNER', 'VENDOR')).toBe(false);
  });

  it('isRole recognises exactly the roles ("ALL" is not a role)', () => {
    for (const r of ROLES) expect(isRole(r)).toBe(true);
    for (const x of ['ALL', 'store_owner', '', 'OWNER', null, undefined, 1, {}, ['STORE_OWNER']]) expect(isRole(x)).toBe(false);
    expect(isStoreRole('STORE_STAFF')).toBe(true);
    expect(isStoreRole('SST_STAFF')).toBe(false);
  });
});

describe('hierarchy', () => {
  it("has the direct inclusions of the product's roles", () => {
    expect(ROLE_HIERARCHY).toEqual({
      ABSOLUTE_ADMIN: ['SST_ADMIN'],
      SST_ADMIN: ['SST_MANAGER'],
      SST_MANAGER: ['SST_STAFF'],
      SST_STAFF: [],
      STORE_OWNER: ['STORE_MANAGER', 'STORE_ACCOUNTANT'],
      STORE_MANAGER: ['STORE_STAFF'],
      STORE_ACCOUNTANT: [],
      STORE_STAFF: [],
      VENDOR: [],
    });
  });

  it('expands roles transitively', () => {
    expect(expandRole('ABSOLUTE_ADMIN')).toEqual(new Set(['ABSOLUTE_ADMIN', 'SST_ADMIN', 'SST_MANAGER', 'SST_STAFF']));
    expect(expandRole('STORE_OWNER')).toEqual(new Set(['STORE_OWNER', 'STORE_MANAGER', 'STORE_ACCOUNTANT', 'STORE_STAFF']));
    expect(expandRole('STORE_MANAGER')).toEqual(new Set(['STORE_MANAGER', 'STORE_STAFF']));
    expect(expandRole('STORE_ACCOUNTANT')).toEqual(new Set(['STORE_ACCOUNTANT']));
    expect(expandRole('SST_STAFF')).toEqual(new Set(['SST_STAFF']));
  });

  it('expandRole returns a copy the caller cannot use to corrupt the cache', () => {
    (expandRole('STORE_STAFF') as Set<Role>).add('STORE_OWNER');
    expect(includes('STORE_STAFF', 'STORE_OWNER')).toBe(false);
  });

  it('includes is reflexive and follows the hierarchy only downwards', () => {
    expect(includes('STORE_OWNER', 'STORE_STAFF')).toBe(true);
    expect(includes('STORE_OWNER', 'STORE_ACCOUNTANT')).toBe(true);
    expect(includes('STORE_MANAGER', 'STORE_ACCOUNTANT')).toBe(false);
    expect(includes('STORE_STAFF', 'STORE_MANAGER')).toBe(false);
    expect(includes('ABSOLUTE_ADMIN', 'SST_STAFF')).toBe(true);
    expect(includes('ABSOLUTE_ADMIN', 'STORE_STAFF')).toBe(false);
    expect(includes('SST_ADMIN', 'ABSOLUTE_ADMIN')).toBe(false);
    for (const r of ROLES) expect(includes(r, r)).toBe(true);
  });

  it('includes is transitive and agrees with expandRole', () => {
    const role = fc.constantFrom(...ROLES);
    fc.assert(
      fc.property(role, role, role, (a, b, c) => {
        if (includes(a, b) && includes(b, c)) expect(includes(a, c)).toBe(true);
        expect(includes(a, b)).toBe(expandRole(a).has(b));
      }),
    );
  });
});

describe('assertAcyclic', () => {
  it('accepts the product hierarchy and graphs with unknown leaves', () => {
    expect(() => assertAcyclic(ROLE_HIERARCHY)).not.toThrow();
    expect(() => assertAcyclic({ A: ['B', 'C'], B: ['C'] })).not.toThrow();
    expect(() => assertAcyclic({})).not.toThrow();
  });

  it('names the cycle', () => {
    const e = cycleError({ A: ['B'], B: ['A'] });
    expect(e.code).toBe('ROLE_CYCLE');
    expect(e.message).toBe('Role hierarchy has a cycle: A -> B -> A');
    expect(cycleError({ A: ['A'] }).message).toBe('Role hierarchy has a cycle: A -> A');
    expect(cycleError({ X: ['A'], A: ['B'], B: ['C'], C: ['A'] }).message).toBe(
      'Role hierarchy has a cycle: A -> B -> C -> A',
    );
  });

  it('createRoleChecker refuses a cyclic hierarchy', () => {
    expect(() =>
      createRoleChecker<Role>({ ...ROLE_HIERARCHY, STORE_STAFF: ['STORE_OWNER'] }),
    ).toThrow('Role hierarchy has a cycle: STORE_OWNER -> STORE_MANAGER -> STORE_STAFF -> STORE_OWNER');
  });

  // Random DAGs: edges only go from a lower to a higher index.
  const dag = fc.integer({ min: 1, max: 8 }).chain((n) =>
    fc
      .array(fc.tuple(fc.nat({ max: n - 1 }), fc.nat({ max: n - 1 })), { maxLength: 20 })
      .map((pairs) => {
        const h: Record<string, string[]> = {};
        for (let i = 0; i < n; i++) h[`R${i}`] = [];
        for (const [a, b] of pairs) if (a < b) h[`R${a}`]!.push(`R${b}`);
        return { n, h };
      }),
  );

  it('createRoleChecker agrees with plain reachability on random DAGs', () => {
    fc.assert(
      fc.property(dag, ({ n, h }) => {
        const checker = createRoleChecker(h);
        const reach = (from: string): Set<string> => {
          const seen = new Set([from]);
          const todo = [from];
          while (todo.length) {
            for (const next of h[todo.pop()!] ?? []) {
              if (!seen.has(next)) {
                seen.add(next);
                todo.push(next);
              }
            }
          }
          return seen;
        };
        for (let i = 0; i < n; i++) {
          const r = reach(`R${i}`);
          expect(checker.expand(`R${i}`)).toEqual(r);
          for (let j = 0; j < n; j++) expect(checker.includes(`R${i}`, `R${j}`)).toBe(r.has(`R${j}`));
        }
      }),
    );
  });

  it('detects a back edge added to any path of a random DAG', () => {
    fc.assert(
      fc.property(dag, fc.nat(), ({ n, h }, pick) => {
        // Find a node with a descendant and point that descendant back at it.
        const from = `R${pick % n}`;
        const child = h[from]?.[0];
        fc.pre(child !== undefined);
        const cyclic = { ...h, [child]: [...(h[child] ?? []), from] };
        expect(() => assertAcyclic(cyclic)).toThrow(DomainError);
        expect(cycleError(cyclic).code).toBe('ROLE_CYCLE');
      }),
    );
  });
});

describe('isVisible', () => {
  it('hides everything without a current role, even ALL entries', () => {
    expect(isVisible(null, ['ALL'])).toBe(false);
    expect(isVisible(null, ['STORE_STAFF'])).toBe(false);
  });

  it('shows ALL entries to every role', () => {
    for (const r of ROLES) expect(isVisible(r, ['ALL'])).toBe(true);
  });

  it('matches the current role or any role it includes', () => {
    expect(isVisible('STORE_STAFF', ['STORE_STAFF'])).toBe(true);
    expect(isVisible('STORE_OWNER', ['STORE_STAFF'])).toBe(true);
    expect(isVisible('STORE_ACCOUNTANT', ['STORE_STAFF'])).toBe(false);
    expect(isVisible('STORE_STAFF', ['STORE_MANAGER', 'STORE_OWNER'])).toBe(false);
    expect(isVisible('ABSOLUTE_ADMIN', ['SST_ADMIN'])).toBe(true);
    expect(isVisible('SST_MANAGER', ['SST_ADMIN', 'ABSOLUTE_ADMIN'])).toBe(false);
    expect(isVisible('STORE_OWNER', [])).toBe(false);
  });
});

describe('canGrantRole: an owner grants any store role, a manager only STORE_STAFF', () => {
  it('lets an owner grant every store role and nothing else', () => {
    for (const r of ROLES) expect(canGrantRole('STORE_OWNER', r)).toBe((STORE_ROLES as readonly Role[]).includes(r));
  });

  it('lets a manager grant only STORE_STAFF', () => {
    for (const r of ROLES) expect(canGrantRole('STORE_MANAGER', r)).toBe(r === 'STORE_STAFF');
  });

  it('lets nobody else grant anything', () => {
    for (const g of ROLES.filter((r) => r !== 'STORE_OWNER' && r !== 'STORE_MANAGER')) {
      for (const t of ROLES) expect(canGrantRole(g, t)).toBe(false);
    }
  });
});
