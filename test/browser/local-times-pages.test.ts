/**
 * The driver app and the signing page print a stop's times on the wall clock of its place, with the
 * zone named as the note prints it — on a phone whose own zone is New York: the Warsaw pickup window
 * (07:00 UTC in January) as 08:00 CET, the Helsinki delivery (06:00 UTC in July) as 09:00 EEST.
 * The inspection page prints its times in the establishment place's zone. Screens are saved as `local-times-*.png` in the screens folder (test/support/browser.ts).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEmbedded } from '../support/backends.js';
import { launchChromium, phoneContext, screenshot } from '../support/browser.js';
import { listeningTestApp } from '../support/listening-app.js';
import { warsawToHelsinki } from '../support/local-time-shipment.js';
import { shipmentsApi } from '../support/shipments-api.js';
import type { TestApp } from '../support/test-app.js';

describeOnEmbedded('local times on the pages', (backend) => {
  let t: TestApp & { baseUrl: string };
  let browser: Browser;
  beforeAll(async () => {
    [t, browser] = await Promise.all([listeningTestApp(backend), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const phonePage = async (): Promise<Page> => (await phoneContext(browser, { timezoneId: 'America/New_York', locale: 'en-US' })).newPage();

  it('the driver app and the signing page show 08:00 CET in Warsaw and 09:00 EEST in Helsinki, not the phone\'s zone', async () => {
    const tenant = await t.newTenant();
    const shipment = await shipmentsApi(t, tenant).created(warsawToHelsinki(), { issue: true });
    const phone = `+4860${String(Date.now()).slice(-7)}`;
    const stops = [{ shipment_id: shipment.id, kind: 'pickup' }, { shipment_id: shipment.id, kind: 'delivery' }];
    const tour = await t.app.inject({ method: 'POST', url: '/v1/tours', headers: t.auth(tenant.testKey), payload: { name: 'W1 Warszawa–Helsinki', date: new Date().toISOString().slice(0, 10), driver: { name: 'Piotr Nowak', phone, language: 'en' }, stops } });
    expect(tour.statusCode, tour.body).toBe(201);

    // The driver API: the window stays UTC, the zone and its names travel beside it.
    const session = await t.app.inject({ method: 'POST', url: '/v1/test/driver-sessions', headers: t.auth(tenant.testKey), payload: { phone } });
    expect(session.statusCode, session.body).toBe(201);
    const tours = await t.app.inject({ method: 'GET', url: '/v1/driver/tours', headers: { authorization: `Bearer ${session.json().token}` } });
    expect(tours.json().data[0].stops[0].place).toMatchObject({ window: { from: '2027-01-15T07:00:00Z' }, time_zone: 'Europe/Warsaw', time_zone_names: { '+01:00': 'CET', '+02:00': 'CEST' } });
    expect(tours.json().data[0].stops[1].place).toMatchObject({ window: { from: '2027-07-15T06:00:00Z' }, time_zone: 'Europe/Helsinki' });

    const page = await phonePage();
    await page.goto(`${t.baseUrl}/driver`);
    await page.locator('#screen-sign-in').waitFor();
    await page.fill('#phone', phone);
    await page.click('#phone-form button[type=submit]');
    await page.locator('#code-form').waitFor();
    const message = await t.runtime.services.db.selectFrom('outbox_messages').selectAll().where('recipient', '=', phone).orderBy('id', 'desc').executeTakeFirstOrThrow();
    await page.fill('#otp-code', /\b(\d{6})\b/.exec(String((message as any).body ?? (message as any).text))![1]!);
    await page.click('#code-form button[type=submit]');
    await page.locator('#screen-run .tour').first().waitFor();
    const run = await page.locator('#screen-run').innerText();
    expect(run).toContain('08:00 CET – 10:00 CET');
    expect(run).toContain('09:00 EEST – 11:00 EEST');
    await screenshot(page, 'local-times-driver-run');
    await page.locator('.stop-link[data-position="2"]').click();
    await page.locator('#stop-title').waitFor();
    expect(await page.locator('#stop dl.facts').innerText()).toContain('09:00 EEST – 11:00 EEST');
    await screenshot(page, 'local-times-driver-stop', { fullPage: true });

    const link = await t.app.inject({ method: 'POST', url: `/v1/shipments/${shipment.id}/signature-requests`, headers: t.auth(tenant.testKey), payload: { role: 'consignor', channel: 'email', language: 'en' } });
    expect(link.statusCode, link.body).toBe(201);
    const sign = await phonePage();
    await sign.goto(link.json().url);
    const text = await sign.locator('body').innerText();
    expect(text).toContain('window: 2027-01-15 08:00 CET – 2027-01-15 10:00 CET');
    expect(text).toContain('window: 2027-07-15 09:00 EEST – 2027-07-15 11:00 EEST');
    expect(text).not.toMatch(/\d\d:\d\d UTC/);
    await sign.locator('#box-4').scrollIntoViewIfNeeded();
    await screenshot(sign, 'local-times-sign-page');
    const desk = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: 'America/New_York' })).newPage();
    await desk.goto(link.json().url);
    await desk.locator('#box-3').scrollIntoViewIfNeeded();
    await screenshot(desk, 'local-times-sign-page-desktop');

    // The inspection page: issued in Warsaw, in Warsaw's zone, written the way the inspector's language (English) writes it.
    const inspect = await phonePage();
    await inspect.goto(`${t.baseUrl}${new URL(shipment.inspection_url as string).pathname}`);
    const inspection = await inspect.locator('body').innerText();
    expect(inspection).toMatch(/Issued: [A-Z][a-z]{2} \d{1,2}, \d{4}, \d\d:\d\d CES?T/);
    expect(inspection).not.toMatch(/\d\d:\d\d UTC/);
    await screenshot(inspect, 'local-times-inspection-page');
  }, 120_000);
});
