/**
 * First load of the till in a cold browser: bytes moved (as sent, so compressed when the
 * server compresses) and requests, and the time from navigation to a usable till (the
 * first line's Item Code box of a new order on screen and editable), then the same on a reload with a
 * warm cache. Each run is a new Chromium profile: nothing cached.
 *
 *   npm run build && npm run serve &                 # a server on :3000
 *   npx tsx bench/first-load.ts                       # 5 runs against http://localhost:3000
 *   npx tsx bench/first-load.ts --url http://127.0.0.1:3100 --runs 3
 *
 * It signs a new owner up through the REST door and puts the session in the browser's
 * storage before the page's own scripts run, so the load measured is the till's alone.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/support/chromium-path';
import { quantile } from './quantile';

interface Load {
  ms: number;
  bytes: number;
  requests: number;
}

const { values } = parseArgs({ options: { url: { type: 'string', default: 'http://localhost:3000' }, runs: { type: 'string', default: '5' } } });
const url = values.url;
const runs = Number(values.runs);

async function signUp(): Promise<Record<string, string>> {
  const name = `load${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  const res = await fetch(`${url}/api/v1/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: name, email: `${name}@example.test`, password: 'a fine password', storeName: `Store ${name}` }),
  });
  if (!res.ok) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
  const login = (await res.json()) as { token: string; userId: number; username: string; email: string; roles: unknown[] };
  return {
    token: login.token,
    userId: String(login.userId),
    username: login.username,
    email: login.email,
    availableRoles: JSON.stringify(login.roles),
    currentRole: JSON.stringify(login.roles[0]),
  };
}

/** Loads the till in `page` and counts what moved until its Item Code box is usable. */
async function loadTill(page: Page, reload: boolean): Promise<Load> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  let bytes = 0;
  let requests = 0;
  cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => {
    bytes += event.encodedDataLength;
    requests += 1;
  });
  const started = performance.now();
  if (reload) await page.reload({ waitUntil: 'commit' });
  else await page.goto(`${url}/orders`, { waitUntil: 'commit' });
  // The till opens on its lookup; a cashier's first key is New order.
  await page.getByRole('tab', { name: 'New order' }).click({ timeout: 60_000 });
  const box = page.getByRole('textbox', { name: 'Item Code, line 1' });
  await box.waitFor({ state: 'visible', timeout: 60_000 });
  await page.waitForFunction(() => {
    const input = (globalThis as unknown as { document: { querySelector(s: string): { disabled: boolean; readOnly: boolean } | null } }).document.querySelector('input[aria-label="Item Code, line 1"]');
    return input !== null && !input.disabled && !input.readOnly;
  });
  const ms = performance.now() - started;
  await page.waitForLoadState('networkidle');
  await cdp.detach();
  return { ms, bytes, requests };
}

async function oneRun(): Promise<{ cold: Load; warm: Load }> {
  const session = await signUp();
  const profile = await mkdtemp(join(tmpdir(), 'first-load-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS, viewport: { width: 1280, height: 800 } });
  try {
    await context.addInitScript((stored: Record<string, string>) => {
      const storage = (globalThis as unknown as { localStorage: { getItem(k: string): string | null; setItem(k: string, v: string): void } }).localStorage;
      if (storage.getItem('token') === null) for (const [key, value] of Object.entries(stored)) storage.setItem(key, value);
    }, session);
    const page = context.pages()[0] ?? (await context.newPage());
    const cold = await loadTill(page, false);
    const warm = await loadTill(page, true);
    return { cold, warm };
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
}

const samples: { cold: Load; warm: Load }[] = [];
for (let i = 0; i < runs; i++) samples.push(await oneRun());

const kb = (n: number) => `${(n / 1024).toFixed(0)} kB`;
const median = (xs: number[]) => quantile([...xs].sort((a, b) => a - b), 0.5);
for (const kind of ['cold', 'warm'] as const) {
  const loads = samples.map((s) => s[kind]);
  console.log(
    `${kind === 'cold' ? 'cold browser' : 'reload (warm)'}: usable till in ${median(loads.map((l) => l.ms)).toFixed(0)} ms median (${loads.map((l) => l.ms.toFixed(0)).join(', ')}), ` +
      `${kb(median(loads.map((l) => l.bytes)))} over ${median(loads.map((l) => l.requests))} requests`,
  );
}
