/**
 * A successive carrier's signing page in headless Chromium on a phone: it enters its reservation
 * at the takeover ("Your reservations on taking over"), the note on the page shows it in box 18
 * under its name, and it signs with the place of the takeover, which box 17 then prints. Each step
 * is saved as a PNG (test/support/browser.ts says where), and the remarks step also at 1440×900.
 */
import { describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { horizontalOverflow, screenshot } from '../support/browser.js';
import { signAppBrowser, signDrawn } from '../support/sign-app-browser.js';
import { fullShipment } from '../support/shipment-fixtures.js';
import { shipmentsApi } from '../support/shipments-api.js';

describe.each(backends())('signing web app: a successive carrier takes over on $name', (backend) => {
  const app = signAppBrowser(backend);

  it('enters a reservation at the takeover, sees it under its name in box 18, and signs with the place of the takeover', async () => {
    const { t, call, signLink, phonePage } = app;
    const tenant = await t.newTenant();
    const body = { ...fullShipment(), successive_carriers: [{ name: 'Spedycja Łódź Sp. z o.o.', address: { street: 'ul. Długa 1', city: 'Łódź', country: 'PL' } }] };
    const shipment = await shipmentsApi(t, tenant).created(body, { issue: true });
    for (const [role, signer_name] of [['consignor', 'Sanne de Vries'], ['carrier', 'Pieter Jansen']]) {
      expect((await call(tenant, 'POST', `/v1/shipments/${shipment.id}/signatures`, { role, signer_name })).statusCode).toBe(201);
    }
    const link = await signLink(tenant, shipment.id, { role: 'successive_carrier', successive_index: 0, channel: 'email', recipient: 'dispatch@lodz.example', language: 'en' });

    const page = await phonePage();
    expect((await page.goto(link.url))!.status()).toBe(200);
    expect(await page.locator('#remarks-title').innerText()).toBe('Your reservations on taking over');
    const text = 'Pallet 2 shifted, shrink wrap torn on arrival.';
    await page.selectOption('#remark-type', 'damage');
    await page.fill('#remark-text', text);
    await Promise.all([page.waitForEvent('load'), page.click('#remark-form button[type=submit]')]);
    await page.locator('#remark-status:visible').waitFor();
    expect(await page.locator('#remarks-list').innerText()).toBe(`Damage · ${text}`);
    const box18 = await page.locator('section[aria-labelledby="box-18"]').innerText();
    expect(box18).toContain('Reservations of successive carrier 1: Spedycja Łódź Sp. z o.o.');
    expect(box18).toContain(text);
    await screenshot(page, '60-takeover-remark-added', { at: '#step-remarks' });
    await screenshot(page, '61-takeover-box-18', { at: 'section[aria-labelledby="box-18"]' });
    expect(await horizontalOverflow(page)).toBe(0);
    await page.setViewportSize({ width: 1440, height: 900 });
    await screenshot(page, '62-takeover-desktop', { at: '#step-remarks' });
    await page.setViewportSize({ width: 390, height: 844 });

    expect(await page.locator('label[for="takeover-place"]').innerText()).toBe('Place where you take the goods over');
    await page.fill('#takeover-place', 'Venlo, NL');
    await screenshot(page, '63-takeover-place', { at: '#takeover-place' });
    await signDrawn(page, 'Michał Wiśniewski', '64-takeover');

    const signatures = (await call(tenant, 'GET', `/v1/shipments/${shipment.id}/signatures`)).json().data as { role: string; place: string | null }[];
    expect(signatures.at(-1)).toMatchObject({ role: 'successive_carrier', place: 'Venlo, NL' });
    const events = (await call(tenant, 'GET', `/v1/shipments/${shipment.id}/events`)).json().data as { type: string }[];
    expect(events.at(-1)!.type).toBe('shipment.taken_over');
  }, 180_000);
});
