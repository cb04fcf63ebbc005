import type { Page } from '@playwright/test';
import { resolve } from 'node:path';
import { VIEWPORTS, expectNoViolations } from './axe';

/** Where the tests leave screenshots for people to look at, whatever folder Playwright runs in. */
export const SHOTS = resolve(import.meta.dirname, '..', 'screenshots');

/**
 * Checks the page with axe and keeps a full-page screenshot `<name>-<size>.png`, at the desktop
 * size and a phone's (docs: DESIGN.md, "Look at it"); leaves the page at the desktop size.
 */
export async function checkAndPhotograph(
  page: Page,
  name: string,
): Promise<void> {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await expectNoViolations(page, `${name} at ${viewport.name}`);
    await page.screenshot({
      path: `${SHOTS}/${name}-${viewport.name}.png`,
      fullPage: true,
    });
  }
  await page.setViewportSize(VIEWPORTS[0]);
}
