/**
 * What every console page shown in a browser test must pass: axe-core finds nothing critical or
 * serious (axe is evaluated through the driver, so the page's CSP stays as served), and nothing is
 * wider than a phone. With CONSOLE_SCREENS set to a folder, the page is saved there at 1440×900
 * and 390×844 as `<name>-<width>.png`.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { horizontalOverflow } from './browser.js';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export const CONSOLE_SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

export async function checkConsolePage(page: Page, name: string): Promise<void> {
  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run: (c: Document, o: object) => Promise<{ violations: { id: string; impact: string }[] }> } }).axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact }));
  });
  expect(violations.filter((v) => v.impact === 'critical' || v.impact === 'serious'), name).toEqual([]);
  for (const size of CONSOLE_SIZES) {
    await page.setViewportSize(size);
    if (size.width === 390) expect(await horizontalOverflow(page), `${name} scrolls sideways on a phone`).toBe(0);
    if (process.env.CONSOLE_SCREENS) await page.screenshot({ path: join(process.env.CONSOLE_SCREENS, `${name}-${size.width}.png`), fullPage: true });
  }
  await page.setViewportSize(CONSOLE_SIZES[0]);
}
