import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { createRequire } from 'node:module';

/**
 * axe-core's source as AxeBuilder injects it (1.3 MB, from the axe-core AxeBuilder itself
 * loads). AxeBuilder sends it to the page twice per check; on a busy machine that cost more than
 * the check itself (decision 166), so each document gets it once (see `withAxe`).
 */
const AXE_SOURCE = (
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))(
    'axe-core',
  ) as { source: string }
).source;

/** What AxeBuilder injects once axe-core is in every frame: nothing more. */
const AXE_ALREADY_INJECTED = 'void 0';

/**
 * Puts axe-core into each frame of the page that does not hold it yet (a new document, or a
 * frame added since), as AxeBuilder would; the page's next checks reuse it, as one page's
 * checks do with axe's own in-browser runner. A frame that went away is left, as AxeBuilder
 * leaves it.
 */
async function withAxe(page: Page): Promise<void> {
  for (const frame of page.frames()) {
    const present = await frame
      .evaluate('typeof window.axe?.run === "function"')
      .catch(() => true);
    if (!present) await frame.evaluate(AXE_SOURCE).catch(() => undefined);
  }
}

/**
 * WCAG 2.0 and 2.1, levels A and AA (what issue 30 asks every page to meet), and axe's
 * best practices: a level-one heading, content inside landmarks, no skipped heading level.
 */
export const AXE_TAGS = [
  'wcag2a',
  'wcag2aa',
  'wcag21a',
  'wcag21aa',
  'best-practice',
];

export const VIEWPORTS = [
  { name: '1440x900', width: 1440, height: 900 },
  { name: '390x844', width: 390, height: 844 },
] as const;

/**
 * Waits until the page shows its content: a heading, no skeleton and no loading bar left. A page
 * that keeps something pulsing on purpose (the recording dot) still gets checked after a few
 * seconds.
 */
export async function waitForContent(page: Page): Promise<void> {
  await expect(page.getByRole('heading').first()).toBeVisible();
  await waitForLoadingBar(page);
  await expect(
    page.locator('[aria-hidden] .animate-pulse, [aria-hidden].animate-pulse'),
  )
    .toHaveCount(0, { timeout: 5_000 })
    .catch(() => undefined);
}

/**
 * Waits for the loading bar to go: it sits outside every landmark for the moment it runs, and
 * a page whose own content is ready may still be fetching (a spoken question's audio).
 */
async function waitForLoadingBar(page: Page): Promise<void> {
  // The bar shows 120 ms into a load: absent twice in a row, the loading is over.
  const bar = page.getByRole('progressbar', { name: 'Loading' });
  await expect
    .poll(
      async () =>
        (await bar.count()) === 0 &&
        (await page.waitForTimeout(250).then(() => bar.count())) === 0,
      // A slow load on a busy machine: checked with the bar still up, the page fails "region".
      { timeout: 15_000 },
    )
    .toBe(true)
    .catch(() => undefined);
}

type NodeResult = Awaited<
  ReturnType<AxeBuilder['analyze']>
>['violations'][number]['nodes'][number];

/**
 * The elements a check names beside the one it reports: for "region", which reports the whole
 * document, the content found outside every landmark.
 */
function relatedTo(node: NodeResult): string {
  const related = [...node.any, ...node.all, ...node.none]
    .flatMap((check) => check.relatedNodes ?? [])
    .slice(0, 4)
    .map((item) => item.target.join(' '));
  return related.length > 0 ? ` (${related.join(', ')})` : '';
}

/**
 * Runs axe on the page as it is and fails with one readable line per violation: the rule,
 * what it means and the first few elements it found.
 */
export async function expectNoViolations(
  page: Page,
  label: string,
): Promise<void> {
  // Only violations are collected: passes and incomplete results double axe's time per page.
  // Legacy mode runs axe in the page itself (same-origin frames included) instead of finishing
  // in a new blank page per check, which is slow and hung beside the e-mail preview's frame.
  // `options` first: it replaces what `withTags` sets.
  // A refetch's loading bar, outside every landmark for the moment it shows, is not the page.
  await waitForLoadingBar(page);
  await withAxe(page);
  const { violations } = await new AxeBuilder({
    page,
    axeSource: AXE_ALREADY_INJECTED,
  })
    .options({ resultTypes: ['violations'] })
    .withTags(AXE_TAGS)
    .setLegacyMode()
    .analyze();
  const lines = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
        .slice(0, 4)
        .map(
          (node) =>
            `${node.target.join(' ')}${node.failureSummary ? ` [${node.failureSummary.replace(/\s+/g, ' ')}]` : ''}${relatedTo(node)}`,
        )
        .join('; ')}`,
  );
  expect.soft(lines, `axe on ${label} (${page.url()})`).toEqual([]);
}

/**
 * Checks the page at desktop and phone size. `ready` waits for what must be on screen; the
 * page is not reloaded between sizes, so state reached by clicking (a recording) is kept.
 */
export async function checkBothSizes(
  page: Page,
  label: string,
  options: { ready?: () => Promise<void> } = {},
): Promise<void> {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    if (options.ready) {
      await options.ready();
      await waitForLoadingBar(page);
    } else await waitForContent(page);
    await expectNoViolations(page, `${label} at ${viewport.name}`);
  }
}
