/**
 * axe-core run inside the page, the way the accessibility spec needs it: the same rules on
 * the same document as @axe-core/playwright's AxeBuilder, at a third of its time.
 *
 * AxeBuilder's analyze() parses axe's 550 KB source into the page on every call, runs
 * runPartial there, then opens a second page, parses axe into it again and hands it the
 * partial results (every passing node serialised) for finishRun; on two busy cores that
 * was 11-37 s a screen. Here axe is parsed once per document and runs in place (axe.run),
 * and only the violations are processed fully and sent back (`resultTypes`: the passes
 * and incomplete results still run every check, they are just not serialised node by
 * node). The app has no frames; a screen that gets one fails here rather than be checked
 * in part (AxeBuilder would then be needed to reach into it).
 */
import axe from 'axe-core';
import type { Result } from 'axe-core';
import type { Page } from 'playwright-core';

export async function axeViolations(page: Page, tags: readonly string[]): Promise<Result[]> {
  const frames = page.frames().length;
  if (frames !== 1) throw new Error(`${page.url()} has ${frames - 1} frame(s): this runner checks the top document only`);
  const injected = await page.evaluate(() => typeof (globalThis as unknown as { axe?: unknown }).axe === 'object');
  if (!injected) await page.evaluate(axe.source);
  return page.evaluate(
    (values) =>
      (globalThis as unknown as { axe: typeof axe; document: Document }).axe
        .run((globalThis as unknown as { document: Document }).document, { runOnly: { type: 'tag', values }, resultTypes: ['violations'] })
        .then((results) => results.violations),
    [...tags],
  );
}
