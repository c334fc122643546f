/**
 * The driver web app in headless Chromium on a phone (390×844, touch): sign in
 * with the one-time password read from the SMS outbox, run a tour of two shipments end to end
 * (the carrier's signature at pickup, the consignor and the consignee signing on the driver's phone
 * through the handoff, a damage remark with a camera photo, the stops done); the same run with the
 * network cut between pickup and delivery, where the queue keeps every action and sends each once
 * when the network returns, the capture times reaching the proof of delivery; and a queued action
 * the server refuses, said in the driver's Polish until acknowledged. Every screen is saved as
 * `driver-*.png` in the screens folder (test/support/browser.ts) for a person to look at.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../../src/core/clock.js';
import { describeOnEmbedded } from '../support/backends.js';
import { drawSignature, horizontalOverflow, launchChromium, phoneContext, screenshot } from '../support/browser.js';
import { listeningTestApp } from '../support/listening-app.js';
import { png } from '../support/sample-files.js';
import { fullShipment } from '../support/shipment-fixtures.js';
import { shipmentsApi } from '../support/shipments-api.js';
import { signDrawn } from '../support/sign-app-browser.js';
import type { Tenant, TestApp } from '../support/test-app.js';

/** The server's clock at the wall's time: capture times made by the phone are compared with it. */
class WallClock extends ManualClock {
  override now(): Date {
    return new Date();
  }
}

const today = () => new Date().toISOString().slice(0, 10);

