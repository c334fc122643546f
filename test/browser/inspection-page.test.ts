/**
 * The inspection page in headless Chromium on the smallest common phone screen, 360×740: the
 * verdict, status, parties, vehicle, signatures and remarks visible, nothing wider
 * than the screen — folded and with the whole note open — and the PDF link working; then in five
 * languages of four scripts' worth of letters at 390×844 and on a desktop. Screens are
 * saved as PNGs (test/support/browser.ts says where) for a person to look at.
 */
import { createHash } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEmbedded } from '../support/backends.js';
import { horizontalOverflow, launchChromium, PHONE, screenshot } from '../support/browser.js';
import { inspectApi } from '../support/inspect-api.js';
import { listeningTestApp } from '../support/listening-app.js';
import { remarksApi } from '../support/remarks-api.js';
import type { TestApp } from '../support/test-app.js';

const SMALL_PHONE = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true } as const;

describeOnEmbedded('inspection page in Chromium at 360×740', (embedded) => {
  let t: TestApp & { baseUrl: string };
  let browser: Browser;
  beforeAll(async () => {
    [t, browser] = await Promise.all([listeningTestApp(embedded), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('shows the verdict, status, parties, vehicle, signatures and remarks without horizontal scrolling', async () => {
    const tenant = await t.newTenant();
    const api = inspectApi(t);
    const { shipment, url } = await api.issued(tenant);
    expect(url.startsWith(`${t.baseUrl}/inspect/`)).toBe(true);
    for (const [role, signer_name] of [['consignor', 'Sanne de Vries'], ['carrier', 'Pieter Jansen']]) {
      await t.app.inject({ method: 'POST', url: `/v1/shipments/${shipment.id}/signatures`, headers: t.auth(tenant.testKey), payload: { role, signer_name } });
    }
    await remarksApi(t, tenant).created(shipment.id, { phase: 'delivery', type: 'damage', text: 'Pallet 3 of 12 wrapped loose, corner crushed; photographed at the dock.' });

    const context = await browser.newContext({ ...SMALL_PHONE, locale: 'de-DE' });
    const page = await context.newPage();
    const response = await page.goto(url);
    expect(response!.status()).toBe(200);
    expect(await page.getAttribute('html', 'lang')).toBe('de');
    for (const [selector, text] of [
      ['h1', 'Straßenkontrolle'],
      ['#verdict', 'Dokument unversehrt'],
      ['#status', 'Unterwegs'],
      ['#fact-sender + dd', 'Havenbedrijf Noordzee Logistics B.V.'],
      ['#fact-consignee + dd', 'Rheinstahl Komponenten GmbH'],
      ['#fact-vehicle + dd', '12-BXL-4'],
      ['#signatures', 'Sanne de Vries'],
      ['#remarks', 'corner crushed'],
      ['#versions', 'Version 4'],
      ['details.earlier > summary', 'Frühere Versionen (3)'],
    ] as const) {
      const element = page.locator(selector).first();
      expect(await element.isVisible(), selector).toBe(true);
      expect(await element.innerText(), selector).toContain(text);
    }
    // The verdict is on the first screen, not below the fold.
    const verdict = (await page.locator('#verdict').boundingBox())!;
    expect(verdict.y + verdict.height).toBeLessThan(740);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'inspect-01-first-screen');
    await screenshot(page, 'inspect-02-signatures', { at: '#signatures-title' });
    await screenshot(page, 'inspect-03-versions', { at: '#versions-title' });

    await page.click('details.whole > summary');
    expect(await page.locator('section[aria-labelledby="box-1"]').isVisible()).toBe(true);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'inspect-04-whole-note', { fullPage: true });
    await screenshot(page, 'inspect-04-whole-note-goods', { at: '#box-goods' });
    await screenshot(page, 'inspect-04-whole-note-signatures', { at: 'section[aria-labelledby="box-22"]' });

    const href = (await page.locator('#versions a').first().getAttribute('href'))!;
    const pdf = await page.request.get(href);
    expect(pdf.status()).toBe(200);
    expect(createHash('sha256').update(await pdf.body()).digest('hex')).toBe(await page.locator('#versions code').first().innerText());
    await context.close();
  });

  it('in Polish, German, Greek, Bulgarian and Irish, on a phone and a desktop: every letter drawn from a font that has it, the switcher working', async () => {
    const tenant = await t.newTenant();
    const api = inspectApi(t);
    const { shipment, url } = await api.issued(tenant);
    for (const [role, signer_name] of [['consignor', 'Sanne de Vries'], ['carrier', 'Pieter Jansen']]) {
      await t.app.inject({ method: 'POST', url: `/v1/shipments/${shipment.id}/signatures`, headers: t.auth(tenant.testKey), payload: { role, signer_name } });
    }
    await remarksApi(t, tenant).created(shipment.id, { phase: 'delivery', type: 'shortage', text: 'One carton missing.' });
    const cases = [
      ['pl-PL,pl;q=0.9,en;q=0.5', 'pl', 'Kontrola drogowa', 'Łańcuch zdarzeń'],
      ['de-DE', 'de', 'Straßenkontrolle', 'Übernahme'],
      ['el-GR', 'el', 'Οδικός έλεγχος', 'Παρατηρήσεις'],
      ['bg-BG', 'bg', 'Пътна проверка', 'Забележки'],
      ['ga-IE', 'ga', 'Iniúchadh cois bóthair', 'Sínithe'],
    ] as const;
    for (const [accept, lang, title, text] of cases) {
      for (const [device, options] of [
        ['phone', PHONE],
        ['desktop', { viewport: { width: 1280, height: 900 } }],
      ] as const) {
        const context = await browser.newContext({ ...options, extraHTTPHeaders: { 'accept-language': accept } });
        const page = await context.newPage();
        expect((await page.goto(url))!.status()).toBe(200);
        expect(await page.getAttribute('html', 'lang')).toBe(lang);
        expect(await page.locator('h1').innerText()).toBe(title);
        expect(await page.locator('body').innerText()).toContain(text);
        expect(await horizontalOverflow(page)).toBe(0);
        // Every character of the heading, the verdict, a remark and the switcher's Greek, Cyrillic,
        // Baltic and Maltese names comes from a real font (CSS.getPlatformFontsForNode reads a node's own text).
        const cdp = await context.newCDPSession(page);
        await cdp.send('DOM.enable');
        await cdp.send('CSS.enable');
        const { root } = await cdp.send('DOM.getDocument');
        for (const selector of ['h1', '#verdict h2', '#verdict p', '#remarks li', '#fact-pickup + dd p:last-child', ...['el', 'bg', 'lt', 'lv', 'mt', 'cs', 'hu'].map((l) => `#languages a[hreflang="${l}"]`)]) {
          const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
          const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
          expect(fonts.length, `${lang} ${selector}`).toBeGreaterThan(0);
          expect(fonts.filter((f) => /last ?resort/i.test(f.familyName)), `${lang} ${selector}`).toEqual([]);
        }
        await screenshot(page, `inspect-lang-${lang}-${device}`);
        if (device === 'phone') await screenshot(page, `inspect-lang-${lang}-${device}-switcher`, { at: '#languages' });
        await context.close();
      }
    }

    // The switcher: from Polish to Greek by a tap, the choice in the URL, kept on reload.
    const context = await browser.newContext({ ...PHONE, extraHTTPHeaders: { 'accept-language': 'pl' } });
    const page = await context.newPage();
    await page.goto(url);
    await page.click('a[href="#languages"]');
    await page.click('#languages a[hreflang="el"]');
    expect(page.url()).toBe(`${url}?lang=el`);
    expect(await page.getAttribute('html', 'lang')).toBe('el');
    expect(await page.locator('#languages a[aria-current]').innerText()).toBe('Ελληνικά');
    await page.reload();
    expect(await page.locator('h1').innerText()).toBe('Οδικός έλεγχος');
    await context.close();
  }, 240_000);

  it('a link that is not ours: a readable 404 page', async () => {
    const context = await browser.newContext({ ...SMALL_PHONE, locale: 'fr-FR' });
    const page = await context.newPage();
    const response = await page.goto(`${t.baseUrl}/inspect/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`);
    expect(response!.status()).toBe(404);
    expect(await page.locator('#page-error').innerText()).toContain("Aucune lettre de voiture n'a ce lien de contrôle.");
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'inspect-05-not-found');
    await context.close();
  });
});
