/**
 * A successive carrier's driver takes the goods over on a phone (390×844) in headless Chromium:
 * the takeover stop says whom they sign for and from whom; a reservation with a photo; the
 * signature with the place (the phone's position offered, the driver's words kept); the checklist
 * after it; the note prints box 17 and 18. Then the delivery of goods stopped by the right of
 * disposal shows "Stopped — do not deliver" and offers no "stop done". Screens are saved as
 * `driver-takeover-*.png` in the screens folder (test/support/browser.ts).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEmbedded } from '../support/backends.js';
import { disposalApi } from '../support/disposal-api.js';
import { drawSignature, horizontalOverflow, launchChromium, phoneContext, screenshot } from '../support/browser.js';
import { listeningTestApp } from '../support/listening-app.js';
import { pdfText } from '../support/pdf-text.js';
import { png } from '../support/sample-files.js';
import { fullShipment } from '../support/shipment-fixtures.js';
import { shipmentsApi } from '../support/shipments-api.js';
import type { Tenant, TestApp } from '../support/test-app.js';

const LODZ = { name: 'Spedycja Łódź Sp. z o.o.', address: { street: 'ul. Długa 1', postal_code: '90-001', city: 'Łódź', country: 'PL' } };

describeOnEmbedded('driver app: a takeover for a successive carrier, and stopped goods', (backend) => {
  let t: TestApp & { baseUrl: string };
  let browser: Browser;
  let tenant: Tenant;
  beforeAll(async () => {
    [t, browser] = await Promise.all([listeningTestApp(backend), launchChromium()]);
    tenant = await t.newTenant();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const api = async (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: t.auth(tenant.testKey), ...(payload ? { payload } : {}) });

  it('reservation with a photo, signature with the place, checklist and note; then the stopped delivery', async () => {
    const shipment = await shipmentsApi(t, tenant).created({ ...fullShipment(), successive_carriers: [LODZ] }, { issue: true });
    for (const role of ['consignor', 'carrier']) expect((await api('POST', `/v1/shipments/${shipment.id}/signatures`, { role, signer_name: role })).statusCode).toBe(201);
    const phone = `+4861${String(Date.now()).slice(-7)}`;
    const stops = [{ shipment_id: shipment.id, kind: 'takeover', successive_index: 0 }, { shipment_id: shipment.id, kind: 'delivery' }];
    const tour = (await api('POST', '/v1/tours', { name: 'Venlo–Duisburg', date: new Date().toISOString().slice(0, 10), driver: { name: 'Michał Wiśniewski', phone, language: 'en' }, stops })).json();
    const token = (await api('POST', '/v1/test/driver-sessions', { phone })).json().token as string;

    const context = await phoneContext(browser, { geolocation: { latitude: 51.3704, longitude: 6.1724, accuracy: 15 }, permissions: ['geolocation'] });
    await context.addCookies([{ name: 'fds_driver', value: token, url: t.baseUrl }]);
    const page = await context.newPage();
    await page.goto(`${t.baseUrl}/driver#/stop/${tour.id}/1`);
    await page.locator('#takeover').waitFor();
    expect(await page.locator('#stop-title').innerText()).toBe(`Takeover · ${fullShipment().carrier!.name}`);
    expect(await page.locator('#takeover').innerText()).toContain(`You take the goods over from ${fullShipment().carrier!.name} for ${LODZ.name} (successive carrier 1).`);
    expect(await page.locator('#next-action [data-action]').evaluateAll((els) => els.map((e) => e.getAttribute('data-action')))).toEqual(['sign_takeover', 'remark', 'skip']);
    expect(await page.locator('#stop').innerText()).not.toMatch(/\bnull\b/);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'driver-takeover-01-stop');

    // The reservation first, with a photo from the camera.
    await page.locator('#stop [data-action="remark"]').click();
    await page.selectOption('#remark-type', 'damage');
    await page.fill('#remark-text', 'Pallet 2 shifted, shrink wrap torn.');
    await page.setInputFiles('#remark-photo', { name: 'damage.png', mimeType: 'image/png', buffer: png(240, [150, 90, 40]) });
    await page.locator('#photos img').waitFor();
    await page.locator('#remark-form button[type="submit"]').click();
    await page.locator('#toast', { hasText: 'Saved.' }).waitFor();
    await page.locator('#checklist .remarks li[data-remark]').waitFor();

    // The signature: the place is required; the phone's position fills it, the driver's words replace it.
    await page.locator('#stop [data-action="sign_takeover"]').click();
    expect(await page.locator('#sign-title').innerText()).toBe('Take over the goods and the note');
    expect(await page.locator('#signer-name').inputValue()).toBe('Michał Wiśniewski');
    await drawSignature(page, '#pad');
    await page.click('#sign-submit');
    expect(await page.locator('#sign-error').innerText()).toBe('Type the place of the takeover, or use your location.');
    await page.click('#use-location');
    await expect.poll(() => page.locator('#takeover-place').inputValue()).toBe('51.37040, 6.17240');
    await page.fill('#takeover-place', 'Venlo, Trade Port Noord');
    await screenshot(page, 'driver-takeover-02-sign', { at: '#sign-title' });
    await page.click('#sign-submit');
    await page.locator('#toast', { hasText: 'Saved.' }).waitFor();
    await page.locator('#checklist [data-role="successive_carrier"].signed').waitFor();
    expect(await page.locator('#takeover').innerText()).toContain('Taken over at Venlo, Trade Port Noord.');
    expect(await page.locator('#next-action [data-action]').evaluateAll((els) => els.map((e) => e.getAttribute('data-action')))).toEqual(['complete', 'skip']);
    await screenshot(page, 'driver-takeover-03-signed', { at: '#stop-title' });

    const signatures = (await api('GET', `/v1/shipments/${shipment.id}/signatures`)).json().data;
    expect(signatures.find((s: any) => s.role === 'successive_carrier')).toMatchObject({ successive_index: 0, signer_name: 'Michał Wiśniewski', place: 'Venlo, Trade Port Noord', method: 'drawn' });
    const events = (await api('GET', `/v1/shipments/${shipment.id}/events`)).json().data;
    expect(events.at(-1)).toMatchObject({ type: 'shipment.taken_over', data: { place: 'Venlo, Trade Port Noord', successive_index: 0 } });
    const note = (await api('GET', `/v1/shipments/${shipment.id}/documents`)).json().data.filter((d: any) => d.kind === 'consignment_note').sort((x: any, y: any) => y.version - x.version)[0];
    const url = new URL((await api('POST', `/v1/documents/${note.id}/download-url`)).json().url);
    const text = pdfText((await t.app.inject({ method: 'GET', url: url.pathname + url.search })).rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain(`1. ${LODZ.name}`);
    expect(text).toContain('Venlo, Trade Port Noord');
    expect(text).toContain('Pallet 2 shifted, shrink wrap torn.');

    await page.locator('#stop [data-action="complete"]').click();
    await page.click('#done-confirm');
    await page.locator('#toast', { hasText: 'Saved.' }).waitFor();

    // The goods are stopped: the delivery says so and offers no "stop done".
    const disposal = disposalApi(t, tenant);
    const held = await disposal.given(shipment.id, { instructing_party: 'consignor', kind: 'stop', text: 'Hold the goods at the Venlo depot until further notice.' });
    expect((await disposal.accept(shipment.id, held.id)).statusCode).toBe(200);
    await page.goto(`${t.baseUrl}/driver?reload=1#/stop/${tour.id}/2`);
    await page.locator('#stopped-banner').waitFor();
    expect(await page.locator('#stopped-banner').innerText()).toContain('Stopped — do not deliver');
    expect(await page.locator('#stopped-banner').innerText()).toContain('Hold the goods at the Venlo depot until further notice.');
    expect(await page.locator('#next-action [data-action]').evaluateAll((els) => els.map((e) => e.getAttribute('data-action')))).toEqual(['skip']);
    expect(await page.locator('#stop').innerText()).not.toMatch(/\bnull\b|Nothing left to do/);
    await screenshot(page, 'driver-takeover-04-stopped');
    await page.click('a.back');
    await page.locator('#run .badge.stopped').waitFor();
    await context.close();
  }, 240_000);
});
