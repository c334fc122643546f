/**
 * Photos as evidence on the pages people read, in headless Chromium on a 390×844 phone: the driver
 * makes a delivery remark with a camera photo in the driver app's route; the consignee's signing
 * page shows that photo (thumbnail, time), the consignee adds a remark with a photo of their own
 * from the page's camera input and signs; the inspection page then shows both photos beside their
 * remarks with time and SHA-256, on a phone and on a desktop screen. A file that is no photo is
 * refused in the signer's language. Screens are saved as PNGs (test/support/browser.ts says where).
 */
import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DRIVER_PATHS } from '../../src/modules/driver/driver.routes.js';
import { backends } from '../support/backends.js';
import { horizontalOverflow, screenshot } from '../support/browser.js';
import { signedInDriver } from '../support/driver-session.js';
import { inspectApi } from '../support/inspect-api.js';
import { cameraJpeg } from '../support/photos.js';
import { dataUrl, pdf } from '../support/sample-files.js';
import { alertText, signAppBrowser, signDrawn } from '../support/sign-app-browser.js';
import { shipmentsApi } from '../support/shipments-api.js';
import type { Tenant, TestApp } from '../support/test-app.js';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Every image matched has loaded and decoded (lazy ones are scrolled to first). */
async function imagesLoaded(page: Page, selector: string): Promise<number> {
  const images = page.locator(selector);
  const count = await images.count();
  for (let i = 0; i < count; i++) {
    await images.nth(i).scrollIntoViewIfNeeded();
    await images.nth(i).evaluate((img: HTMLImageElement) => (img.complete ? undefined : new Promise((resolve) => img.addEventListener('load', resolve, { once: true }))));
    expect(await images.nth(i).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  }
  return count;
}

describe.each(backends())('photos on the signing and inspection pages on $name', (backend) => {
  const app = signAppBrowser(backend);
  const { call, signLink, issued, phonePage } = app;
  let t: TestApp & { baseUrl: string };
  beforeAll(() => {
    t = app.t;
  });

  /** Picked up (consignor and carrier signed) and a driver's session for the delivery stop. */
  async function inTransitWithDriver(tenant: Tenant) {
    const shipment = await issued(tenant);
    for (const [role, name] of [['consignor', 'Sanne de Vries'], ['carrier', 'Pieter Jansen']] as const) {
      expect((await call(tenant, 'POST', `/v1/shipments/${shipment.id}/signatures`, { role, signer_name: name })).statusCode).toBe(201);
    }
    const drive = await signedInDriver(t, tenant, [{ shipment_id: shipment.id, kind: 'delivery' }]);
    const driverRemark = (payload: object) => drive(DRIVER_PATHS.remarks.replace(':id', shipment.id), payload);
    return { shipment, driverRemark };
  }

  it("the consignee sees the driver's photo, adds a remark with a photo and signs; the inspection page shows both photos with hash and time", async () => {
    const tenant = await t.newTenant();
    const { shipment, driverRemark } = await inTransitWithDriver(tenant);
    const driverPhoto = await cameraJpeg(1600, 1200);
    const made = await driverRemark({ phase: 'delivery', type: 'damage', text: 'Pallet 3 corner crushed at unloading.', photos: [dataUrl(driverPhoto, 'image/jpeg')] });
    expect(made.statusCode, made.body).toBe(201);

    const link = await signLink(tenant, shipment.id, { role: 'consignee', channel: 'email', language: 'en' });
    const page = await phonePage();
    await page.goto(link.url);
    expect(await imagesLoaded(page, '#remarks-list img')).toBe(1);
    expect(await page.locator('#remarks-list img').getAttribute('alt')).toBe('Photo 1 of this remark');
    expect(await page.locator('#remarks-list').innerText()).toContain('Taken ');
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, '60-photos-driver-remark', { at: '#step-remarks' });

    // The consignee's own remark, with a photo from the camera input.
    const ownPhoto = await cameraJpeg(1200, 1600);
    expect(await page.locator('#remark-photos').getAttribute('capture')).toBe('environment');
    await page.selectOption('#remark-type', 'shortage');
    await page.fill('#remark-text', 'Two cartons missing from pallet 5.');
    await page.setInputFiles('#remark-photos', { name: 'IMG_0412.jpg', mimeType: 'image/jpeg', buffer: ownPhoto });
    await page.locator('#remark-photo-previews img').waitFor();
    expect(await page.locator('#remark-photo-previews button').innerText()).toBe('Remove photo 1');
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, '61-photos-picked', { at: '#remark-form' });
    await Promise.all([page.waitForEvent('load'), page.click('#remark-form button[type=submit]')]);
    await page.locator('#remark-status:visible').waitFor();
    expect(await page.locator('#remarks-list > li').count()).toBe(2);
    expect(await imagesLoaded(page, '#remarks-list img')).toBe(2);
    await screenshot(page, '62-photos-remark-added', { at: '#step-remarks' });
    await signDrawn(page, 'Jonas Becker', '63-photos');
    expect((await shipmentsApi(t, tenant).get(shipment.id)).json().status).toBe('delivered');

    // The consignee's photo is stored as the page shrank it (longest side 1600 px, JPEG), named by the remark.
    const remarks = (await call(tenant, 'GET', `/v1/shipments/${shipment.id}/remarks?order=asc`)).json().data;
    expect(remarks.map((r: { source: string; photo_document_ids: string[] }) => [r.source, r.photo_document_ids.length])).toEqual([['api', 1], ['sign_link', 1]]);

    // The inspection page: both photos beside their remarks, with time and SHA-256.
    const token = (shipment.inspection_url as string).split('/inspect/')[1]!;
    const inspection = (await inspectApi(t).json(token)).json();
    const files = inspection.remarks.flatMap((r: { photo_files: { sha256: string }[] }) => r.photo_files);
    expect(files[0].sha256).toBe(sha256(driverPhoto));
    for (const [name, viewport] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1280, height: 900 }]] as const) {
      const context = await page.context().browser()!.newContext({ viewport, deviceScaleFactor: name === 'phone' ? 2 : 1, isMobile: name === 'phone', hasTouch: name === 'phone', locale: 'en-GB' });
      const inspector = await context.newPage();
      await inspector.goto(shipment.inspection_url as string);
      expect(await imagesLoaded(inspector, '#remarks .photo-evidence img')).toBe(2);
      const text = await inspector.locator('#remarks').innerText();
      for (const file of files) expect(text).toContain(file.sha256);
      // Written the English way, on the wall clock of the delivery place (Duisburg), zone named.
      expect(text.match(/Taken [A-Z][a-z]{2} \d{1,2}, \d{4}, \d\d:\d\d CES?T/g)).toHaveLength(2);
      expect(await horizontalOverflow(inspector)).toBe(0);
      await screenshot(inspector, `64-photos-inspection-${name}`, { at: '#remarks-title' });
      await context.close();
    }
  }, 180_000);

  it("a file that is no photo is refused on the page in the signer's language, and nothing is added", async () => {
    const tenant = await t.newTenant();
    const { shipment } = await inTransitWithDriver(tenant);
    const link = await signLink(tenant, shipment.id, { role: 'consignee', channel: 'email', language: 'nl' });
    const page = await phonePage();
    await page.goto(link.url);
    await page.fill('#remark-text', 'Doos 2 nat.');
    await page.setInputFiles('#remark-photos', { name: 'scan.jpg', mimeType: 'image/jpeg', buffer: pdf() });
    await page.locator('#remark-photo-previews li').waitFor();
    await page.click('#remark-form button[type=submit]');
    await page.locator('#remark-error:visible').waitFor();
    expect(await alertText(page, 'remark-error')).toBe('Dit bestand is geen foto die kan worden toegevoegd: gebruik JPEG, PNG, WebP of HEIC. Er is niets toegevoegd.');
    await screenshot(page, '65-photos-refused-nl', { at: '#remark-form' });
    expect((await call(tenant, 'GET', `/v1/shipments/${shipment.id}/remarks`)).json().data).toEqual([]);
  }, 120_000);
});
