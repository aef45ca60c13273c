/**
 * The web app manifest's PNG icons, drawn from the SVGs in apps/web/icons by Chromium
 * (playwright-core, Debian's /usr/bin/chromium or CHROMIUM_PATH) into public/. Run after
 * changing an icon's SVG: `node apps/web/scripts/make-icons.mjs`; the PNGs are committed,
 * so a build needs no browser.
 */
import { readFileSync } from 'node:fs';
import { env } from 'node:process';
import { fileURLToPath, URL } from 'node:url';
import { chromium } from 'playwright-core';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const ICONS = [
  { svg: '../icons/app-icon.svg', png: '../public/icon-192.png', size: 192 },
  { svg: '../icons/app-icon.svg', png: '../public/icon-512.png', size: 512 },
  { svg: '../icons/app-icon-maskable.svg', png: '../public/icon-maskable-512.png', size: 512 },
  { svg: '../icons/app-icon.svg', png: '../public/apple-touch-icon.png', size: 180 },
];

const browser = await chromium.launch({ executablePath: env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage();
  for (const icon of ICONS) {
    const svg = readFileSync(here(icon.svg), 'utf8').replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `);
    await page.setViewportSize({ width: icon.size, height: icon.size });
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
    await page.locator('svg').screenshot({ path: here(icon.png), omitBackground: true });
  }
} finally {
  await browser.close();
}
