/**
 * The console in German, French and Polish in a real browser: a dispatcher walks the navigation
 * from a page opened with `?lang=` (each link keeps it) and opens a shipment; every page says its language in
 * `<html lang>`, names the navigation in it, passes axe-core (nothing critical or serious) and does
 * not scroll sideways on a phone — the long German and Polish words included. With CONSOLE_SCREENS
 * set to a folder, each page is saved there at 1440×900 and 390×844 (lang-<lang>-<page>-<width>.png).
 */
import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CONSOLE_FRAME_WORDS, CONSOLE_NAV } from '../../src/modules/console/console-words.js';
import { describeOnEmbedded } from '../support/backends.js';
import { launchChromium } from '../support/browser.js';
import { checkConsolePage } from '../support/console-page-check.js';
import { consoleSessionHeaders } from '../support/console-session.js';
import { listeningTestApp } from '../support/listening-app.js';
import { fullShipment } from '../support/shipment-fixtures.js';
import type { TestApp } from '../support/test-app.js';

describeOnEmbedded('the console in German, French and Polish in a browser', (backend) => {
  let t: TestApp & { baseUrl: string };
  let browser: Browser;
  let owner: { cookie: string; origin: string };
  let shipment: string;
  beforeAll(async () => {
    browser = await launchChromium();
    t = await listeningTestApp(backend);
    owner = await consoleSessionHeaders(t, `dispatch-${randomUUID()}@transport.example`);
    const made = await t.app.inject({ method: 'POST', url: '/console/api-keys', headers: { cookie: owner.cookie, origin: owner.origin, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'key_mode=test' });
    const key = /id="new-key">(sk_test_[A-Za-z0-9_]+)</.exec(made.body)![1]!;
    const created = await t.app.inject({ method: 'POST', url: '/v1/shipments?issue=true', headers: t.auth(key), payload: fullShipment() });
    expect(created.statusCode, created.body).toBe(201);
    shipment = created.json().id;
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it.each(['de', 'fr', 'pl'] as const)('walks the navigation in %s', async (language) => {
    // The console's CSP is bypassed only so that axe can be added.
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, bypassCSP: true });
    const [name, value] = owner.cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: t.baseUrl }]);
    const page = await context.newPage();
    const words = CONSOLE_FRAME_WORDS[language];
    await page.goto(`${t.baseUrl}/console?lang=${language}`);
    const links = await page.locator('nav.side a').evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href')] as const));
    expect(links.map(([text]) => text)).toEqual(CONSOLE_NAV.map((key) => words.nav[key]));
    for (const [index, [, href]] of links.entries()) {
      expect(href).toMatch(new RegExp(`\\?lang=${language}$`));
      await page.goto(`${t.baseUrl}${href}`);
      expect(await page.locator('html').getAttribute('lang'), href!).toBe(language);
      expect(await page.locator('nav.side a[aria-current=page]').innerText(), href!).toBe(words.nav[CONSOLE_NAV[index]!]);
      await checkConsolePage(page, `lang-${language}-${CONSOLE_NAV[index]}`);
    }
    await page.goto(`${t.baseUrl}/console/shipments/${shipment}?lang=${language}`);
    expect(await page.locator('html').getAttribute('lang')).toBe(language);
    await checkConsolePage(page, `lang-${language}-shipment`);
    await page.goto(`${t.baseUrl}/console/shipments/new?lang=${language}`);
    await checkConsolePage(page, `lang-${language}-new-shipment`);
    await context.close();
  }, 180_000);
});
