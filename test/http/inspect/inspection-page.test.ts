/**
 * GET /inspect/{token}: the page the QR code opens — self-contained (no script, no
 * other request), in the inspector's language — any of the 24 official EU languages — else English,
 * never the driver's; `?lang=` (the page's own switcher) overriding; the reasons a link cannot be used as pages with their statuses. This app runs with
 * INSPECTION_LINK_GRACE_DAYS=0: the link stops with the transport.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../support/backends.js';
import { freshAddress, inspectApi } from '../../support/inspect-api.js';
import { fullShipment } from '../../support/shipment-fixtures.js';
import { remarksApi } from '../../support/remarks-api.js';
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
      expect(String(res.headers.vary)).toMatch(/accept-language/i);
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
      const href = /id="versions">.*?href="([^"]+)"/s.exec(html)![1]!.replace(/&amp;/g, '&').replace(/&#38;/g, '&');
      expect((await t.app.inject({ method: 'GET', url: href.replace(/^https?:\/\/[^/]+/, '') })).statusCode).toBe(200);
    });

    it('a page asked again for the same state is the same page with fresh download links; a signature shows at once', async () => {
      const own = await t.newTenant();
      const issued = await api.issued(own);
      const en = { headers: { 'accept-language': 'en' } };
      const linkOf = (html: string) => /id="versions">.*?href="([^"]+)"/s.exec(html)![1]!.replace(/&amp;/g, '&').replace(/&#38;/g, '&');
      const validUntil = (html: string) => /<p class="muted">([^<]*)<\/p><\/section>/.exec(html)?.[1];
      const first = (await api.page(issued.token, en)).body;
      t.clock.advance(120_000);
      const again = (await api.page(issued.token, en)).body;
      // Kept for its state: only the signed link and its validity moved with the clock.
      expect(linkOf(again)).not.toBe(linkOf(first));
      expect(validUntil(again)).not.toBe(validUntil(first));
      const withoutLinks = (html: string) => html.replace(/(id="versions">.*?href=")[^"]+/s, '$1').replace(validUntil(html)!, '');
      expect(withoutLinks(again)).toBe(withoutLinks(first));
      expect((await t.app.inject({ method: 'GET', url: linkOf(again).replace(/^https?:\/\/[^/]+/, '') })).statusCode).toBe(200);
      // Another language of the same state is its own page.
      expect(htmlLang((await api.page(issued.token, { headers: { 'accept-language': 'de' } })).body)).toBe('de');
      const signed = await t.app.inject({ method: 'POST', url: `/v1/shipments/${issued.shipment.id}/signatures`, headers: t.auth(own.testKey), payload: { role: 'consignor', signer_name: 'Marieke Kade-Signer' } });
      expect(signed.statusCode, signed.body).toBe(201);
      expect(first).not.toContain('Marieke Kade-Signer');
      const after = (await api.page(issued.token, en)).body;
      expect(after).toContain('Marieke Kade-Signer');
      expect(after).toContain('Version 2');
    });

    it.each([
      ['de-DE,de;q=0.9,en;q=0.5', 'de', 'Straßenkontrolle', 'Ausgestellt'],
      ['fr-BE', 'fr', 'Contrôle routier', 'Émise'],
      ['nl', 'nl', 'Controle langs de weg', 'Uitgegeven'],
      ['pl', 'pl', 'Kontrola drogowa', 'Wystawiony'],
      ['pl-PL,pl;q=0.9,en-US;q=0.8,en;q=0.7', 'pl', 'Kontrola drogowa', 'Wystawiony'],
      ['cs;q=0.4, sk;q=0.8, en;q=0.2', 'sk', 'Cestná kontrola', 'Vystavený'],
      ['el-GR', 'el', 'Οδικός έλεγχος', 'Εκδόθηκε'],
      ['bg', 'bg', 'Пътна проверка', 'Издадена'],
      ['ga-IE', 'ga', 'Iniúchadh cois bóthair', 'Eisithe'],
      ['xx', 'en', 'Roadside inspection', 'Issued'],
      ['uk-UA,ru;q=0.8', 'en', 'Roadside inspection', 'Issued'],
      [undefined, 'en', 'Roadside inspection', 'Issued'],
    ])('Accept-Language %s → %s (the note is Dutch, the driver\'s language: the inspector\'s is what counts)', async (accept, lang, title, status) => {
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

    it('the switcher lists the 24 languages by their own names, each link opening the page in it', async () => {
      const html = (await api.page(token, { headers: { 'accept-language': 'pl' } })).body;
      const links = [...html.matchAll(/<a href="(\?lang=[a-z]+)" hreflang="([a-z]+)" lang="[a-z]+"( aria-current="true")?>([^<]+)<\/a>/g)];
      expect(links.map((m) => m[2])).toEqual(['bg', 'cs', 'da', 'de', 'el', 'en', 'es', 'et', 'fi', 'fr', 'ga', 'hr', 'hu', 'it', 'lt', 'lv', 'mt', 'nl', 'pl', 'pt', 'ro', 'sk', 'sl', 'sv']);
      expect(links.filter((m) => m[3]).map((m) => m[4])).toEqual(['Polski']);
      expect(Object.fromEntries(links.map((m) => [m[2], m[4]]))).toMatchObject({ bg: 'Български', el: 'Ελληνικά', ga: 'Gaeilge', mt: 'Malti', lt: 'Lietuvių', hu: 'Magyar' });
      expect(html).toContain('<a href="#languages">Język: Polski</a>');
      for (const [href, lang] of links.map((m) => [m[1]!, m[2]!])) {
        // The link is relative to the page, as a browser follows it: same token, the language asked.
        const page = await api.page(token, { headers: { 'accept-language': 'pl' }, query: href });
        expect(page.statusCode, href).toBe(200);
        expect(htmlLang(page.body), href).toBe(lang);
        expect(page.body, href).toContain(`hreflang="${lang}" lang="${lang}" aria-current="true"`);
      }
    });

    it('in Polish: times, counts and weights the Polish way, roles and remarks in words, the note quoted as printed', async () => {
      const other = await t.newTenant();
      const issued = await api.issued(other);
      for (const [role, signer_name] of [['consignor', 'Sanne de Vries'], ['carrier', 'Pieter Jansen']]) {
        await t.app.inject({ method: 'POST', url: `/v1/shipments/${issued.shipment.id}/signatures`, headers: t.auth(other.testKey), payload: { role, signer_name } });
      }
      await remarksApi(t, other).created(issued.shipment.id, { phase: 'delivery', type: 'damage', text: 'Corner crushed.' });
      const html = (await api.page(issued.token, { headers: { 'accept-language': 'pl-PL' } })).body;
      const nbsp = (text: string) => text.replace(/ /g, '[\\s\u00a0\u202f]');
      // 8640 + 212.5 + 820 kg over 12 + 8 + 4 packages: a decimal comma, and (Polish usage) no grouping below 10 000.
      expect(html).toMatch(new RegExp(nbsp('Pozycje: 3 · Liczba sztuk: 24 · Waga brutto: 9672,5 kg')));
      const german = (await api.page(issued.token, { headers: { 'accept-language': 'de' } })).body;
      expect(german).toMatch(new RegExp(nbsp('Positionen: 3 · Packstücke: 24 · Bruttogewicht: 9.672,5 kg')));
      expect(html).toMatch(/Wystawiony: \d{1,2} (sty|lut|mar|kwi|maj|cze|lip|sie|wrz|paź|lis|gru) \d{4}, \d{2}:\d{2} CES?T/);
      expect(html).toContain('<span id="status">W drodze</span>');
      expect(html).toContain('<strong>Nadawca</strong>: Sanne de Vries');
      expect(html).toContain('<strong>Przewoźnik</strong>: Pieter Jansen');
      expect(html).toContain('<strong>Uszkodzenie</strong>: Corner crushed.');
      expect(html).toContain('przy dostawie');
      // On the wall clock of the pickup place (Amsterdam), the zone named: the JSON's 07:00Z is 08:00 CET.
      expect(html).toContain('Okno czasowe: 1 gru 2026, 08:00 CET – 1 gru 2026, 10:00 CET');
      // The page's own times are Polish; only the note, quoted as printed below, keeps its printed ones.
      expect(html.slice(0, html.indexOf('<details class="whole">'))).not.toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} [A-Z]{3,4}\b/);
      // The parties are the note's own words; the whole note is shown as printed, in the driver's Dutch.
      expect(html).toContain('<dd aria-labelledby="fact-sender"><div lang="nl">');
      expect(html).toContain('Tak jak wydrukowano; język: niderlandzki.');
    });

    it('the eFTI identifier names its parts in words, not as field names', async () => {
      for (const [accept, labels] of [
        ['en', ['eFTI gate', 'Platform', 'Dataset']],
        ['pl', ['Bramka eFTI', 'Platforma', 'Zbiór danych']],
        ['el', ['Πύλη eFTI', 'Πλατφόρμα', 'Σύνολο δεδομένων']],
      ] as const) {
        const html = (await api.page(token, { headers: { 'accept-language': accept } })).body;
        const card = /<dl class="facts" id="efti">(.*?)<\/dl>/s.exec(html)![1]!;
        expect([...card.matchAll(/<dt>([^<]+)<\/dt>/g)].map((m) => m[1])).toEqual(labels);
        expect(card).not.toMatch(/gate_id|platform_id|dataset_id/);
      }
    });

    it("the driver's language is not the inspector's: a French note for a browser asking for Italian is Italian, for one we cannot serve English", async () => {
      const other = await t.newTenant();
      const body = fullShipment();
      body.driver = { ...body.driver!, language: 'fr' };
      const french = await api.issued(other, body);
      const italian = await api.page(french.token, { headers: { 'accept-language': 'it-IT' } });
      expect(htmlLang(italian.body)).toBe('it');
      expect(italian.body).toContain('Documento integro');
      const unknown = await api.page(french.token, { headers: { 'accept-language': 'xx' } });
      expect(htmlLang(unknown.body)).toBe('en');
      expect(unknown.body).toContain('As printed, in French.');
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
    it('with a grace of 0 days the link stops at delivery: a 410 page in English for a browser that names no language, logged', async () => {
      const other = await t.newTenant();
      const issued = await api.issued(other);
      await api.deliver(other, issued.shipment.id);
      const res = await api.page(issued.token);
      expect(res.statusCode).toBe(410);
      expect(htmlLang(res.body)).toBe('en');
      expect(res.body).toContain('data-code="token_expired"');
      expect(res.body).toContain('This inspection link has expired');
      expect((await api.page(issued.token, { headers: { 'accept-language': 'lv' } })).body).toContain('Šīs pārbaudes saites derīgums ir beidzies');
      const views = (await api.views(other, issued.shipment.id)).json().data;
      expect(views.map((v: any) => [v.channel, v.outcome, v.language])).toEqual([
        ['page', 'token_expired', 'lv'],
        ['page', 'token_expired', 'en'],
      ]);
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
