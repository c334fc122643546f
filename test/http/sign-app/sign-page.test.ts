/**
 * The signing page over HTTP (the browser tests drive it in Chromium): its security headers, the
 * script and style under content-hashed names cached for a year, text from the shipment escaped
 * wherever the page prints it, a used link's page with the instruction form for the parties that
 * may dispose of the goods, and a link that cannot be used answered with its status and message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../support/backends.js';
import { expectProblem } from '../../support/problems.js';
import { fullShipment } from '../../support/shipment-fixtures.js';
import { shipmentsApi } from '../../support/shipments-api.js';
import { buildTestApp, type TestApp } from '../../support/test-app.js';
import { disposalApi } from '../../support/disposal-api.js';
import { signLinksApi } from '../../support/sign-links-api.js';

describe.each(backends())('signing page on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(() => t.close());

  const pathOf = (url: string) => new URL(url).pathname;

  it('serves the page with a strict CSP, no referrer and no caching; its assets by content hash for a year', async () => {
    const tenant = await t.newTenant();
    const body = fullShipment();
    body.consignor!.name = 'Noordzee </script><script>alert(1)</script> & <b>Co</b>';
    const shipment = await shipmentsApi(t, tenant).created(body, { issue: true });
    const link = (await t.app.inject({ method: 'POST', url: `/v1/shipments/${shipment.id}/signature-requests`, headers: t.auth(tenant.testKey), payload: { role: 'consignor', channel: 'email', language: 'de' } })).json();

    const page = await t.app.inject({ method: 'GET', url: pathOf(link.url) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toBe("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'");
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<html lang="de">');
    expect(page.body).toContain('Frachtbrief unterschreiben');
    // The party's name is text wherever it appears: no element and no end of the data block.
    expect(page.body).toContain('Noordzee &#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62; &#38; &#60;b&#62;Co&#60;/b&#62;');
    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.body).not.toContain('<b>Co</b>');
    // No inline script or style: everything the page runs comes from its own assets.
    expect(page.body).not.toMatch(/<script(?![^>]*(type="application\/json"|src="\/sign\/assets\/))/);
    expect(page.body).not.toMatch(/\sstyle="/);

    const assets = [...page.body.matchAll(/(?:src|href)="(\/sign\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(assets).toEqual([
      expect.stringMatching(/^\/sign\/assets\/sign-app\.[0-9a-f]{12}\.css$/),
      expect.stringMatching(/^\/sign\/assets\/signature-pad\.[0-9a-f]{12}\.js$/),
      expect.stringMatching(/^\/sign\/assets\/remark-photos\.[0-9a-f]{12}\.js$/),
      expect.stringMatching(/^\/sign\/assets\/sign-api\.[0-9a-f]{12}\.js$/),
      expect.stringMatching(/^\/sign\/assets\/otp-step\.[0-9a-f]{12}\.js$/),
      expect.stringMatching(/^\/sign\/assets\/disposal-form\.[0-9a-f]{12}\.js$/),
      expect.stringMatching(/^\/sign\/assets\/sign-app\.[0-9a-f]{12}\.js$/),
      expect.stringMatching(/^\/sign\/assets\/signer-copy\.[0-9a-f]{12}\.js$/),
    ]);
    for (const asset of assets) {
      const res = await t.app.inject({ method: 'GET', url: asset });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['content-type']).toMatch(asset.endsWith('.js') ? /^text\/javascript/ : /^text\/css/);
    }
    expectProblem(await t.app.inject({ method: 'GET', url: '/sign/assets/sign-app.000000000000.js' }), 'not_found');
  });

  it('the page of a used sender link offers the instruction form under the copy; a carrier\'s and a delivered shipment\'s do not', async () => {
    const tenant = await t.newTenant();
    const links = signLinksApi(t, tenant);
    const disposal = disposalApi(t, tenant);
    const id = await disposal.inStatus('issued');
    const sender = await links.link(id, { role: 'consignor', otp_required: true });
    const carrier = await links.link(id, { role: 'carrier' });
    const verified = async (token: string) => {
      expect((await t.app.inject({ method: 'POST', url: `/v1/sign/${token}/otp` })).statusCode).toBe(202);
      return (await t.app.inject({ method: 'POST', url: `/v1/sign/${token}/otp/verify`, payload: { code: '000000' } })).json().otp_verified_token as string;
    };
    expect((await links.submit(sender.token, { otp_verified_token: await verified(sender.token) })).statusCode).toBe(201);
    expect((await links.submit(carrier.token)).statusCode).toBe(201);

    const page = await t.app.inject({ method: 'GET', url: `/sign/${sender.token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain('<h1>Already signed</h1>');
    expect(page.body).toContain('Below is your copy, to read and download, and the form to instruct the carrier about the goods.');
    // The copy first, readable without script; then the same form as the signing page, and the code step.
    expect(page.body.indexOf('id="copy-note"')).toBeLessThan(page.body.indexOf('id="disposal-form"'));
    expect(page.body).toContain('<h2 id="disposal-title" tabindex="-1">Instruct the carrier (right of disposal)</h2>');
    expect(page.body).toContain('<option value="stop">Stop the goods</option>');
    expect(page.body).toMatch(/<section class="step" id="step-otp" aria-labelledby="otp-title" hidden>/);
    expect(page.body).toContain('<noscript><p class="alert">Giving an instruction needs JavaScript');
    const data = JSON.parse(/<script type="application\/json" id="disposal-data">(.*?)<\/script>/s.exec(page.body)![1]!);
    expect(data).toMatchObject({ otp_required: true, words: { disposal: { send: 'Send the instruction' } } });
    const scripts = [...page.body.matchAll(/<script src="\/sign\/assets\/([a-z-]+)\.[0-9a-f]{12}\.js"/g)].map((m) => m[1]);
    expect(scripts).toEqual(['sign-api', 'otp-step', 'disposal-form', 'copy-disposal']);
    expect(page.body).not.toMatch(/<script(?![^>]*(type="application\/json"|src="\/sign\/assets\/))/);

    // The carrier has no right of disposal: its copy only, no script.
    const carrierPage = await t.app.inject({ method: 'GET', url: `/sign/${carrier.token}` });
    expect(carrierPage.statusCode).toBe(200);
    expect(carrierPage.body).toContain('Nothing more to do here');
    expect(carrierPage.body).not.toContain('disposal');
    expect(carrierPage.body).not.toContain('<script src=');

    // Delivered: nobody instructs any more (CMR art. 13(1)), so the sender's page offers nothing.
    const signed = await t.app.inject({ method: 'POST', url: `/v1/shipments/${id}/signatures`, headers: t.auth(tenant.testKey), payload: { role: 'consignee', signer_name: 'Receiver' } });
    expect(signed.statusCode, signed.body).toBe(201);
    const delivered = await t.app.inject({ method: 'GET', url: `/sign/${sender.token}` });
    expect(delivered.statusCode).toBe(200);
    expect(delivered.body).toContain('Nothing more to do here');
    expect(delivered.body).not.toContain('id="disposal-form"');
  });

  it('a used sender link without a code, in the link\'s language: the form without the code step', async () => {
    const tenant = await t.newTenant();
    const id = await disposalApi(t, tenant).inStatus('issued');
    const link = (await t.app.inject({ method: 'POST', url: `/v1/shipments/${id}/signature-requests`, headers: t.auth(tenant.testKey), payload: { role: 'consignor', channel: 'email', recipient: 'verlader@sign.example', language: 'nl' } })).json();
    const token = pathOf(link.url).split('/').pop()!;
    expect((await signLinksApi(t, tenant).submit(token)).statusCode).toBe(201);
    const page = await t.app.inject({ method: 'GET', url: pathOf(link.url) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="nl">');
    expect(page.body).toContain('<h2 id="disposal-title" tabindex="-1">Opdracht aan de vervoerder (beschikkingsrecht)</h2>');
    expect(page.body).not.toContain('id="step-otp"');
    expect(page.body).toContain('"otp_required":false');
  });

  it('a link that cannot be used: its status and message in the link\'s language, else the browser\'s', async () => {
    const tenant = await t.newTenant();
    const shipment = await shipmentsApi(t, tenant).created(fullShipment(), { issue: true });
    const link = (await t.app.inject({ method: 'POST', url: `/v1/shipments/${shipment.id}/signature-requests`, headers: t.auth(tenant.testKey), payload: { role: 'carrier', channel: 'sms', language: 'fr' } })).json();
    await t.app.inject({ method: 'POST', url: `/v1/signature-requests/${link.id}/revoke`, headers: t.auth(tenant.testKey) });
    const revoked = await t.app.inject({ method: 'GET', url: pathOf(link.url) });
    expect(revoked.statusCode).toBe(410);
    expect(revoked.headers['cache-control']).toBe('no-store');
    expect(revoked.body).toContain('<html lang="fr">');
    expect(revoked.body).toContain('data-code="token_revoked">Ce lien de signature a été retiré par l’expéditeur.</p>');

    const unknown = await t.app.inject({ method: 'GET', url: '/sign/no-such-token', headers: { 'accept-language': 'nl-NL,nl;q=0.9' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<html lang="nl">');
    expect(unknown.body).toContain('data-code="not_found">Deze ondertekeningslink bestaat niet.');
  });
});
