/**
 * Key-to-paint in a 200-line order: the production web build served by the real server
 * (an in-memory PGlite database of its own), a store with taxes, an order of 200 filled
 * lines, and Chromium typing into the order editor. For each key: from the keydown
 * event's timestamp to the first moment after the next frame was painted (a task queued
 * from requestAnimationFrame runs once the frame is out).
 *
 *   npm run build -w @pos/web && npx tsx bench/paint.ts
 */
import { fileURLToPath } from 'node:url';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { createDb, migrateToLatest } from '@pos/db';
import { buildApp } from '../apps/server/src/app';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/support/chromium-path';
import { quantile } from './quantile';

export interface PaintFigures {
  lines: number;
  keys: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

const LINES = 200;
const money = (micro: bigint) => ({ type: 'Money', value: micro.toString() });
const percent = (micro: bigint) => ({ type: 'Percent', value: micro.toString() });

async function post<T>(base: string, path: string, body: unknown, token?: string, role?: { storeId: number; role: string }): Promise<T> {
  const response = await fetch(`${base}/api/v1${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(role ? { 'x-store-id': String(role.storeId), 'x-role': role.role } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A store with two taxes and an order of `lines` filled lines; answers the sign-in and the order. */
async function seed(base: string) {
  const account = { username: 'paintowner', email: 'paint@example.com', password: 'password123', storeName: 'Paint Store' };
  await post(base, '/signup', account);
  const login = await post<{ token: string; userId: number; roles: { storeId: number; role: string }[] }>(base, '/login', {
    usernameOrEmail: account.username,
    password: account.password,
  });
  const role = login.roles[0]!;
  const as = <T>(path: string, body: unknown) => post<T>(base, path, body, login.token, role);
  const settings = await as<Record<string, unknown>>('/store/fetch-settings', {});
  await as('/store/update-settings', {
    ...settings,
    tax1ShortName: 'GST',
    tax1Percent: percent(7_250_000n),
    tax1Enabled: true,
    tax1ApplyByDefault: true,
    tax2ShortName: 'PST',
    tax2Percent: percent(5_000_000n),
    tax2Enabled: true,
    tax2ApplyByDefault: false,
  });
  const next = await as<{ nextOrderId: number; nextOrderNumber: string; nextOrderLineId: number }>('/order/next', {});
  let lineId = next.nextOrderLineId;
  for (let i = 1; i <= LINES; i++) {
    const answer = await as<{ newOrderLineId?: number }>('/order/update-line', {
      orderLineId: lineId,
      itemCode: `PT${i}`,
      itemDescription: `Painted item number ${i}`,
      quantity: 1 + (i % 3),
      price: money(BigInt(1 + (i % 97)) * 1_250_000n),
      discountPercent: percent(i % 4 === 0 ? 10_000_000n : 0n),
      createNewLine: i < LINES,
    });
    if (i < LINES) lineId = answer.newOrderLineId!;
    if (i % 50 === 0) console.log(`[paint] ${i} lines saved`);
  }
  return { account, order: next };
}

/**
 * Runs in the page before each key (a string: these programs have no DOM typings): the
 * next keydown's timestamp to the first task after the following frame was painted.
 */
const ARM_PAINT_PROBE = `window.__paint = new Promise((resolve) => {
  document.addEventListener('keydown', (event) => {
    const start = event.timeStamp;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now() - start);
      channel.port2.postMessage(null);
    });
  }, { once: true, capture: true });
});
undefined`;

/** Types `text` into the box `label`, one key at a time, and answers each key's milliseconds to paint. */
async function typeMeasured(page: Page, label: string, text: string): Promise<number[]> {
  const box = page.getByLabel(label, { exact: true });
  await box.click();
  await box.press('End');
  const times: number[] = [];
  for (const key of text) {
    await page.evaluate(ARM_PAINT_PROBE);
    await page.keyboard.press(key === ' ' ? 'Space' : key);
    times.push(await page.evaluate<number>('window.__paint'));
  }
  return times;
}

export async function measureKeyToPaint(webDist = fileURLToPath(new URL('../apps/web/dist', import.meta.url))): Promise<PaintFigures> {
  // Before anything is started: a missing browser must not leave a server holding the process open.
  const executablePath = chromiumPath();
  const handle = await createDb({ dataDir: 'memory://' });
  await migrateToLatest(handle.db);
  const app = await buildApp({ db: handle.db, webDist, logger: false, api: { scryptCost: 1024 } });
  const profile = await mkdtemp(join(tmpdir(), 'pos-paint-'));
  let context: BrowserContext | undefined;
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no TCP address');
    const base = `http://127.0.0.1:${address.port}`;
    context = await chromium.launchPersistentContext(profile, { executablePath, headless: true, args: CHROMIUM_ARGS, viewport: { width: 1280, height: 800 } });
    const { account, order } = await seed(base);
    context.setDefaultTimeout(15_000);
    const page = context.pages()[0] ?? (await context.newPage());
    console.log('[paint] signing in');
    await page.goto(base);
    await page.locator('input[name="usernameOrEmail"]').fill(account.username);
    await page.locator('input[name="password"]').fill(account.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL('**/dashboard');
    await page.goto(`${base}/orders`);
    await page.getByLabel('Order Number', { exact: true }).fill(order.nextOrderNumber);
    await page.getByRole('button', { name: 'Search Orders' }).click();
    await page.getByRole('table', { name: 'Orders found' }).locator(`tbody tr[data-order-number="${order.nextOrderNumber}"]`).click();
    await page.getByLabel(`Price, line ${LINES}`, { exact: true }).waitFor();
    console.log('[paint] order open; typing');
    // Warm up, then measure a description, a quantity and a price (the last two move every total).
    await typeMeasured(page, 'Description, line 3', ' warm');
    const fields = {
      description: await typeMeasured(page, 'Description, line 100', ' with a longer note'),
      quantity: await typeMeasured(page, 'Qty, line 150', '2345'),
      price: await typeMeasured(page, 'Price, line 199', '1234.56'),
    };
    for (const [field, ms] of Object.entries(fields)) console.log(`[paint] ${field}: ${ms.map((t) => t.toFixed(1)).join(' ')}`);
    const times = Object.values(fields).flat().sort((a, b) => a - b);
    return { lines: LINES, keys: times.length, p50Ms: quantile(times, 0.5), p95Ms: quantile(times, 0.95), maxMs: times[times.length - 1]! };
  } finally {
    await context?.close();
    await rm(profile, { recursive: true, force: true });
    await app.close();
    await handle.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  measureKeyToPaint()
    .then((f) => console.log(`key-to-paint in a ${f.lines}-line order over ${f.keys} keys: p50 ${f.p50Ms.toFixed(1)} ms, p95 ${f.p95Ms.toFixed(1)} ms, max ${f.maxMs.toFixed(1)} ms`))
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
