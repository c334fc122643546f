/**
 * The right signer at each stop, on a phone (390×844) in headless Chromium: the stop's checklist
 * after the carrier's signature and a remark with two photos (thumbnails through the driver's
 * photo route); the sender signing on the handed-over phone, whose done page only says to give the
 * phone back and links to the driver's stop (no consignee page reachable from it); and a pickup
 * closed with "sender absent", which the next note version prints. Screens are saved as
 * `driver-signer-*.png` in the screens folder (test/support/browser.ts).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEmbedded } from '../support/backends.js';
import { launchChromium, phoneContext, screenshot } from '../support/browser.js';
import { listeningTestApp } from '../support/listening-app.js';
import { png } from '../support/sample-files.js';
import { fullShipment } from '../support/shipment-fixtures.js';
import { shipmentsApi } from '../support/shipments-api.js';
import { signDrawn } from '../support/sign-app-browser.js';
import type { Tenant, TestApp } from '../support/test-app.js';

const pdfText = (pdf: Buffer) => {
  const folder = mkdtempSync(join(tmpdir(), 'driver-signer-'));
  try {
    writeFileSync(join(folder, 'note.pdf'), pdf);
    return execFileSync('pdftotext', [join(folder, 'note.pdf'), '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
};

describeOnEmbedded('driver app: the right signer at each stop', (backend) => {
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

  const api = async (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { ...t.auth(tenant.testKey), ...headers }, ...(payload ? { payload } : {}) });
  const currentNote = async (id: string) => (await api('GET', `/v1/shipments/${id}/documents`)).json().data.filter((d: any) => d.kind === 'consignment_note').sort((x: any, y: any) => y.version - x.version)[0];

  it('checklist with photos; the sender gives the phone back (no consignee page); a pickup closed with "sender absent" is on the next note', async () => {
    const [a, b] = [await shipmentsApi(t, tenant).created(fullShipment(), { issue: true }), await shipmentsApi(t, tenant).created(fullShipment(), { issue: true })];
    const phone = `+4860${String(Date.now()).slice(-7)}`;
    const tour = (await api('POST', '/v1/tours', { name: 'R7 Venlo', date: new Date().toISOString().slice(0, 10), driver: { name: 'Piotr Nowak', phone, language: 'en' }, stops: [{ shipment_id: a.id, kind: 'pickup' }, { shipment_id: b.id, kind: 'pickup' }] })).json();
    const token = (await api('POST', '/v1/test/driver-sessions', { phone })).json().token as string;
    const drive = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload });
    for (const id of [a.id, b.id]) {
      const note = await currentNote(id);
      expect((await drive(`/v1/driver/shipments/${id}/signatures`, { signature: { type: 'typed' }, document_id: note.id, document_sha256: note.sha256 })).statusCode).toBe(201);
    }
    const photo = `data:image/png;base64,${png(64).toString('base64')}`;
    expect((await drive(`/v1/driver/shipments/${a.id}/remarks`, { phase: 'pickup', type: 'damage', text: 'Pallet 2 wrap torn', photos: [photo, photo] })).statusCode).toBe(201);

    const context = await phoneContext(browser);
    await context.addCookies([{ name: 'fds_driver', value: token, url: t.baseUrl }]);
    const page = await context.newPage();
    await page.goto(`${t.baseUrl}/driver#/stop/${tour.id}/1`);
    await page.locator('#checklist').waitFor();
    expect(await page.locator('#checklist [data-role="carrier"]').innerText()).toContain('Piotr Nowak');
    expect(await page.locator('#checklist [data-role="consignor"]').innerText()).toContain('Not signed yet');
    await page.waitForFunction(() => [...document.querySelectorAll('#checklist .thumbs img')].filter((img) => (img as HTMLImageElement).naturalWidth > 0).length === 2);
    expect(await page.locator('#checklist-note').innerText()).toMatch(/version \d+/);
    await screenshot(page, 'driver-signer-01-checklist', { at: '#checklist' });

    // The phone to the sender: their done page sends it back to the driver, never on to the consignee.
    await page.locator('#stop [data-action="handoff_consignor"]').click();
    await page.waitForURL((url) => url.pathname.startsWith('/sign/'));
    await signDrawn(page, 'Sanne de Vries', 'driver-signer-02-sender');
    expect(await page.locator('#handoff, #handoff-button').count()).toBe(0);
    expect(await page.locator('#give-back-text').innerText()).toBe('Give the phone back to the driver.');
    await screenshot(page, 'driver-signer-03-sender-done');
    await page.click('#back-to-driver');
    await page.locator('#checklist [data-role="consignor"].signed').waitFor();
    expect(await page.locator('#checklist [data-role="consignor"]').innerText()).toContain('Sanne de Vries');
    const requests = (await api('GET', `/v1/shipments/${a.id}/signatures`)).json().data;
    expect(requests.map((s: any) => s.role).sort()).toEqual(['carrier', 'consignor']);

    // Stop 2: the sender is absent; done needs the reason.
    await page.evaluate((id) => { location.hash = `#/stop/${id}/2`; }, tour.id);
    await page.locator('#stop [data-action="complete"]').click();
    await page.locator('#done-missing').waitFor();
    expect(await page.locator('#done-missing-who').innerText()).toBe('Missing: Sender');
    await page.click('#done-confirm');
    expect(await page.locator('#done-error').innerText()).toContain('Signatures are missing');
    await page.selectOption('#done-reason', 'party_absent_pickup');
    await screenshot(page, 'driver-signer-04-done-reason');
    await page.click('#done-confirm');
    await page.locator('#toast', { hasText: 'Saved.' }).waitFor();
    const events = (await api('GET', `/v1/shipments/${b.id}/events`)).json().data;
    expect(events.find((e: any) => e.type === 'stop.closed_unsigned').data).toMatchObject({ reason: 'party_absent', missing: ['consignor'] });
    const note = await currentNote(b.id);
    const url = new URL((await api('POST', `/v1/documents/${note.id}/download-url`)).json().url);
    expect(pdfText((await t.app.inject({ method: 'GET', url: url.pathname + url.search })).rawPayload)).toContain('Sender: absent');
    await context.close();
  }, 240_000);
});
