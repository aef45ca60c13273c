/**
 * The store's chart of accounts (docs/BOOKS.md). Consignment is booked on the agency
 * (net) method: what a vendor's goods sell for is owed to the vendor; only commission,
 * recovered card fees, rent, the store's own sales and customer fees are the store's
 * income.
 *
 * An account is named in a journal leg by its key: a short, stable text built from ids
 * (`drawer`, `clearing:7`, `sales-tax:1`, `vendor:12`, `vendor:12:40`, ...), so renaming
 * a vendor or a payment method never moves money between accounts. Its default name, the
 * one the hledger export writes, is built from the names of today (`assets:clearing:card`,
 * `liabilities:vendors:ada`); a store may give each account its own export name and
 * number for QuickBooks and Xero.
 */

export const ACCOUNT_KINDS = ['ASSET', 'LIABILITY', 'EQUITY', 'INCOME', 'EXPENSE'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

export const ACCOUNT_KIND_LABELS: Readonly<Record<AccountKind, string>> = Object.freeze({
  ASSET: 'Asset',
  LIABILITY: 'Liability',
  EQUITY: 'Equity',
  INCOME: 'Income',
  EXPENSE: 'Expense',
});

/** One of a store's three tax slots (validation.ts's TAX_SLOTS). */
export type TaxSlot = 1 | 2 | 3;
export const TAX_SLOT_NUMBERS: readonly TaxSlot[] = [1, 2, 3];

/** A vendor's account as the ledger names it: the vendor, and the item code with a separate statement (null: the main account). */
export interface VendorAccountRef {
  vendorId: bigint;
  itemCodeId: bigint | null;
}

/** The accounts every store has, whatever its payment methods, taxes and vendors. */
export const FIXED_ACCOUNTS = [
  'drawer',
  'bank',
  'store-credit',
  'commission',
  'card-fee-recovery',
  'own-sales',
  'customer-fees',
  'rent',
  'vendor-adjustments',
  'cash-over-short',
  'rounding',
] as const;
export type FixedAccount = (typeof FIXED_ACCOUNTS)[number];

/** An account of the books, as a journal leg names it. */
export type AccountKey = FixedAccount | `clearing:${bigint}` | `sales-tax:${TaxSlot}` | `vendor:${bigint}` | `vendor:${bigint}:${bigint}`;

/** An account key taken apart. */
export type BooksAccount =
  | { type: FixedAccount }
  | { type: 'clearing'; paymentMethodId: bigint }
  | { type: 'sales-tax'; slot: TaxSlot }
  | ({ type: 'vendor' } & VendorAccountRef);

const FIXED: Readonly<Record<FixedAccount, { kind: AccountKind; name: string }>> = Object.freeze({
  drawer: { kind: 'ASSET', name: 'assets:cash-drawer' },
  bank: { kind: 'ASSET', name: 'assets:bank' },
  'store-credit': { kind: 'LIABILITY', name: 'liabilities:store-credit' },
  commission: { kind: 'INCOME', name: 'income:commission' },
  'card-fee-recovery': { kind: 'INCOME', name: 'income:card-fee-recovery' },
  'own-sales': { kind: 'INCOME', name: 'income:own-sales' },
  'customer-fees': { kind: 'INCOME', name: 'income:customer-fees' },
  rent: { kind: 'INCOME', name: 'income:rent' },
  'vendor-adjustments': { kind: 'EXPENSE', name: 'expenses:vendor-adjustments' },
  'cash-over-short': { kind: 'EXPENSE', name: 'expenses:cash-over-short' },
  rounding: { kind: 'EQUITY', name: 'equity:rounding' },
});

/** The account of a non-cash payment method: what its processor owes the store. */
export function clearingAccount(paymentMethodId: bigint): AccountKey {
  return `clearing:${paymentMethodId}`;
}

/** The account of a tax slot: what the store owes the tax office. */
export function salesTaxAccount(slot: TaxSlot): AccountKey {
  return `sales-tax:${slot}`;
}

/** A vendor's main account, or the account of one of its item codes with a separate statement. */
export function vendorAccount(ref: VendorAccountRef): AccountKey {
  return ref.itemCodeId === null ? `vendor:${ref.vendorId}` : `vendor:${ref.vendorId}:${ref.itemCodeId}`;
}

const ID = '(0|[1-9]\\d*)';
const CLEARING = new RegExp(`^clearing:${ID}$`);
const SALES_TAX = /^sales-tax:([123])$/;
const VENDOR = new RegExp(`^vendor:${ID}(?::${ID})?$`);

/** The account a key names, or null when the text is no account key (ids are written without leading zeros, so a key has one spelling). */
export function parseAccountKey(text: string): BooksAccount | null {
  if ((FIXED_ACCOUNTS as readonly string[]).includes(text)) return { type: text as FixedAccount };
  let m = CLEARING.exec(text);
  if (m) return { type: 'clearing', paymentMethodId: BigInt(m[1]!) };
  m = SALES_TAX.exec(text);
  if (m) return { type: 'sales-tax', slot: Number(m[1]) as TaxSlot };
  m = VENDOR.exec(text);
  if (m) return { type: 'vendor', vendorId: BigInt(m[1]!), itemCodeId: m[2] === undefined ? null : BigInt(m[2]) };
  return null;
}

export function isAccountKey(text: string): text is AccountKey {
  return parseAccountKey(text) !== null;
}

function parsed(key: AccountKey): BooksAccount {
  const account = parseAccountKey(key);
  if (!account) throw new RangeError(`not an account of the books: ${key}`);
  return account;
}

/** Asset, liability, equity, income or expense. */
export function accountKind(key: AccountKey): AccountKind {
  const account = parsed(key);
  switch (account.type) {
    case 'clearing':
      return 'ASSET';
    case 'sales-tax':
    case 'vendor':
      return 'LIABILITY';
    default:
      return FIXED[account.type].kind;
  }
}

/** Where an account stands in a listing: by kind, then as the chart lists them, then by id. */
const PLACE: Readonly<Record<BooksAccount['type'], number>> = Object.freeze({
  drawer: 0,
  clearing: 1,
  bank: 2,
  'sales-tax': 3,
  vendor: 4,
  'store-credit': 5,
  rounding: 6,
  commission: 7,
  'card-fee-recovery': 8,
  'own-sales': 9,
  'customer-fees': 10,
  rent: 11,
  'vendor-adjustments': 12,
  'cash-over-short': 13,
});

function compareIds(a: bigint | null, b: bigint | null): number {
  if (a === b) return 0;
  if (a === null) return -1; // a vendor's main account before its codes' accounts
  if (b === null) return 1;
  return a < b ? -1 : 1;
}

/** The order of accounts in a trial balance, a chart and an export: assets, liabilities, equity, income, expenses. */
export function compareAccountKeys(a: AccountKey, b: AccountKey): number {
  return compareAccounts(parsed(a), parsed(b));
}

/**
 * `items` in compareAccountKeys order, each key parsed once rather than at every
 * comparison: a chart or trial balance of 100,000 vendor accounts sorts in tens of
 * milliseconds instead of seconds.
 */
export function sortByAccount<T>(items: Iterable<T>, keyOf: (item: T) => AccountKey): T[] {
  return [...items]
    .map((item) => ({ item, account: parsed(keyOf(item)) }))
    .sort((a, b) => compareAccounts(a.account, b.account))
    .map((d) => d.item);
}

function compareAccounts(x: BooksAccount, y: BooksAccount): number {
  if (x.type !== y.type) return PLACE[x.type] - PLACE[y.type];
  if (x.type === 'clearing' && y.type === 'clearing') return compareIds(x.paymentMethodId, y.paymentMethodId);
  if (x.type === 'sales-tax' && y.type === 'sales-tax') return x.slot - y.slot;
  if (x.type === 'vendor' && y.type === 'vendor') return compareIds(x.vendorId, y.vendorId) || compareIds(x.itemCodeId, y.itemCodeId);
  return 0;
}

// ---------------------------------------------------------------------------------
// Default names
// ---------------------------------------------------------------------------------

/**
 * A name as one part of an account name: lower case, every run of characters other
 * than letters and digits turned into one `-`, none at either end ('Card Visa' →
 * 'card-visa', 'Bo & Co.' → 'bo-co'). So it holds no `:` (which would make a
 * sub-account) and no two spaces (which end an account name in a plain-text journal).
 */
export function accountSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

/** What the chart is made from: the store's payment methods (archived ones too), tax slots, vendors and separate-statement codes. */
export interface ChartInput {
  paymentMethods: readonly { id: bigint; name: string; isCash: boolean }[];
  taxes: readonly { slot: TaxSlot; shortName: string }[];
  vendors: readonly { id: bigint; name: string }[];
  separateStatementCodes: readonly { id: bigint; vendorId: bigint; code: string }[];
}

export interface ChartAccount {
  key: AccountKey;
  kind: AccountKind;
  /** The default name (the hledger export's): slugs joined by `:`. */
  name: string;
}

/**
 * Gives each of `items` (in id order) its slug under `parent`, unique among them: the
 * first to want a slug has it, a later one gets `-<its id>` after it (and a count, in the
 * unlikely case that is taken too). Ids only grow, so a new vendor or method never
 * renames an older one's account.
 */
function uniqueNames<T extends { id: bigint }>(items: readonly T[], slugOf: (item: T) => string, fallback: string): Map<T, string> {
  const taken = new Set<string>();
  const names = new Map<T, string>();
  for (const item of [...items].sort((a, b) => compareIds(a.id, b.id))) {
    const base = slugOf(item) || `${fallback}-${item.id}`;
    let name = taken.has(base) ? `${base}-${item.id}` : base;
    for (let n = 2; taken.has(name); n++) name = `${base}-${item.id}-${n}`;
    taken.add(name);
    names.set(item, name);
  }
  return names;
}

/**
 * Each vendor's slug under `liabilities:vendors` (the last part of its account's default
 * name), for `vendors` in any order: what `chartOfAccounts` gives them. The store keeps
 * these (docs/BOOKS.md, Default names), so a call names only the accounts it shows.
 */
export function vendorAccountSlugs(vendors: readonly { id: bigint; name: string }[]): Map<bigint, string> {
  return new Map([...uniqueNames(vendors, (v) => accountSlug(v.name), 'vendor')].map(([v, slug]) => [v.id, slug]));
}

/**
 * The family of a vendor's slug: its first part, before any `-` (`ada` for `Ada`, `Ada
 * 21` and `ada-21`). Every name a vendor may be given starts with its slug followed by
 * `-` or nothing, so two vendors can only want the same name when their families are
 * equal: the slugs of one family, given in id order by `vendorAccountSlugs` among that
 * family alone, are those it gives among all the store's vendors. A rename recomputes the
 * two families it leaves and joins, not the store.
 */
export function vendorSlugFamily(vendor: { id: bigint; name: string }): string {
  const base = accountSlug(vendor.name) || `vendor-${vendor.id}`;
  return base.split('-', 1)[0]!;
}

/** The default name of a vendor's main account, from its slug. */
export function vendorAccountName(slug: string): string {
  return `liabilities:vendors:${slug}`;
}

/** The slugs of one vendor's separate-statement codes (under its account), for `codes` in any order: what `chartOfAccounts` gives them. */
export function codeAccountSlugs(codes: readonly { id: bigint; code: string }[]): Map<bigint, string> {
  return new Map([...uniqueNames(codes, (c) => accountSlug(c.code), 'code')].map(([c, slug]) => [c.id, slug]));
}

/**
 * Every account of a store: the fixed ones, a clearing account per non-cash payment
 * method, a tax account per slot, and an account per vendor and per separate-statement
 * code, each with its default name. Listed in compareAccountKeys order.
 */
export function chartOfAccounts(input: ChartInput): ChartAccount[] {
  const accounts: ChartAccount[] = FIXED_ACCOUNTS.map((key) => ({ key, ...FIXED[key] }));

  const methods = input.paymentMethods.filter((m) => !m.isCash);
  for (const [m, slug] of uniqueNames(methods, (m) => accountSlug(m.name), 'method')) {
    accounts.push({ key: clearingAccount(m.id), kind: 'ASSET', name: `assets:clearing:${slug}` });
  }

  const taxes = input.taxes.map((t) => ({ ...t, id: BigInt(t.slot) }));
  for (const [t, slug] of uniqueNames(taxes, (t) => accountSlug(t.shortName), 'tax')) {
    accounts.push({ key: salesTaxAccount(t.slot), kind: 'LIABILITY', name: `liabilities:sales-tax:${slug}` });
  }

  const vendorName = new Map([...vendorAccountSlugs(input.vendors)].map(([id, slug]) => [id, vendorAccountName(slug)]));
  for (const [v, name] of vendorName) accounts.push({ key: vendorAccount({ vendorId: v, itemCodeId: null }), kind: 'LIABILITY', name });
  const codesByVendor = new Map<bigint, ChartInput['separateStatementCodes'][number][]>();
  for (const c of input.separateStatementCodes) codesByVendor.set(c.vendorId, [...(codesByVendor.get(c.vendorId) ?? []), c]);
  for (const [vendorId, codes] of codesByVendor) {
    const parent = vendorName.get(vendorId);
    if (parent === undefined) throw new RangeError(`item code ${codes[0]!.id} belongs to vendor ${vendorId}, who is not in the chart`);
    for (const [id, slug] of codeAccountSlugs(codes)) {
      accounts.push({ key: vendorAccount({ vendorId, itemCodeId: id }), kind: 'LIABILITY', name: `${parent}:${slug}` });
    }
  }
  return sortByAccount(accounts, (a) => a.key);
}

/**
 * The chart `chartOfAccounts` gives, from each vendor's kept slug (docs/BOOKS.md, Kept
 * vendor slugs: what `vendorAccountSlugs` gave it) instead of every vendor's name: a
 * store of 100,000 vendors lists its chart without deriving 100,000 unique names.
 * `vendors` in any order; listed in compareAccountKeys order.
 */
export function chartOfKeptAccounts(input: Omit<ChartInput, 'vendors'> & { vendors: readonly { id: bigint; slug: string }[] }): ChartAccount[] {
  const others = chartOfAccounts({ paymentMethods: input.paymentMethods, taxes: input.taxes, vendors: [], separateStatementCodes: [] });
  const codesByVendor = new Map<bigint, ChartInput['separateStatementCodes'][number][]>();
  for (const c of input.separateStatementCodes) {
    const codes = codesByVendor.get(c.vendorId);
    if (codes) codes.push(c);
    else codesByVendor.set(c.vendorId, [c]);
  }
  const vendorAccounts: ChartAccount[] = [];
  for (const v of [...input.vendors].sort((a, b) => compareIds(a.id, b.id))) {
    const name = vendorAccountName(v.slug);
    vendorAccounts.push({ key: vendorAccount({ vendorId: v.id, itemCodeId: null }), kind: 'LIABILITY', name });
    const codes = codesByVendor.get(v.id);
    if (!codes) continue;
    codesByVendor.delete(v.id);
    for (const [id, slug] of [...codeAccountSlugs(codes)].sort(([a], [b]) => compareIds(a, b))) {
      vendorAccounts.push({ key: vendorAccount({ vendorId: v.id, itemCodeId: id }), kind: 'LIABILITY', name: `${name}:${slug}` });
    }
  }
  for (const [vendorId, codes] of codesByVendor) throw new RangeError(`item code ${codes[0]!.id} belongs to vendor ${vendorId}, who is not in the chart`);
  const after = others.findIndex((a) => PLACE[parsed(a.key).type] > PLACE.vendor);
  return after < 0 ? [...others, ...vendorAccounts] : [...others.slice(0, after), ...vendorAccounts, ...others.slice(after)];
}

/** The default name of a fixed account (the others take theirs from the chart). */
export function fixedAccountName(key: FixedAccount): string {
  return FIXED[key].name;
}