function pdfText(pdf: Buffer): string {
  const folder = mkdtempSync(join(tmpdir(), 'driver-pod-'));
  try {
    writeFileSync(join(folder, 'pod.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', join(folder, 'pod.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
let phones = 0;
const newPhone = () => `+4860${String(Date.now()).slice(-6)}${++phones}`;

describeOnEmbedded('driver web app', (backend) => {
  let t: TestApp & { baseUrl: string };
  let browser: Browser;
  beforeAll(async () => {
    [t, browser] = await Promise.all([listeningTestApp(backend, { clock: new WallClock() }), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const call = async (tenant: Tenant, method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url, headers: t.auth(tenant.testKey), ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json() as any };
  };

  /** Two issued shipments and a tour of today picking both up, then delivering both. */
  async function tourOfTwo(tenant: Tenant, phone: string, language = 'en') {
    const shipments = shipmentsApi(t, tenant);
    const body = (reference: string) => {
      const shipment = fullShipment();
      // A map position for the delivery stop: the app links it to the phone's map and OpenStreetMap.
      return { ...shipment, reference, delivery: { ...shipment.delivery, address: { ...shipment.delivery!.address, coordinates: { lat: 51.4344, lng: 6.7623 } } } };
    };
    const a = await shipments.created(body('PO-A-1'), { issue: true });
    const b = await shipments.created(body('PO-B-2'), { issue: true });
    const stops = [
      { shipment_id: a.id, kind: 'pickup' },
      { shipment_id: b.id, kind: 'pickup' },
      { shipment_id: a.id, kind: 'delivery' },
      { shipment_id: b.id, kind: 'delivery' },
    ];
    const tour = await call(tenant, 'POST', '/v1/tours', { name: 'R12 Rotterdam–Duisburg', date: today(), driver: { name: 'Piotr Nowak', phone, language }, vehicle: { plate: 'WX-1234A', country: 'PL' }, stops });
    expect(tour.status, JSON.stringify(tour.body)).toBe(201);
    return { tour: tour.body as { id: string }, a, b };
  }

  async function phonePage(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await phoneContext(browser);
    return { context, page: await context.newPage() };
  }

  /** The code of the newest SMS to `phone`, as the driver reads it. */
  async function smsCode(phone: string): Promise<string> {
    const message = await t.runtime.services.db.selectFrom('outbox_messages').selectAll().where('recipient', '=', phone).orderBy('id', 'desc').executeTakeFirstOrThrow();
    return /\b(\d{6})\b/.exec(String((message as any).body ?? (message as any).text))![1]!;
  }

  async function signIn(page: Page, phone: string, screens?: string): Promise<void> {
    await page.goto(`${t.baseUrl}/driver`);
    await page.locator('#screen-sign-in').waitFor();
    await page.fill('#phone', phone);
    if (screens) await screenshot(page, `${screens}-sign-in`);
    await page.click('#phone-form button[type=submit]');
    await page.locator('#code-form').waitFor();
    await page.fill('#otp-code', await smsCode(phone));
    if (screens) await screenshot(page, `${screens}-code`);
    await page.click('#code-form button[type=submit]');
    await page.locator('#screen-run .tour').first().waitFor();
  }

  const openStop = async (page: Page, position: number) => {
    await page.evaluate(() => { location.hash = '#/run'; });
    await page.locator(`.stop-link[data-position="${position}"]`).click();
    await page.locator('#stop-title').waitFor();
  };
  const action = (page: Page, name: string) => page.locator(`#stop [data-action="${name}"]`).click();
  const queued = (page: Page) => page.locator('#queue-count').innerText();

  /** The driver signs as carrier, hands the phone to the consignor (the signing app), and closes the stop. */
  async function pickup(page: Page, position: number, consignor: string, screens?: string) {
    await openStop(page, position);
    if (screens) await screenshot(page, `${screens}-stop`);
    expect(await page.locator('#next-action .primary-action').innerText()).toBe('Sign as carrier');
    await action(page, 'sign_carrier');
    await expect.poll(() => page.inputValue('#signer-name')).toBe('Piotr Nowak');
    await drawSignature(page, '#pad');
    if (screens) {
      // The run read again while the form is open (an earlier action sent, the page back from the
      // browser's memory): the name and the drawing stay, the form is not opened afresh.
      const reread = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/driver/tours');
      await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })));
      await reread;
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(await page.inputValue('#signer-name')).toBe('Piotr Nowak');
      const inked = await page.evaluate(() => {
        const pad = document.querySelector<HTMLCanvasElement>('#pad')!;
        return pad.getContext('2d')!.getImageData(0, 0, pad.width, pad.height).data.some((value, i) => i % 4 === 3 && value > 0);
      });
      expect(inked).toBe(true);
      await screenshot(page, `${screens}-sign-carrier`);
    }
    await page.click('#sign-submit');
    await page.locator('#stop [data-action="handoff_consignor"]').waitFor();
    await page.locator('#toast', { hasText: 'Saved.' }).waitFor();
    await action(page, 'handoff_consignor');
    await page.waitForURL((url) => url.pathname.startsWith('/sign/'));
    await signDrawn(page, consignor, screens ? `${screens}-consignor` : 'driver-x-consignor');
    await page.goBack();
    await page.locator('#stop [data-action="complete"]').waitFor();
    await action(page, 'complete');
    await page.click('#done-confirm');
    await page.locator('#screen-run').waitFor();
  }

  /** A damage remark with a photo from the camera, at the stop open on the page. */
  async function damageRemark(page: Page, text: string, screens?: string) {
    await action(page, 'remark');
    await page.selectOption('#remark-type', 'damage');
    await page.fill('#remark-text', text);
    await page.setInputFiles('#remark-photo', { name: 'damage.png', mimeType: 'image/png', buffer: png(240, [150, 90, 40]) });
    await page.locator('#photos img').waitFor();
    if (screens) await screenshot(page, `${screens}-remark`);
    await page.click('#remark-form button[type=submit]');
    await page.locator('#stop-title').waitFor();
    // As after the carrier's signature: the driver hands the phone over once the remark is saved (sent,
    // or kept on the phone without signal), so the party handed it reads the version with the remark.
    await page.locator('#toast', { hasText: /^Saved/ }).waitFor();
  }

  const signatures = async (tenant: Tenant, id: string) => (await call(tenant, 'GET', `/v1/shipments/${id}/signatures`)).body.data as any[];
  const remarks = async (tenant: Tenant, id: string) => (await call(tenant, 'GET', `/v1/shipments/${id}/remarks`)).body.data as any[];

  it('signs in with the code from the SMS and runs a tour of two shipments end to end', async () => {
    const tenant = await t.newTenant();
    const phone = newPhone();
    const { tour, a, b } = await tourOfTwo(tenant, phone);
    const { page } = await phonePage();
    const response = await page.goto(`${t.baseUrl}/driver`);
    const csp = response!.headers()['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    await signIn(page, phone, 'driver-01');
    expect(await page.locator('.tour h3').first().innerText()).toBe('R12 Rotterdam–Duisburg');
    expect(await page.locator('.stop-link').count()).toBe(4);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'driver-02-run');

    await pickup(page, 1, 'Sanne de Vries', 'driver-03-pickup');
    await pickup(page, 2, 'Sanne de Vries');
    expect((await shipmentsApi(t, tenant).get(a.id)).json().status).toBe('in_transit');

    // Delivery of A: the map links, the PDF, a damage remark with a photo, the consignee signs on the phone.
    await openStop(page, 3);
    expect(await page.getAttribute('#map-osm', 'href')).toContain('openstreetmap.org');
    const pdf = await page.request.get((await page.getAttribute('#note-pdf', 'href'))!);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    // Gloves: every control of the stop is at least 48 px high, and nothing is wider than the screen.
    const small = await page.evaluate(() => [...document.querySelectorAll('#screen-stop a, #screen-stop button')].filter((el) => (el as HTMLElement).offsetParent !== null && el.getBoundingClientRect().height < 48).map((el) => el.textContent));
    expect(small).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'driver-04-delivery-stop');
    await screenshot(page, 'driver-04-delivery-stop-full', { fullPage: true });
    await damageRemark(page, 'Two pallets with broken corners.', 'driver-05');
    await action(page, 'handoff_consignee');
    await page.waitForURL((url) => url.pathname.startsWith('/sign/'));
    await signDrawn(page, 'Jonas Becker', 'driver-06-consignee');
    await page.goBack();
    await page.locator('#stop [data-action="complete"]').waitFor();
    await action(page, 'complete');
    await screenshot(page, 'driver-07-done');
    await page.click('#done-confirm');
    await page.locator('#screen-run').waitFor();

    // Delivery of B without remark.
    await openStop(page, 4);
    await action(page, 'handoff_consignee');
    await page.waitForURL((url) => url.pathname.startsWith('/sign/'));
    await signDrawn(page, 'Jonas Becker', 'driver-x-consignee-b');
    await page.goBack();
    await page.locator('#stop [data-action="complete"]').waitFor();
    await action(page, 'complete');
    await page.click('#done-confirm');
    await page.locator('#screen-run').waitFor();
    await screenshot(page, 'driver-08-run-finished');

    for (const shipment of [a, b]) {
      expect((await shipmentsApi(t, tenant).get(shipment.id)).json().status).toBe('delivered');
      expect((await signatures(tenant, shipment.id)).map((s) => s.role).sort()).toEqual(['carrier', 'consignee', 'consignor']);
    }
    const [remark] = await remarks(tenant, a.id);
    expect(remark).toMatchObject({ phase: 'delivery', type: 'damage', text: 'Two pallets with broken corners.' });
    expect(remark.photo_document_ids).toHaveLength(1);
    expect((await call(tenant, 'GET', `/v1/tours/${tour.id}`)).body.status).toBe('completed');
  }, 240_000);

  it('works on without signal between pickup and delivery, and sends each action once when the network returns', async () => {
    const tenant = await t.newTenant();
    const phone = newPhone();
    const { tour, a, b } = await tourOfTwo(tenant, phone);
    const { context, page } = await phonePage();
    await signIn(page, phone);
    await pickup(page, 1, 'Sanne de Vries');
    await pickup(page, 2, 'Sanne de Vries');
    // The worker controls the page and keeps the run and the PDFs.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // The second pickup's completion has reached the service (its request and the run read after
    // it are done): nothing waits when the signal goes.
    await page.waitForLoadState('networkidle');
    await page.locator('#queue-count').waitFor({ state: 'hidden' });

    await context.setOffline(true);
    await page.reload();
    await page.locator('#offline-banner:visible').waitFor();
    await page.locator('#screen-run .tour').waitFor();
    expect(await page.locator('#run-source').innerText()).toBe('Shown from this phone (no signal).');
    await screenshot(page, 'driver-09-offline-run');

    const before = Date.now();
    for (const [position, name] of [[3, 'Jonas Becker'], [4, 'Jonas Becker']] as const) {
      await openStop(page, position);
      await damageRemark(page, `Wet cartons, stop ${position}.`, position === 3 ? 'driver-10-offline' : undefined);
      await action(page, 'handoff_consignee');
      await page.locator('#screen-sign:visible').waitFor();
      expect(await page.locator('#sign-intro').innerText()).toContain('No signal: the consignee signs here.');
      await page.fill('#signer-name', name);
      await drawSignature(page, '#pad');
      if (position === 3) await screenshot(page, 'driver-11-offline-consignee-signs');
      await page.click('#sign-submit');
      await page.locator('#stop [data-action="complete"]').waitFor();
      await action(page, 'complete');
      await page.click('#done-confirm');
      await page.locator('#screen-run').waitFor();
    }
    // The count is read from the phone's store after each action is kept there.
    await expect.poll(() => queued(page)).toBe('6 action(s) waiting to be sent');
    await page.locator('#toast', { hasText: 'Saved on this phone. It is sent when there is signal.' }).waitFor();
    await screenshot(page, 'driver-12-offline-queue');
    // Nothing reached the service yet.
    expect(await remarks(tenant, a.id)).toEqual([]);

    await context.setOffline(false);
    await page.locator('#queue-count').waitFor({ state: 'hidden', timeout: 60_000 });
    await page.locator('#offline-banner').waitFor({ state: 'hidden' });
    // The run is read again from the service: every stop done, nothing said to be waiting.
    await page.locator('.tour', { hasText: '4 of 4 stops done' }).waitFor();
    expect(await page.locator('#toast').isHidden()).toBe(true);
    await screenshot(page, 'driver-13-back-online');

    for (const shipment of [a, b]) {
      expect((await shipmentsApi(t, tenant).get(shipment.id)).json().status).toBe('delivered');
      const signed = await signatures(tenant, shipment.id);
      expect(signed.filter((s) => s.role === 'consignee')).toHaveLength(1);
      const made = await remarks(tenant, shipment.id);
      expect(made).toHaveLength(1);
      // Captured on the phone before it was received.
      expect(Date.parse(made[0].captured_at)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(made[0].captured_at)).toBeLessThan(Date.parse(made[0].created_at));
      // The consignee signed on the phone without signal: captured then, recorded when it arrived.
      const consignee = signed.find((s) => s.role === 'consignee');
      expect(Date.parse(consignee.evidence.captured_at)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(consignee.evidence.captured_at)).toBeLessThan(Date.parse(consignee.signed_at));
      const pod = await call(tenant, 'GET', `/v1/shipments/${shipment.id}/pod`);
      expect(pod.status).toBe(200);
      expect(pod.body.consignee.signature.evidence.captured_at).toBe(consignee.evidence.captured_at);
      expect(pod.body.remarks.map((r: any) => r.captured_at)).toEqual([made[0].captured_at]);
      // The PDF prints both times, the phone's beside the service's: at the delivery, the consignee's signature and the remark.
      const pdf = await t.app.inject({ method: 'GET', url: `/v1/shipments/${shipment.id}/pod`, headers: { ...t.auth(tenant.testKey), accept: 'application/pdf' } });
      const text = pdfText(pdf.rawPayload);
      expect(text.match(/captured on the device/g)?.length).toBe(3);
    }
    const finished = (await call(tenant, 'GET', `/v1/tours/${tour.id}`)).body;
    expect(finished.status).toBe('completed');
  }, 240_000);

  it('shows a queued action the service refused in the driver language until it is acknowledged', async () => {
    const tenant = await t.newTenant();
    const phone = newPhone();
    const shipment = await shipmentsApi(t, tenant).created(fullShipment(), { issue: true });
    expect((await call(tenant, 'POST', `/v1/test/shipments/${shipment.id}/simulate`, { action: 'advance', to: 'in_transit' })).status).toBe(200);
    const made = await call(tenant, 'POST', '/v1/tours', { name: 'Trasa 7', date: today(), driver: { name: 'Piotr Nowak', phone, language: 'pl' }, stops: [{ shipment_id: shipment.id, kind: 'delivery' }] });
    expect(made.status).toBe(201);
    const { context, page } = await phonePage();
    await signIn(page, phone);
    await page.waitForURL((url) => url.searchParams.get('lang') === 'pl');
    expect(await page.getAttribute('html', 'lang')).toBe('pl');
    await screenshot(page, 'driver-14-run-polish');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    await context.setOffline(true);
    await openStop(page, 1);
    await action(page, 'handoff_consignee');
    await page.locator('#screen-sign:visible').waitFor();
    await page.fill('#signer-name', 'Jonas Becker');
    await drawSignature(page, '#pad');
    await page.click('#sign-submit');
    await page.locator('#stop-title').waitFor();
    await expect.poll(() => queued(page)).toBe('Czynności czekające na wysłanie: 1');

    // Meanwhile the consignee signed on a link the office sent.
    expect((await call(tenant, 'POST', `/v1/test/shipments/${shipment.id}/simulate`, { action: 'sign', role: 'consignee' })).status).toBe(200);
    await context.setOffline(false);
    await page.locator('#refused:visible').waitFor({ timeout: 60_000 });
    const text = await page.locator('#refused').innerText();
    expect(text).toContain('Nie przyjęto');
    expect(text).toContain('Podpis odbiorcy');
    expect(text).toMatch(/Ktoś już to podpisał|Ta przesyłka jest już dostarczona albo anulowana/);
    await screenshot(page, 'driver-15-refused');
    // It stays until the driver has read it, reload or not.
    await page.reload();
    await page.locator('#refused:visible').waitFor();
    await page.locator('#refused-list button').click();
    await page.locator('#refused').waitFor({ state: 'hidden' });
    expect((await signatures(tenant, shipment.id)).filter((s) => s.role === 'consignee')).toHaveLength(1);
  }, 180_000);
});
