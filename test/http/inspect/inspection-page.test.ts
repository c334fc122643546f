/**
 * GET /inspect/{token} (issue 16): the page the QR code opens — self-contained (no script, no
 * other request), in the inspector's language when we speak it, else the note's, `?lang=`
 * overriding; the reasons a link cannot be used as pages with their statuses. This app runs with
 * INSPECTION_LINK_GRACE_DAYS=0: the link stops with the transport.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../support/backends.js';
import { freshAddress, inspectApi } from '../../support/inspect-api.js';
import { fullShipment } from '../../support/shipment-fixtures.js';
import { shipmentsApi } from '../../support/shipments-api.js';
import { buildTestApp, type Tenant, type TestApp } from '../../support/test-app.js';

const htmlLang = (html: string) => /<html lang="([a-z]+)">/.exec(html)?.[1];
const heading = (html: string) => /<h1>([^<]*)<\/h1>/.exec(html)?.[1];

describe.each(backends())('GET /inspect/{token} on $name', (backend) => {
  let t: TestApp;
  let api: ReturnType<typeof inspectApi>;
  let tenant: Tenant;
  let token: string;
  let shipmentId: string;
  beforeAll(async () => {
    t = await buildTestApp(backend, { env: { INSPECTION_LINK_GRACE_DAYS: '0' } });
    api = inspectApi(t);
    tenant = await t.newTenant();
    const issued = await api.issued(tenant);
    token = issued.token;
    shipmentId = issued.shipment.id;
  });
  afterAll(() => t.close());

  describe('200', () => {
    it('a phone page in one response: viewport, inline style allowed by its hash, no script, no other request', async () => {
      const res = await api.page(token, { headers: { 'accept-language': 'en-GB,en;q=0.9' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'/);
      expect(csp).not.toContain('script-src');
      const html = res.body;
      expect(html).toContain('<meta name="viewport" content="width=device-width,initial-scale=1">');
      expect(html).not.toMatch(/<script|<link|<img|\ssrc=|@import|url\(/i);
      expect(htmlLang(html)).toBe('en');
      expect(heading(html)).toBe('Roadside inspection');
      for (const text of ['Document intact', 'Status: <span id="status">Issued</span>', 'Havenbedrijf Noordzee Logistics B.V.', 'Rheinstahl Komponenten GmbH', 'Van den Berg Transport B.V.', '12-BXL-4', 'OR-88-KZ', 'Steel flanges DN150', 'Version 1', 'Download PDF', 'Sandbox document']) {
        expect(html).toContain(text);
      }
      // The download link works as given.
      const href = /href="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&').replace(/&#38;/g, '&');
      expect((await t.app.inject({ method: 'GET', url: href.replace(/^https?:\/\/[^/]+/, '') })).statusCode).toBe(200);
    });

    it.each([
      ['de-DE,de;q=0.9,en;q=0.5', 'de', 'Straßenkontrolle', 'Ausgestellt'],
      ['fr-BE', 'fr', 'Contrôle routier', 'Émise'],
      ['nl', 'nl', 'Controle langs de weg', 'Uitgegeven'],
      ['pl,cs;q=0.8', 'nl', 'Controle langs de weg', 'Uitgegeven'],
      [undefined, 'nl', 'Controle langs de weg', 'Uitgegeven'],
    ])('Accept-Language %s → %s (the note is Dutch: the driver reads Dutch)', async (accept, lang, title, status) => {
      const res = await api.page(token, { headers: accept ? { 'accept-language': accept } : {} });
      expect(htmlLang(res.body)).toBe(lang);
      expect(heading(res.body)).toBe(title);
      expect(res.body).toContain(`<span id="status">${status}</span>`);
    });

    it('?lang= overrides the browser; a language we do not speak is ignored', async () => {
      expect(htmlLang((await api.page(token, { headers: { 'accept-language': 'de' }, query: '?lang=fr' })).body)).toBe('fr');
      expect(htmlLang((await api.page(token, { headers: { 'accept-language': 'de' }, query: '?lang=EN' })).body)).toBe('en');
      expect(htmlLang((await api.page(token, { headers: { 'accept-language': 'de' }, query: '?lang=xx' })).body)).toBe('de');
    });

    it("falls back to the note's own language: a French note for a browser we cannot serve", async () => {
      const other = await t.newTenant();
      const body = fullShipment();
      body.driver = { ...body.driver!, language: 'fr' };
      const french = await api.issued(other, body);
      const res = await api.page(french.token, { headers: { 'accept-language': 'it-IT' } });
      expect(htmlLang(res.body)).toBe('fr');
      expect(res.body).toContain('Document intègre');
    });

    it('each page is a view in the language it was shown in', async () => {
      const other = await t.newTenant();
      const issued = await api.issued(other);
      const from = freshAddress();
      await api.page(issued.token, { from, headers: { 'accept-language': 'de', 'user-agent': 'Mozilla/5.0 (Linux; Android 14)' } });
      await api.page(issued.token, { from, query: '?lang=fr' });
      const views = (await api.views(other, issued.shipment.id)).json().data;
      expect(views.map((v: any) => [v.channel, v.language, v.outcome, v.ip])).toEqual([
        ['page', 'fr', 'ok', from],
        ['page', 'de', 'ok', from],
      ]);
      expect(views[1].user_agent).toBe('Mozilla/5.0 (Linux; Android 14)');
    });
  });

  describe('404 not_found', () => {
    it.each([
      ['unknown', randomBytes(24).toString('base64url')],
      ['malformed', 'not-a-token'],
    ])('%s: a page that says so, in the browser language', async (_name, unknown) => {
      const res = await api.page(unknown, { headers: { 'accept-language': 'de' } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(htmlLang(res.body)).toBe('de');
      expect(res.body).toContain('data-code="not_found"');
      expect(res.body).toContain('Kein Frachtbrief hat diesen Kontrolllink.');
    });
  });

  describe('410 token_expired', () => {
    it('with a grace of 0 days the link stops at delivery: a 410 page in the note\'s language, logged', async () => {
      const other = await t.newTenant();
      const issued = await api.issued(other);
      await api.deliver(other, issued.shipment.id);
      const res = await api.page(issued.token);
      expect(res.statusCode).toBe(410);
      expect(htmlLang(res.body)).toBe('nl');
      expect(res.body).toContain('data-code="token_expired"');
      expect(res.body).toContain('Deze controlelink is verlopen');
      const views = (await api.views(other, issued.shipment.id)).json().data;
      expect(views.map((v: any) => [v.channel, v.outcome, v.language])).toEqual([['page', 'token_expired', 'nl']]);
    });

    it('and at cancellation; the JSON answers the same', async () => {
      const other = await t.newTenant();
      const issued = await api.issued(other);
      await shipmentsApi(t, other).post(issued.shipment.id, 'cancel', {});
      expect((await api.page(issued.token, { headers: { 'accept-language': 'en' } })).body).toContain('This inspection link has expired');
      expect((await api.json(issued.token)).json().code).toBe('token_expired');
    });
  });

  describe('429 rate_limited', () => {
    it('past 60 a minute from one address: a 429 page with Retry-After', async () => {
      const from = freshAddress();
      for (let i = 0; i < 60; i++) await api.page(randomBytes(24).toString('base64url'), { from });
      const res = await api.page(token, { from, headers: { 'accept-language': 'en' } });
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(res.body).toContain('data-code="rate_limited"');
      expect(res.body).toMatch(/Wait \d+ seconds/);
      const views = (await api.views(tenant, shipmentId, '?limit=100')).json().data;
      expect(views.filter((v: any) => v.outcome === 'rate_limited')).toHaveLength(1);
    });
  });
});
