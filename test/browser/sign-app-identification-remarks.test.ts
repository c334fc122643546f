/**
 * The signing web app's identification and remarks steps in headless Chromium on a phone-sized
 * screen: a sandbox `ades` link identifies the signer at the trust service simulator and signs
 * with the identified name carried into the signature step; the simulator's refusal; a consignee
 * who adds a delivery remark from the page, sees the new version it made, and signs it. Each step
 * is saved as a PNG (test/support/browser.ts says where) for a person to look at.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { drawSignature, horizontalOverflow, screenshot } from '../support/browser.js';
import { alertText, signAppBrowser, signDrawn, submitSigned } from '../support/sign-app-browser.js';
import { shipmentsApi } from '../support/shipments-api.js';
import type { TestApp } from '../support/test-app.js';

describe.each(backends())('signing web app: identification and remarks on $name', (backend) => {
  const app = signAppBrowser(backend);
  const { call, signLink, issued, phonePage } = app;
  let t: TestApp & { baseUrl: string };
  beforeAll(() => {
    t = app.t;
  });

  async function identify(page: Page, name: string, birthDate: string) {
    await page.fill('#id-name', name);
    await page.fill('#id-birth', birthDate);
    await page.click('#id-form button[type=submit]');
    await page.locator('#step-sign:visible, #id-error:visible').first().waitFor();
  }

  it('ades: the page identifies the signer, carries the identified name into signing, and signs at the trust service', async () => {
    const tenant = await t.newTenant();
    const shipment = await issued(tenant);
    const link = await signLink(tenant, shipment.id, { role: 'consignor', channel: 'email', language: 'en', level: 'ades' });
    const page = await phonePage();
    await page.goto(link.url);
    expect(await page.locator('#step-identification').isVisible()).toBe(true);
    expect(await page.locator('#step-sign').isHidden()).toBe(true);
    expect(await page.locator('#id-title').innerText()).toBe('Identify yourself');
    await screenshot(page, '20-ades-identification', { at: '#step-identification' });

    // A typo in the name: the signature step offers to identify again, with the name to correct.
    await identify(page, 'Sanne de Vris', '1985-04-12');
    await expect.poll(() => page.inputValue('#signer-name')).toBe('Sanne de Vris');
    await page.click('#id-again');
    expect(await page.locator('#step-identification').isVisible()).toBe(true);
    expect(await page.inputValue('#id-name')).toBe('Sanne de Vris');
    await identify(page, 'Sanne de Vries', '1985-04-12');

    // The identified name is the name signed with: filled in, read-only, and said so.
    expect(await page.locator('#step-identification').isHidden()).toBe(true);
    await expect.poll(() => page.inputValue('#signer-name')).toBe('Sanne de Vries');
    expect(await page.locator('#signer-name').isEditable()).toBe(false);
    expect(await page.locator('#signer-name-hint').innerText()).toBe('This is the name you were identified with: you sign with exactly this name.');
    await screenshot(page, '21-ades-name-carried', { at: '#step-sign' });

    // A reload keeps the identification and its name (sessionStorage).
    await page.reload();
    await page.locator('#step-sign').waitFor();
    await expect.poll(() => page.inputValue('#signer-name')).toBe('Sanne de Vries');
    expect(await page.locator('#signer-name').isEditable()).toBe(false);

    // Another name reaching the API anyway (the field forced editable) is 422 on signer_name: the
    // page says which name to sign with and puts it back.
    await page.locator('#signer-name').evaluate((el: HTMLInputElement) => (el.readOnly = false));
    await page.fill('#signer-name', 'Someone Else');
    await drawSignature(page, '#pad');
    await page.click('#sign-submit');
    await page.locator('#sign-error').waitFor();
    expect(await alertText(page, 'sign-error')).toBe('Sign with the name you were identified with (Sanne de Vries). To sign with another name, identify yourself again.');
    await expect.poll(() => page.inputValue('#signer-name')).toBe('Sanne de Vries');
    expect(await page.locator('#signer-name').isEditable()).toBe(false);
    await screenshot(page, '22-ades-name-must-match', { at: '#step-sign' });

    await submitSigned(page, 'Sanne de Vries', '23-ades');
    expect(await horizontalOverflow(page)).toBe(0);

    const [signature] = (await call(tenant, 'GET', `/v1/shipments/${shipment.id}/signatures`)).json().data;
    const identifications = await t.runtime.services.db.selectFrom('sign_identifications').select(['id', 'used_at']).where('signature_request_id', '=', link.id).orderBy('id').execute();
    // Two identifications (the typo, then the right name); the second one signed.
    expect(identifications).toHaveLength(2);
    expect(identifications[0]!.used_at).toBeNull();
    expect(signature).toMatchObject({
      role: 'consignor',
      signer_name: 'Sanne de Vries',
      method: 'trust_service',
      level: 'ades',
      evidence: { identification_reference: identifications[1]!.id, trust_signature: { provider: 'sandbox-simulator', credential_id: 'sandbox-ades' } },
    });
  }, 120_000);

  it('the trust service refuses the identification (simulator: born 1900-01-01): the page says it is not available', async () => {
    const tenant = await t.newTenant();
    const shipment = await issued(tenant);
    const link = await signLink(tenant, shipment.id, { role: 'carrier', channel: 'sms', language: 'en', level: 'ades' });
    const page = await phonePage();
    await page.goto(link.url);
    await identify(page, 'Pieter Jansen', '1900-01-01');
    expect(await alertText(page, 'id-error')).toBe('The trust service needed for this signature is not available now. Try again later.');
    // Still to identify: the signature step stays closed, the form usable.
    expect(await page.locator('#step-sign').isHidden()).toBe(true);
    expect(await page.locator('#id-form button[type=submit]').isEnabled()).toBe(true);
    await screenshot(page, '24-ades-qtsp-unavailable', { at: '#step-identification' });
    expect((await call(tenant, 'GET', `/v1/shipments/${shipment.id}/signatures`)).json().data).toEqual([]);
  });

  it('a consignee adds a damage remark at delivery: the page shows the new version with it, the consignee signs it, the POD lists it', async () => {
    const tenant = await t.newTenant();
    const shipment = await issued(tenant);
    for (const [role, name] of [['consignor', 'Sanne de Vries'], ['carrier', 'Pieter Jansen']] as const) {
      expect((await call(tenant, 'POST', `/v1/shipments/${shipment.id}/signatures`, { role, signer_name: name })).statusCode).toBe(201);
    }
    const link = await signLink(tenant, shipment.id, { role: 'consignee', channel: 'email', language: 'en' });
    const page = await phonePage();
    await page.goto(link.url);
    expect(await page.locator('#remarks-title').innerText()).toBe('Remarks at delivery');
    expect(await page.locator('#remarks-list li').count()).toBe(0);
    const before = Number((await page.locator('#document-title').innerText()).match(/(\d+)$/)![1]);
    const text = 'Pallet 3 arrived with a crushed corner; two cartons wet.';
    await page.selectOption('#remark-type', 'damage');
    await page.fill('#remark-text', text);
    await screenshot(page, '25-remark-typed', { at: '#step-remarks' });
    await Promise.all([page.waitForEvent('load'), page.click('#remark-form button[type=submit]')]);

    // The page now shows the version the remark made: in the list, in box 24, with its version.
    await page.locator('#remark-status:visible').waitFor();
    expect(await page.locator('#remarks-list').innerText()).toBe(`Damage · ${text}`);
    expect(await page.locator('#document-title').innerText()).toContain(String(before + 1));
    expect(await alertText(page, 'remark-status')).toBe(`Remark added. The consignment note now shows it: this is version ${before + 1}.`);
    expect(await page.locator('section[aria-labelledby="box-24"]').innerText()).toContain(text);
    expect(await page.inputValue('#remark-text')).toBe('');
    await screenshot(page, '26-remark-added', { at: '#step-remarks' });
    await screenshot(page, '27-remark-box-24', { at: 'section[aria-labelledby="box-24"]' });

    // The submit names the current version: no conflict.
    await signDrawn(page, 'Jonas Becker', '28-remark');

    expect((await shipmentsApi(t, tenant).get(shipment.id)).json().status).toBe('delivered');
    const signatures = (await call(tenant, 'GET', `/v1/shipments/${shipment.id}/signatures`)).json().data;
    expect(signatures[2]).toMatchObject({ role: 'consignee', method: 'drawn', signer_name: 'Jonas Becker', evidence: { has_image: true } });
    // The final version prints the remark.
    const download = (await call(tenant, 'POST', `/v1/documents/${signatures[2].rendered_document_id}/download-url`)).json().url;
    const folder = mkdtempSync(join(tmpdir(), 'sign-app-remark-pdf-'));
    try {
      const file = join(folder, 'note.pdf');
      writeFileSync(file, (await t.app.inject({ method: 'GET', url: new URL(download).pathname + new URL(download).search })).rawPayload);
      const pdfText = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
      expect(pdfText).toContain('Pallet 3 arrived with a crushed corner');
      expect(pdfText).toContain('two cartons wet.');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    const pod = (await call(tenant, 'GET', `/v1/shipments/${shipment.id}/pod`)).json();
    expect(pod.remarks).toEqual([expect.objectContaining({ phase: 'delivery', type: 'damage', text, source: 'sign_link', role: 'consignee' })]);
  }, 120_000);

  it('a link with a one-time password: the page asks for the code before a remark, then the remark and the signature go through with it', async () => {
    const tenant = await t.newTenant();
    const shipment = await issued(tenant);
    const link = await signLink(tenant, shipment.id, { role: 'carrier', channel: 'email', language: 'en', otp_required: true });
    const page = await phonePage();
    await page.goto(link.url);
    await page.selectOption('#remark-type', 'damage');
    await page.fill('#remark-text', 'Shrink wrap torn on pallet 2.');
    await page.click('#remark-form button[type=submit]');
    await page.locator('#remark-error', { hasText: 'one-time password' }).waitFor();
    expect(await alertText(page, 'remark-error')).toBe('Confirm it is you with the one-time password first; then add your remark.');
    expect(await page.locator('#step-otp').isVisible()).toBe(true);
    await screenshot(page, '29-remark-needs-otp', { at: '#step-remarks' });
    expect((await call(tenant, 'GET', `/v1/shipments/${shipment.id}/remarks`)).json().data).toEqual([]);

    await page.click('#otp-send');
    await page.locator('#otp-status:visible').waitFor();
    await page.fill('#otp-code', '000000');
    await page.click('#otp-form button[type=submit]');
    await page.locator('#step-sign:visible').waitFor();
    await page.fill('#remark-text', 'Shrink wrap torn on pallet 2.');
    await Promise.all([page.waitForEvent('load'), page.click('#remark-form button[type=submit]')]);
    await page.locator('#remark-status:visible').waitFor();
    expect(await page.locator('#remarks-list').innerText()).toBe('Damage · Shrink wrap torn on pallet 2.');
    await signDrawn(page, 'Pieter Jansen', '30-remark-otp');
    const signatures = (await call(tenant, 'GET', `/v1/shipments/${shipment.id}/signatures`)).json().data;
    expect(signatures[0]).toMatchObject({ role: 'carrier', evidence: { otp_reference: `otp:${link.id}` } });
  });
});
