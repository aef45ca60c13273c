/** Small readers of what the screen shows, shared by the specs. */
import type { Page } from 'playwright-core';

/** The labels of the dashboard's counters, in order, once they are shown. */
export async function dashboardLabels(page: Page): Promise<string[]> {
  const cards = page.getByTestId('dashboard-counter');
  await cards.first().waitFor();
  return cards.evaluateAll((els) => els.map((el) => el.querySelector('p')?.textContent ?? ''));
}

/** The counters as label -> value. */
export async function dashboardCounters(page: Page): Promise<Record<string, string>> {
  const cards = page.getByTestId('dashboard-counter');
  await cards.first().waitFor();
  const pairs = await cards.evaluateAll((els) => els.map((el) => [...el.querySelectorAll('p')].map((p) => p.textContent ?? '')));
  return Object.fromEntries(pairs.map(([label, value]) => [label ?? '', value ?? '']));
}

export async function pageTitle(page: Page): Promise<string> {
  return (await page.getByTestId('page-title').textContent()) ?? '';
}

/** Waits until the address is `path` (pathname and search). */
export async function waitForPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((u) => `${u.pathname}${u.search}` === path);
}
