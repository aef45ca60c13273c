/**
 * WCAG 2.0 and 2.1, levels A and AA, checked by axe-core in Chromium on every screen and
 * dialog of support/screens.ts, each opened as its user would (owner, staff, accountant,
 * the administrator, and nobody signed in), on a desktop window and on a tablet and a
 * phone where listed. A serious or critical violation fails its screen; every screen's
 * count is printed, so a run shows where things stand, with the lesser findings beside it
 * (moderate ones, and axe's best practices such as one h1 and one banner per page).
 */
import type { Result } from 'axe-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, trackedPage, type Browser, type TrackedPage } from './support/browser';
import { baseURL, openAs, type Account } from './support/app';
import { axeViolations } from './support/axe';
import { DESKTOP, SCREENS, seedScreens, type Persona, type ScreenWorld } from './support/screens';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const isWcag = (v: Result) => v.tags.some((t) => WCAG_TAGS.includes(t));
const BLOCKING = new Set(['serious', 'critical']);

/** Waits until no transition or finite animation runs (a dialog fading in has a lighter colour). */
async function settle(page: Page) {
  await page.waitForFunction(() => {
    const doc = (globalThis as unknown as { document: { getAnimations(): { playState: string; effect: { getTiming(): { iterations: number } } | null }[] } }).document;
    return doc.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity);
  });
}

function describeViolation(v: Result): string {
  const targets = v.nodes.slice(0, 3).map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1, 2).join('').trim() ?? ''}`);
  return [`  ${v.impact} ${v.id} (${v.nodes.length}): ${v.help}`, ...targets].join('\n');
}

describe('accessibility of every screen and dialog (axe-core, WCAG 2.1 A and AA)', () => {
  let browser: Browser;
  let tp: TrackedPage;
  let world: ScreenWorld;
  let signedInAs: Persona | null = null;
  const counts: { screen: string; blocking: number; rules: string; lesser: string }[] = [];

  const accountOf = (persona: Exclude<Persona, 'anonymous'>): Account => world[persona];

  async function open(page: Page, persona: Persona, path: string) {
    if (persona === signedInAs) {
      await page.goto(`${baseURL()}${path}`);
      return;
    }
    if (persona === 'anonymous') {
      await page.goto(`${baseURL()}/`);
      await page.evaluate(() => (globalThis as unknown as { localStorage: { clear(): void } }).localStorage.clear());
      await page.goto(`${baseURL()}${path}`);
    } else {
      await openAs(tp.page, accountOf(persona), path);
    }
    signedInAs = persona;
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    tp = await trackedPage(browser.context);
    world = await seedScreens();
  });

  afterAll(async () => {
    const line = (c: (typeof counts)[number]) => `  ${String(c.blocking).padStart(3)}  ${c.screen}${c.rules ? `  [${c.rules}]` : ''}${c.lesser ? `  (lesser: ${c.lesser})` : ''}`;
    console.log(['axe-core: serious and critical WCAG violations (elements) per screen', ...counts.map(line)].join('\n'));
    await browser?.close();
  });

  test('the checker finds what it is for (an image with no text, grey on white, a button with no name)', async () => {
    const { page } = tp;
    await page.setContent('<html lang="en"><head><title>t</title></head><body><main><h1>Seeded faults</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><p style="color:#bbb;background:#fff">faint text</p><button></button></main></body></html>');
    const found = (await axeViolations(page, [...WCAG_TAGS, 'best-practice'])).map((v) => v.id).sort();
    expect(found).toEqual(['button-name', 'color-contrast', 'image-alt']);
  });

  for (const screen of SCREENS) {
    test(screen.name, async () => {
      const { page } = tp;
      await page.setViewportSize(screen.viewport ?? DESKTOP);
      await open(page, screen.as, screen.path);
      await screen.show(page);
      await settle(page);
      const violations = await axeViolations(page, [...WCAG_TAGS, 'best-practice']);
      const blocking = violations.filter((v) => isWcag(v) && BLOCKING.has(v.impact ?? ''));
      const lesser = violations.filter((v) => !blocking.includes(v));
      const elements = blocking.reduce((n, v) => n + v.nodes.length, 0);
      const rules = (vs: Result[]) => vs.map((v) => `${v.id} ${v.nodes.length}`).join(', ');
      counts.push({ screen: screen.name, blocking: elements, rules: rules(blocking), lesser: rules(lesser) });
      expect(elements, `${screen.name}:\n${blocking.map(describeViolation).join('\n')}`).toBe(0);
    });
  }
});
