/**
 * The load scenarios of the benchmark (docs/PERFORMANCE.md): each is one API call, sent through the REST
 * door, through tRPC, and to the baseline's replay of the same SQL.
 */
export interface Identity {
  token: string;
  storeId: number;
  role: string;
}

export interface Fixture {
  cashier: Identity;
  owner: Identity;
  /** The login scenario's accounts, one per connection (bench/generate.ts, LOGIN_ACCOUNTS). */
  logins: { usernameOrEmail: string; password: string }[];
  /** Draft line ids, one update-line recording each (baseline picks by index). */
  lineIds: number[];
  lookups: Record<'keyword' | 'keywordCommon' | 'dateRange' | 'amountRange' | 'orderNumber', Record<string, unknown>>;
  vendorLastPage: number;
  /** Checkout in the second bench store (see servers.ts): a pool of fresh drafts, each submitted once. */
  submit: SubmitFixture;
}

export interface SubmitFixture {
  cashier: Identity;
  /** Drafts made for this run, one per submit; a submitted order cannot be submitted again. */
  orderIds: number[];
  /** The vendors' codes sold, one a sale in turn (submit-fixture.ts). */
  codes: string[];
  /** The draft the baseline's recording of the first code was made with (its id is replaced by the pool's in a replay). */
  recordOrderId: number;
  /** A draft per code, for the baseline's recording of a sale of that code. */
  recordOrderIds: number[];
  cardId: number;
  cashId: number;
}

export interface Scenario {
  name: string;
  /** The procedure's path: REST door at /api/v1<path>. */
  path: string;
  /** tRPC procedure key and type. */
  procedure: string;
  type: 'query' | 'mutation';
  identity: Identity | null;
  /** The input for request number `pick` (scenarios with a pool vary it). */
  input(pick: number): Record<string, unknown>;
  /** How many distinct picks there are (the baseline has one recording per pick). */
  picks: number;
  /**
   * Each request uses up its pick (a draft submitted once): picks are taken in turn across
   * every door and connection count of the run, never twice. The baseline replays one
   * recording, made with `recordInput`, with `recorded` replaced by the pick's value.
   */
  consumes?: { recordings: { input: Record<string, unknown>; recorded: number }[]; valueOf: (pick: number) => number };
  /** Connection counts to measure at (default: those of the run). */
  connections?: number[];
  /**
   * Each connection sends its own pick, the connection's number, with every request (the
   * login scenario: each connection signs in as its own account, so no account ever has
   * more than one sign-in pending and the product's per-account limit never refuses it).
   * A run needs at least as many picks as connections.
   */
  byConnection?: true;
}

const money = (v: bigint | number) => ({ type: 'Money', value: String(v) });
const percent = (v: bigint | number) => ({ type: 'Percent', value: String(v) });

export function updateLineInput(lineId: number) {
  return {
    orderLineId: lineId,
    itemCode: 'BC5',
    itemDescription: 'Brass lamp',
    quantity: 2,
    price: money(19_990_000),
    discountPercent: percent(10_000_000),
    tax1Percent: percent(5_000_000),
    tax1Description: 'GST',
    createNewLine: false,
  };
}

/**
 * A checkout as the till sends it: one line of a vendor's code (its card fee passed
 * through) at $20.00 with GST 5 % (total $21.00), paid $15.00 by card and $10.00 in cash
 * ($4.00 change), with an idempotency key.
 */
/** A sale of one line of a vendor's code (the pick's in turn: `f.codes[pick % f.codes.length]`). */
export function submitInput(f: SubmitFixture, orderId: number, pick = 0) {
  return {
    orderId,
    customerName: 'Bench customer',
    items: [{ itemCode: f.codes[pick % f.codes.length]!, description: 'Brass lamp', quantity: 1, price: money(20_000_000), tax1Enabled: true, tax1Percent: percent(5_000_000), tax1Description: 'GST' }],
    payments: [
      { paymentMethodId: f.cardId, amount: money(15_000_000) },
      { paymentMethodId: f.cashId, amount: money(10_000_000) },
    ],
    idempotencyKey: 'bench-till-1',
  };
}

export function scenarios(f: Fixture): Scenario[] {
  const single = (name: string, path: string, procedure: string, type: Scenario['type'], identity: Identity | null, input: Record<string, unknown>): Scenario => ({
    name,
    path,
    procedure,
    type,
    identity,
    input: () => input,
    picks: 1,
  });
  return [
    {
      name: 'update-line',
      path: '/order/update-line',
      procedure: 'order.updateLine',
      type: 'mutation',
      identity: f.cashier,
      input: (pick) => updateLineInput(f.lineIds[pick % f.lineIds.length]!),
      picks: f.lineIds.length,
    },
    single('lookup-keyword', '/order/lookup', 'order.lookup', 'query', f.cashier, f.lookups.keyword),
    single('lookup-keyword-common', '/order/lookup', 'order.lookup', 'query', f.cashier, f.lookups.keywordCommon),
    single('lookup-number', '/order/lookup', 'order.lookup', 'query', f.cashier, f.lookups.orderNumber),
    single('lookup-date-range', '/order/lookup', 'order.lookup', 'query', f.cashier, f.lookups.dateRange),
    single('lookup-amount-range', '/order/lookup', 'order.lookup', 'query', f.cashier, f.lookups.amountRange),
    single('vendor-list-first', '/vendor/list', 'vendor.list', 'query', f.cashier, { page: 1, pageSize: 20 }),
    single('vendor-list-last', '/vendor/list', 'vendor.list', 'query', f.cashier, { page: f.vendorLastPage, pageSize: 20 }),
    single('dashboard-store-owner', '/dashboard/store-owner', 'dashboard.storeOwner', 'query', f.owner, {}),
    single('dashboard-store-manager', '/dashboard/store-manager', 'dashboard.storeManager', 'query', f.owner, {}),
    single('dashboard-store-staff', '/dashboard/store-staff', 'dashboard.storeStaff', 'query', f.owner, {}),
    single('dashboard-store-accountant', '/dashboard/store-accountant', 'dashboard.storeAccountant', 'query', f.owner, {}),
    {
      name: 'submit-payments',
      path: '/order/submit',
      procedure: 'order.submit',
      type: 'mutation',
      identity: f.submit.cashier,
      input: (pick) => submitInput(f.submit, f.submit.orderIds[pick % f.submit.orderIds.length]!, pick),
      picks: f.submit.orderIds.length,
      // The baseline replays the recording of the pick's code, its draft replaced by the pick's.
      consumes: {
        recordings: f.submit.recordOrderIds.map((recorded, code) => ({ input: submitInput(f.submit, recorded, code), recorded })),
        valueOf: (pick) => f.submit.orderIds[pick % f.submit.orderIds.length]!,
      },
      connections: [1, 16],
    },
    // Late: it opens a session per call, some 10,000 a run, which would be live sessions
    // the manager's dashboard counts its active staff through (removed when the next run starts).
    {
      name: 'login',
      path: '/login',
      procedure: 'auth.login',
      type: 'mutation',
      identity: null,
      input: (pick) => f.logins[pick % f.logins.length]!,
      picks: f.logins.length,
      byConnection: true,
    },
    // Last: it makes a new draft per call, some 15,000 a run, which would be the newest
    // orders every lookup and dashboard above walks past (removed when the next run starts).
    single('order-next', '/order/next', 'order.next', 'mutation', f.cashier, {}),
  ];
}
