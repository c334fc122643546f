/**
 * The signer's copy in headless Chromium at 390×844: the consignee signs on their link, the done
 * page offers the sealed version just signed and the proof of delivery, and the downloaded proof
 * is a PDF whose seal pdfsig verifies; the used link, opened again, shows "already signed" with
 * the same copy, read-only; after the copy period, that the link has expired. Screens are saved
 * (test/support/browser.ts says where) for a person to look at.
 */
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { horizontalOverflow, screenshot } from '../support/browser.js';
import { signAppBrowser, signDrawn } from '../support/sign-app-browser.js';
import { signLinksApi } from '../support/sign-links-api.js';
import type { TestApp } from '../support/test-app.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(backends())('the signer\'s copy in the signing web app on $name', (backend) => {
  const app = signAppBrowser(backend);
  const { signLink, issued, phonePage } = app;
  let t: TestApp & { baseUrl: string };
  beforeAll(() => {
    t = app.t;
  });

  it('the consignee signs, downloads the sealed proof of delivery from the done page, and the used link shows the same copy until it expires', async () => {
    const tenant = await t.newTenant();
    const shipment = await issued(tenant);
    const api = signLinksApi(t, tenant);
    for (const role of ['consignor', 'carrier']) expect((await api.submit((await api.link(shipment.id, { role })).token)).statusCode).toBe(201);
    const link = await signLink(tenant, shipment.id, { role: 'consignee', channel: 'email', language: 'en' });

    const page = await phonePage();
    await page.goto(link.url);
    await signDrawn(page, 'Jonas Becker', 'copy-01-consignee');
    // The done page: the copy block fills in once the submit succeeded.
    await page.locator('#copy-pod').waitFor();
    expect(await page.locator('#copy-title').innerText()).toBe('Your copy');
    expect(await page.locator('#copy-note').innerText()).toBe('Signed consignment note, version 4 (PDF)');
    expect(await page.locator('#copy-pod').innerText()).toBe('Proof of delivery (PDF)');
    expect(await page.locator('#copy-intro').innerText()).toMatch(/^Download what you signed and keep it\. This link keeps your copy until \d{4}-\d\d-\d\d \d\d:\d\d CES?T\.$/);
    for (const id of ['copy-note', 'copy-pod']) expect(await page.getAttribute(`#${id}`, 'href')).toMatch(new RegExp(`^${t.baseUrl}/files/doc_\\w+\\?expires=\\d+&signature=[\\w-]+$`));
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'copy-02-done', { at: '#step-done' });

    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#copy-pod')]);
    const bytes = readFileSync((await download.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const checked = spawnSync('pdfsig', [(await download.path())!], { encoding: 'utf8' });
    expect(`${checked.stdout}${checked.stderr}`).toContain('Signature Validation: Signature is Valid.');
    const pod = await app.call(tenant, 'GET', `/v1/shipments/${shipment.id}/pod`);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe((await app.call(tenant, 'GET', `/v1/documents/${pod.json().document_id}`)).json().sha256);

    // The same link again, later: read-only, the same copy, no signing steps.
    const again = await phonePage();
    const response = await again.goto(link.url);
    expect(response!.status()).toBe(200);
    expect(await again.locator('h1').innerText()).toBe('Already signed');
    expect(await again.locator('#already-signed-text').innerText()).toMatch(/^Jonas Becker signed this consignment note as consignee on \d{4}-\d\d-\d\d \d\d:\d\d CES?T\. Nothing more to do here/);
    expect(await again.locator('#copy-note').innerText()).toBe('Signed consignment note, version 4 (PDF)');
    expect(await again.locator('#copy-pod').isVisible()).toBe(true);
    expect(await again.locator('form, input, button, canvas').count()).toBe(0);
    const note = await again.request.get((await again.getAttribute('#copy-note', 'href'))!);
    expect(createHash('sha256').update(await note.body()).digest('hex')).toBe(await again.locator('#copy-sha256').innerText());
    expect(await horizontalOverflow(again)).toBe(0);
    await screenshot(again, 'copy-03-already-signed');

    t.clock.advance(30 * DAY_MS);
    const expired = await again.goto(link.url);
    expect(expired!.status()).toBe(410);
    expect(await again.locator('h1').innerText()).toBe('This link has expired');
    expect(await again.locator('a').count()).toBe(0);
    await screenshot(again, 'copy-04-expired');
  }, 120_000);
});
