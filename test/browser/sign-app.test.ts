/**
 * The signing web app in headless Chromium on a phone-sized screen: consignor
 * and carrier sign at pickup with drawn signatures, the carrier's page hands the phone over, the
 * consignee signs at delivery on the handed-off link; the one-time password in the page; a Dutch
 * page; links that cannot be used; and a note that changes while the page is open. Each step is
 * saved as a PNG (test/support/browser.ts says where) for a person to look at.
 */
import { createHash, randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { drawSignature, horizontalOverflow, screenshot } from '../support/browser.js';
import { alertText, signAppBrowser, signDrawn } from '../support/sign-app-browser.js';
import { shipmentsApi } from '../support/shipments-api.js';
import type { TestApp } from '../support/test-app.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe.each(backends())('signing web app on $name', (backend) => {
  const app = signAppBrowser(backend);
  const { call, signLink, issued, phonePage } = app;
  let t: TestApp & { baseUrl: string };
  beforeAll(() => {
    t = app.t;
  });

  it('consignor and carrier sign at pickup with drawn signatures, the carrier hands over, the consignee signs at delivery', async () => {
    const tenant = await t.newTenant();
    const shipment = await issued(tenant);
    const consignorLink = await signLink(tenant, shipment.id, { role: 'consignor', channel: 'email', language: 'en' });
    const carrierLink = await signLink(tenant, shipment.id, { role: 'carrier', channel: 'sms', language: 'en' });
    expect(consignorLink.url.startsWith(`${t.baseUrl}/sign/`)).toBe(true);

    // The consignor reads the note: the boxes, the version, its fingerprint and the PDF of that version.
    const consignor = await phonePage({ geolocation: { latitude: 51.9244, longitude: 4.4777, accuracy: 20 }, permissions: ['geolocation'] });
    const response = await consignor.goto(consignorLink.url);
    expect(response!.status()).toBe(200);
    expect(response!.headers()['content-security-policy']).toContain("default-src 'none'");
    expect(await consignor.getAttribute('html', 'lang')).toBe('en');
    expect(await consignor.locator('h1').innerText()).toBe('Sign the consignment note');
    expect(await consignor.locator('header').innerText()).toContain('You sign as sender.');
    expect(await consignor.locator('section[aria-labelledby="box-1"]').innerText()).toContain('Havenbedrijf Noordzee Logistics B.V.');
    expect(await consignor.locator('section[aria-labelledby="box-2"]').innerText()).toContain('Rheinstahl Komponenten GmbH');
    expect(await consignor.locator('#box-goods').innerText()).toContain('6–12');
    expect(await consignor.locator('#document-title').innerText()).toContain('1');
    const sha = await consignor.locator('#document-sha256').innerText();
    const pdf = await consignor.request.get((await consignor.getAttribute('#pdf-link', 'href'))!);
    expect(pdf.status()).toBe(200);
    expect(createHash('sha256').update(await pdf.body()).digest('hex')).toBe(sha);
    expect(await horizontalOverflow(consignor)).toBe(0);
    await screenshot(consignor, '01-consignor-note');
    await screenshot(consignor, '01-consignor-note-goods', { at: '#box-goods' });
    await screenshot(consignor, '01-consignor-note-full', { fullPage: true });

    await consignor.click('#locate');
    await consignor.locator('#locate-status', { hasText: 'Location added' }).waitFor();
    await signDrawn(consignor, 'Sanne de Vries', '02-consignor');
    // The carrier has not signed yet: the goods are not in transit, no handoff from here.
    expect(await consignor.locator('#handoff').isHidden()).toBe(true);
    // Only the confirmation stays: the note shown is now an older version.
    expect(await consignor.locator('.note').isHidden()).toBe(true);

    // The carrier (the driver) sees version 2 with the sender's signature in box 22, signs, and hands over.
    const driver = await phonePage();
    await driver.goto(carrierLink.url);
    expect(await driver.locator('#document-title').innerText()).toContain('2');
    expect(await driver.locator('section[aria-labelledby="box-22"]').innerText()).toContain('Signed by: Sanne de Vries');
    await screenshot(driver, '03-carrier-note-box-22', { at: 'section[aria-labelledby="box-22"]' });
    await signDrawn(driver, 'Pieter Jansen', '04-carrier');
    expect((await shipmentsApi(t, tenant).get(shipment.id)).json().status).toBe('in_transit');
    expect(await driver.locator('#handoff').isVisible()).toBe(true);
    await driver.click('#handoff-button');
    await driver.waitForURL((url) => url.pathname.startsWith('/sign/') && url.href !== carrierLink.url);
    await driver.locator('#step-sign').waitFor();
    expect(await driver.locator('header').innerText()).toContain('You sign as consignee.');
    expect(await driver.locator('section[aria-labelledby="box-23"]').innerText()).toContain('Signed by: Pieter Jansen');
    await screenshot(driver, '05-consignee-note');
    await signDrawn(driver, 'Jonas Becker', '06-consignee');
    expect(await driver.locator('#handoff').isHidden()).toBe(true);

    // Through the API: delivered, three drawn signatures with their images, the handoff named.
    expect((await shipmentsApi(t, tenant).get(shipment.id)).json().status).toBe('delivered');
    const signatures = (await call(tenant, 'GET', `/v1/shipments/${shipment.id}/signatures`)).json().data;
    expect(signatures.map((s: any) => [s.role, s.method, s.signer_name, s.evidence.has_image])).toEqual([
      ['consignor', 'drawn', 'Sanne de Vries', true],
      ['carrier', 'drawn', 'Pieter Jansen', true],
      ['consignee', 'drawn', 'Jonas Becker', true],
    ]);
    expect(signatures[0].evidence.location).toMatchObject({ lat: 51.9244, lng: 4.4777 });
    expect(signatures[0].evidence.user_agent).toMatch(/Chrome/);
    expect(signatures[2].evidence.handoff_from).toBe(carrierLink.id);
    const rows = await t.runtime.services.db.selectFrom('signatures').select(['role', 'image_object_key']).where('shipment_id', '=', shipment.id).execute();
    for (const row of rows) {
      const image = await t.runtime.services.objects.get(row.image_object_key!);
      expect(image!.body.subarray(0, 8).equals(PNG_SIGNATURE), row.role).toBe(true);
    }
    // The last version prints the three drawn signatures (pdfimages lists each).
    const last = signatures[2].rendered_document_id;
    const download = (await call(tenant, 'POST', `/v1/documents/${last}/download-url`)).json().url;
    const folder = mkdtempSync(join(tmpdir(), 'sign-app-pdf-'));
    try {
      const file = join(folder, 'note.pdf');
      writeFileSync(file, (await t.app.inject({ method: 'GET', url: new URL(download).pathname + new URL(download).search })).rawPayload);
      const images = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).trim().split('\n').slice(2);
      expect(images.filter((line) => /\bimage\b/.test(line)).length).toBeGreaterThanOrEqual(3);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 120_000);

  it('asks for the one-time password first: a wrong code is said so, the sandbox code opens signing (typed name)', async () => {
    const tenant = await t.newTenant();
    const shipment = await issued(tenant);
    const link = await signLink(tenant, shipment.id, { role: 'consignor', channel: 'email', language: 'en', otp_required: true });
    const page = await phonePage();
    await page.goto(link.url);
    expect(await page.locator('#step-otp').isVisible()).toBe(true);
    expect(await page.locator('#step-sign').isHidden()).toBe(true);
    await page.click('#otp-send');
    await page.locator('#otp-status', { hasText: 'Code sent to p•••@noordzee-logistics.example' }).waitFor();
    await page.fill('#otp-code', '123456');
    await page.click('#otp-form button[type=submit]');
    await page.locator('#otp-error').waitFor();
    expect(await alertText(page, 'otp-error')).toBe('The code is wrong, expired or already used. Check it, or ask for a new code.');
    await screenshot(page, '07-otp-wrong-code', { at: '#step-otp' });

    await page.fill('#otp-code', '000000');
    await page.click('#otp-form button[type=submit]');
    await page.locator('#step-sign').waitFor();
    expect(await page.locator('#step-otp').isHidden()).toBe(true);
    await page.fill('#signer-name', 'Sanne de Vries');
    await page.click('#mode-toggle');
    expect(await page.locator('#pad').isHidden()).toBe(true);
    await screenshot(page, '08-otp-verified-typed', { at: '#step-sign' });
    await page.click('#sign-submit');
    await page.locator('#step-done').waitFor();
    const [signature] = (await call(tenant, 'GET', `/v1/shipments/${shipment.id}/signatures`)).json().data;
    expect(signature).toMatchObject({ role: 'consignor', method: 'typed', evidence: { otp_reference: `otp:${link.id}`, has_image: false } });
  });

  it('five wrong codes lock the recipient: the page says when to try again (Retry-After)', async () => {
    const tenant = await t.newTenant();
    const shipment = await issued(tenant);
    // The lock is the recipient's, across organizations, and a PostgreSQL database outlives a run:
    // a recipient of its own, or a second run within ten minutes starts locked.
    const link = await signLink(tenant, shipment.id, { role: 'consignor', channel: 'email', language: 'en', otp_required: true, recipient: `locked-${randomUUID()}@noordzee-logistics.example` });
    const page = await phonePage();
    await page.goto(link.url);
    for (let i = 1; i <= 5; i++) {
      await page.fill('#otp-code', `11111${i}`);
      await page.click('#otp-form button[type=submit]');
      await page.locator('#otp-error', { hasText: 'The code is wrong' }).waitFor();
      await page.evaluate(() => (document.getElementById('otp-error')!.textContent = ''));
    }
    await page.fill('#otp-code', '000000');
    await page.click('#otp-form button[type=submit]');
    await page.locator('#otp-error', { hasText: 'Too many wrong codes' }).waitFor();
    expect(await alertText(page, 'otp-error')).toBe('Too many wrong codes. You can try again in 10 minutes.');
    await screenshot(page, '07-otp-locked', { at: '#step-otp' });
  });

  it('without a connection the page says nothing was signed; back online, signing works', async () => {
    const tenant = await t.newTenant();
    const shipment = await issued(tenant);
    const link = await signLink(tenant, shipment.id, { role: 'consignor', channel: 'email', language: 'en' });
    const page = await phonePage();
    await page.goto(link.url);
    await page.fill('#signer-name', 'Sanne de Vries');
    await drawSignature(page, '#pad');
    await page.context().setOffline(true);
    await page.click('#sign-submit');
    await page.locator('#sign-error', { hasText: 'No connection' }).waitFor();
    expect(await alertText(page, 'sign-error')).toBe('No connection to the service; nothing was signed. Check your connection and try again.');
    await screenshot(page, '13-offline', { at: '#step-sign' });
    await page.context().setOffline(false);
    await page.click('#sign-submit');
    await page.locator('#step-done').waitFor();
    expect((await call(tenant, 'GET', `/v1/shipments/${shipment.id}/signatures`)).json().data).toHaveLength(1);
  });

  it('follows the link\'s language: a Dutch page, its note and its messages', async () => {
    const tenant = await t.newTenant();
    const shipment = await issued(tenant);
    const link = await signLink(tenant, shipment.id, { role: 'carrier', channel: 'sms', language: 'nl' });
    const page = await phonePage({ locale: 'nl-NL' });
    await page.goto(link.url);
    expect(await page.getAttribute('html', 'lang')).toBe('nl');
    expect(await page.locator('h1').innerText()).toBe('Vrachtbrief ondertekenen');
    expect(await page.locator('header').innerText()).toContain('U tekent als vervoerder.');
    expect(await page.locator('#box-1').innerText()).toContain('Afzender (naam, adres, land)');
    expect(await page.locator('#pdf-link').innerText()).toBe('Open de pdf (versie 1)');
    await page.fill('#signer-name', 'Pieter Jansen');
    await page.click('#sign-submit');
    expect(await alertText(page, 'sign-error')).toBe('Zet eerst uw handtekening, of kies ervoor uw naam te typen.');
    await screenshot(page, '09-dutch-page');
    await screenshot(page, '09-dutch-page-sign-error', { at: '#step-sign' });
    expect(await horizontalOverflow(page)).toBe(0);
  });

  it('says why a link cannot be used: revoked, replaced, expired, used, unknown — and a link withdrawn while open', async () => {
    const tenant = await t.newTenant();
    const shipment = await issued(tenant);
    const page = await phonePage();
    const expectPage = async (url: string, status: number, text: string) => {
      const response = await page.goto(url);
      expect(response!.status()).toBe(status);
      expect(await alertText(page, 'page-error')).toBe(text);
    };

    const first = await signLink(tenant, shipment.id, { role: 'consignor', channel: 'email', language: 'en' });
    const resent = (await call(tenant, 'POST', `/v1/signature-requests/${first.id}/resend`)).json();
    await expectPage(first.url, 410, 'A newer sign link was sent for this signature. Open the link in the latest message you received.');
    await call(tenant, 'POST', `/v1/signature-requests/${resent.id}/revoke`);
    await expectPage(resent.url, 410, 'This sign link was withdrawn by the sender.');
    await screenshot(page, '10-revoked-link-page');
    await expectPage(`${t.baseUrl}/sign/not-a-real-token`, 404, 'This sign link does not exist. Check that you opened the whole link.');

    // The link's own language even when it can no longer be used.
    const dutch = await signLink(tenant, shipment.id, { role: 'carrier', channel: 'sms', language: 'nl', expires_at: new Date(t.clock.now().getTime() + 3_600_000).toISOString() });
    t.clock.advance(3_600_001);
    await expectPage(dutch.url, 410, 'Deze ondertekeningslink is verlopen. Vraag de afzender om een nieuwe.');
    await screenshot(page, '11-expired-link-dutch');

    // Withdrawn while the signer has the page open: the submit says so and the form closes.
    const open = await signLink(tenant, shipment.id, { role: 'consignor', channel: 'email', language: 'en' });
    await page.goto(open.url);
    await call(tenant, 'POST', `/v1/signature-requests/${open.id}/revoke`);
    await page.fill('#signer-name', 'Sanne de Vries');
    await drawSignature(page, '#pad');
    await page.click('#sign-submit');
    await page.locator('#sign-error').waitFor();
    expect(await alertText(page, 'sign-error')).toBe('This sign link was withdrawn by the sender.');
    expect(await page.locator('#sign-submit').isDisabled()).toBe(true);
    await screenshot(page, '10-withdrawn-while-open', { at: '#step-sign' });

    // A used link: no more signing, the signer's copy read-only (test/browser/signer-copy.test.ts).
    const used = await signLink(tenant, shipment.id, { role: 'carrier', channel: 'sms', language: 'en' });
    const context = (await t.app.inject({ method: 'GET', url: `/v1/sign/${used.url.split('/sign/')[1]}` })).json();
    await t.app.inject({ method: 'POST', url: `/v1/sign/${used.url.split('/sign/')[1]}/submit`, payload: { signer_name: 'Pieter Jansen', signature: { type: 'typed' }, document_id: context.document.id, document_sha256: context.document.sha256 } });
    expect((await page.goto(used.url))!.status()).toBe(200);
    expect(await page.locator('h1').innerText()).toBe('Already signed');
    expect(await page.locator('#copy-note').isVisible()).toBe(true);
    expect(await page.locator('form').count()).toBe(0);
  });

  it('out of turn or after a cancellation: the submit is refused with a message that says why', async () => {
    const tenant = await t.newTenant();
    const shipment = await issued(tenant);
    const consignee = await signLink(tenant, shipment.id, { role: 'consignee', channel: 'email', language: 'en' });
    const page = await phonePage();
    const tryToSign = async (url: string) => {
      await page.goto(url);
      await page.fill('#signer-name', 'Jonas Becker');
      await page.click('#mode-toggle');
      await page.click('#sign-submit');
      await page.locator('#sign-error').waitFor();
      return alertText(page, 'sign-error');
    };
    // Before pickup the consignee cannot sign: 409 invalid_state.
    expect(await tryToSign(consignee.url)).toBe('This is not possible at this stage of the transport.');
    const consignor = await signLink(tenant, shipment.id, { role: 'consignor', channel: 'email', language: 'en' });
    expect((await call(tenant, 'POST', `/v1/shipments/${shipment.id}/cancel`)).statusCode).toBe(200);
    // A cancelled shipment takes no signatures: 409 shipment_immutable.
    expect(await tryToSign(consignor.url)).toBe('This shipment is delivered or cancelled: it takes no more signatures.');
    await screenshot(page, '14-cancelled-shipment', { at: '#step-sign' });
  });

  it('a newer version while the page is open: the page says so, shows the new version, and signs it', async () => {
    const tenant = await t.newTenant();
    const shipment = await issued(tenant);
    const link = await signLink(tenant, shipment.id, { role: 'carrier', channel: 'sms', language: 'en' });
    const page = await phonePage();
    await page.goto(link.url);
    expect(await page.locator('#document-title').innerText()).toContain('1');
    // Meanwhile the consignor signs through the API: version 2.
    expect((await call(tenant, 'POST', `/v1/shipments/${shipment.id}/signatures`, { role: 'consignor', signer_name: 'Sanne de Vries' })).statusCode).toBe(201);

    await page.fill('#signer-name', 'Pieter Jansen');
    await drawSignature(page, '#pad');
    await Promise.all([page.waitForEvent('load'), page.click('#sign-submit')]);
    await page.locator('#notice').waitFor();
    expect(await alertText(page, 'notice')).toBe('The consignment note changed while you had it open. This is the new version (2): read it and sign again.');
    // Shown from the top, where the notice is, not where the page was scrolled to.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.locator('#document-title').innerText()).toContain('2');
    expect(await page.locator('section[aria-labelledby="box-22"]').innerText()).toContain('Sanne de Vries');
    // The name typed before the reload is kept; the signature is drawn again.
    await expect.poll(() => page.inputValue('#signer-name')).toBe('Pieter Jansen');
    await screenshot(page, '12-newer-version');
    await drawSignature(page, '#pad');
    await page.click('#sign-submit');
    await page.locator('#step-done').waitFor();
    // Both pickup signatures are in: the driver may hand over.
    expect(await page.locator('#handoff').isVisible()).toBe(true);
    expect((await shipmentsApi(t, tenant).get(shipment.id)).json().status).toBe('in_transit');
  });
});
