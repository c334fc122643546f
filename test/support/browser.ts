/**
 * Headless Chromium for the browser tests: Debian's `chromium` (installed by .ci/run) driven by
 * playwright-core, never a downloaded browser. Pages are phone-sized (390×844, touch), and every
 * step can be saved as a PNG for a person to look at: set SIGN_APP_SCREENS to a folder. Unset, no
 * step is saved: a 2× full-page PNG costs up to a second, a hundred times a run, and no one looks
 * at them then; what a test reads back from the screen (a QR code) goes to a temporary folder.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true } as const;

export function phoneContext(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
  return browser.newContext({ ...PHONE, ...options });
}

/** The folder SIGN_APP_SCREENS names (created), or undefined when screens are not kept. */
export function screensFolder(): string | undefined {
  const folder = process.env.SIGN_APP_SCREENS;
  if (!folder) return undefined;
  mkdirSync(folder, { recursive: true });
  return folder;
}

/** Where a test saves a picture it reads back itself: the screens folder, else a temporary one. */
export function pictureFolder(): string {
  return screensFolder() ?? mkdtempSync(join(tmpdir(), 'browser-pictures-'));
}

/**
 * Scrolls to `at` (a selector) when given, and saves what the phone's screen shows as
 * `<name>.png` in the screens folder when one is set; `fullPage` saves the whole page (tall: the
 * note alone is many screens). The scroll happens either way, so a run behaves alike with and
 * without screens.
 */
export async function screenshot(page: Page, name: string, options: { at?: string; fullPage?: boolean } = {}): Promise<void> {
  if (options.at) await page.locator(options.at).evaluate((el) => el.scrollIntoView({ block: 'start' }));
  const folder = screensFolder();
  if (folder) await page.screenshot({ path: join(folder, `${name}.png`), fullPage: options.fullPage ?? false });
}

/** Draws a signature-like scribble across an element with the mouse (pointer events of type mouse). */
export async function drawSignature(page: Page, selector: string): Promise<void> {
  // The mouse moves in the viewport: bring the element into it first.
  await page.locator(selector).scrollIntoViewIfNeeded();
  const box = (await page.locator(selector).boundingBox())!;
  const at = (fx: number, fy: number) => [box.x + box.width * fx, box.y + box.height * fy] as const;
  await page.mouse.move(...at(0.1, 0.6));
  await page.mouse.down();
  for (let i = 1; i <= 24; i++) {
    const fx = 0.1 + (0.75 * i) / 24;
    await page.mouse.move(...at(fx, 0.5 + 0.3 * Math.sin(i / 2)), { steps: 2 });
  }
  await page.mouse.up();
  await page.mouse.move(...at(0.3, 0.3));
  await page.mouse.down();
  await page.mouse.move(...at(0.6, 0.8), { steps: 6 });
  await page.mouse.up();
}

/** The page scrolls only vertically: nothing is wider than the screen. */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}
