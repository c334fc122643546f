/**
 * The console's second-factor page in Chromium, as a person sets the factor up: sign in (a session
 * cookie from a spent magic link), open /console/two-factor, press "Set up", read the QR code off
 * the screen with `zbarimg` (zbar-tools) as a phone would, compute the code from the otpauth URI
 * with otpauth, confirm, and see the ten recovery codes; then, in a new session, pass the factor
 * with a recovery code. Screens at phone (390 px) and laptop (1280 px) widths go to the screens folder.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { URI, type TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEmbedded } from '../support/backends.js';
import { horizontalOverflow, launchChromium, pictureFolder, screensFolder } from '../support/browser.js';
import { consoleSessionHeaders } from '../support/console-session.js';
import { listeningTestApp } from '../support/listening-app.js';
import type { TestApp } from '../support/test-app.js';

const WIDTHS = { phone: { width: 390, height: 844 }, laptop: { width: 1280, height: 800 } } as const;

describeOnEmbedded('second-factor page', (backend) => {
  let t: TestApp & { baseUrl: string };
  let browser: Browser;
  beforeAll(async () => {
    [t, browser] = await Promise.all([listeningTestApp(backend), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  async function signedInPage(email: string, width: keyof typeof WIDTHS): Promise<Page> {
    const { cookie } = await consoleSessionHeaders(t, email);
    const [name, value] = cookie.split('=') as [string, string];
    const context = await browser.newContext({ viewport: WIDTHS[width], deviceScaleFactor: 1 });
    await context.addCookies([{ name, value, url: t.baseUrl }]);
    return context.newPage();
  }

  /** Both widths of what `page` shows now: nothing scrolls sideways; saved full length as `twofactor-<name>-<width>.png` when screens are kept. */
  async function screens(page: Page, name: string): Promise<void> {
    const folder = screensFolder();
    for (const [width, viewport] of Object.entries(WIDTHS)) {
      await page.setViewportSize(viewport);
      expect(await horizontalOverflow(page), `${name} at ${width}`).toBe(0);
      if (folder) await page.screenshot({ path: join(folder, `twofactor-${name}-${width}.png`), fullPage: true });
    }
  }

  it('sets the factor up from the QR code on the screen, shows the recovery codes once, and takes one after the next sign-in', async () => {
    const email = `2fa-page-${Date.now()}@transport.example`;
    const page = await signedInPage(email, 'phone');
    await page.goto(`${t.baseUrl}/console/two-factor`);
    expect(await page.locator('#two-factor-state').innerText()).toContain('off');
    await screens(page, 'off');

    await page.getByRole('button', { name: 'Set up' }).click();
    await page.locator('#qr-code').waitFor();
    await screens(page, 'enrol');
    const shot = join(pictureFolder(), 'twofactor-qr.png');
    await page.locator('#qr-code').screenshot({ path: shot });
    const uri = execFileSync('zbarimg', ['--raw', '-q', shot], { encoding: 'utf8' }).trim();
    const totp = URI.parse(uri) as TOTP;
    expect(totp.issuer).toBe('Freight document service');
    expect(totp.label).toBe(email);
    // The key in text is the QR code's, in groups of four.
    expect((await page.locator('#totp-secret').innerText()).replace(/\s/g, '')).toBe(totp.secret.base32);

    await page.fill('#confirm-code', totp.generate({ timestamp: t.clock.now().getTime() }));
    await page.getByRole('button', { name: 'Turn on' }).click();
    const codes = await page.locator('#recovery-codes li').allInnerTexts();
    expect(codes).toHaveLength(10);
    expect(await page.locator('#two-factor-state').innerText()).toContain('10 unused recovery codes');
    await screens(page, 'recovery-codes');
    // Shown once: the page again holds the status, not the codes.
    await page.goto(`${t.baseUrl}/console/two-factor`);
    expect(await page.locator('#recovery-codes').count()).toBe(0);
    await screens(page, 'on');

    const next = await signedInPage(email, 'laptop');
    await next.goto(`${t.baseUrl}/console/two-factor?lang=nl`);
    await screens(next, 'verify-nl');
    await next.fill('#verify-code', codes[0]!);
    await next.getByRole('button', { name: 'Verder' }).click();
    expect(new URL(next.url()).pathname).toBe('/console');
    await next.goto(`${t.baseUrl}/console/two-factor`);
    expect(await next.locator('#two-factor-state').innerText()).toContain('9 unused recovery codes');
  });
});
