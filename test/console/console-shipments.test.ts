/**
 * The console's shipment pages through app.inject, on every backend: the list finds a shipment by
 * each thing a dispatcher types (reference, party name, plate, id), filters by status and created
 * date, pages with its cursor, and never lists another organisation's; one shipment's page shows
 * its timeline, integrity verdict and note versions (opened in the session), for a viewer too;
 * another organisation's shipment or a made-up id is the console's 404 page.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { consoleSessionHeaders, memberSessionHeaders } from '../support/console-session.js';
import { documentsApi } from '../support/documents-api.js';
import { cameraJpeg } from '../support/photos.js';
import { remarksApi } from '../support/remarks-api.js';
import { fullShipment, minimalShipment } from '../support/shipment-fixtures.js';
import { buildTestApp, type TestApp } from '../support/test-app.js';

type Session = { cookie: string; origin: string };

describe.each(backends())('console shipment pages on $name', (backend) => {
  let t: TestApp;
  let owner: Session;
  let organizationId: string;
  let ownerUserId: string;
  let issued: string;
  let draft: string;
  let others: string;
  const run = randomUUID().slice(0, 8).toUpperCase();

  beforeAll(async () => {
    t = await buildTestApp(backend);
    owner = await consoleSessionHeaders(t, `owner-${randomUUID()}@transport.example`);
    const session = (await t.app.inject({ method: 'GET', url: '/v1/auth/session', headers: { cookie: owner.cookie } })).json();
    organizationId = session.organization.id;
    ownerUserId = session.user.id;
    const created = await t.app.inject({ method: 'POST', url: '/console/api-keys', headers: { cookie: owner.cookie, origin: owner.origin, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'key_mode=test' });
    const key = /id="new-key">(sk_test_[A-Za-z0-9_]+)</.exec(created.body)![1]!;
    const create = async (body: object, issue = false) => {
      const res = await t.app.inject({ method: 'POST', url: `/v1/shipments${issue ? '?issue=true' : ''}`, headers: t.auth(key), payload: body });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    issued = await create({ ...fullShipment(), reference: `PO-${run}-118734` }, true);
    draft = await create({ ...minimalShipment(), reference: `DRAFT-${run}`, consignee: { ...minimalShipment().consignee!, name: `Kaasboer ${run} B.V.` }, vehicle: { plate: `BX-${run.slice(0, 2)}-7` } });
    for (let i = 1; i <= 3; i++) await create({ ...minimalShipment(), reference: `PAGE-${run}-${i}` });
    const other = await t.newTenant();
    others = (await t.app.inject({ method: 'POST', url: '/v1/shipments', headers: t.auth(other.testKey), payload: { ...minimalShipment(), reference: `OTHER-${run}` } })).json().id;
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, session: Session = owner) => t.app.inject({ method: 'GET', url, headers: { cookie: session.cookie } });
  const found = async (query: string) => {
    const res = await get(`/console/shipments?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  };

  it('finds a shipment by part of its reference, a party name, a plate and its id', async () => {
    const byReference = await found('q=118734');
    expect(byReference).toContain(`PO-${run}-118734`);
    expect(byReference).not.toContain(`DRAFT-${run}`);
    expect(await found(`q=${encodeURIComponent(`kaasboer ${run.toLowerCase()}`)}`)).toContain(`DRAFT-${run}`);
    // Typed without its dashes and in lower case.
    const byPlate = await found(`q=bx${run.slice(0, 2).toLowerCase()}7`);
    expect(byPlate).toContain(`DRAFT-${run}`);
    expect(byPlate).not.toContain(`PAGE-${run}`);
    const byId = await found(`q=${issued}`);
    expect(byId).toContain(`PO-${run}-118734`);
    expect(byId).not.toContain(`DRAFT-${run}`);
    // A wildcard typed is a letter, not "anything".
    expect(await found('q=%25')).toContain('Nothing here yet.');
    const page = await get('/console/shipments');
    expect(page.body).toContain('<a href="/console/shipments" aria-current="page">Shipments</a>');
    expect((await get('/console/shipments?lang=nl')).body).toContain('Zendingen');
  });

  it('filters by status and by created date', async () => {
    const issuedOnly = await found(`q=${run}&status=issued`);
    expect(issuedOnly).toContain(`PO-${run}-118734`);
    expect(issuedOnly).not.toContain(`DRAFT-${run}`);
    const today = t.clock.now().toISOString().slice(0, 10);
    const tomorrow = new Date(t.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
    const yesterday = new Date(t.clock.now().getTime() - 86_400_000).toISOString().slice(0, 10);
    expect(await found(`q=${run}&from=${today}&to=${today}`)).toContain(`DRAFT-${run}`);
    expect(await found(`q=${run}&from=${tomorrow}`)).toContain('Nothing here yet.');
    expect(await found(`q=${run}&to=${yesterday}`)).toContain('Nothing here yet.');
    // A link with a status the list does not know: the console's page, not the API's JSON.
    const lost = await get('/console/shipments?status=lost');
    expect(lost.statusCode).toBe(400);
    expect(lost.headers['content-type']).toMatch(/^text\/html/);
    expect(lost.body).toContain('<h1>This link cannot be shown</h1>');
    expect(lost.body).toContain('<li><code>status</code> = “lost”</li>');
    expect(lost.body).toContain('href="/console/shipments?lang=en"');
  });

  it('pages newest first with its cursor and keeps the search on the next page', async () => {
    const first = await found(`q=PAGE-${run}&limit=2`);
    expect(first).toContain(`PAGE-${run}-3`);
    expect(first).toContain(`PAGE-${run}-2`);
    expect(first).not.toContain(`PAGE-${run}-1`);
    const next = /<a rel="next" href="([^"]+)"/.exec(first)![1]!.replaceAll('&#38;', '&').replaceAll('&amp;', '&');
    expect(next).toContain(`q=PAGE-${run}`);
    const second = (await get(next)).body;
    expect(second).toContain(`PAGE-${run}-1`);
    expect(second).not.toContain(`PAGE-${run}-2`);
    expect(second).not.toContain('rel="next"');
  });

  it('never lists another organisation\'s shipment, and its page is the console\'s 404', async () => {
    expect(await found(`q=OTHER-${run}`)).toContain('Nothing here yet.');
    expect(await found(`q=${others}`)).toContain('Nothing here yet.');
    for (const url of [`/console/shipments/${others}`, '/console/shipments/shp_nonsense', `/console/shipments/${others}/efti`, `/console/shipments/${others}/pod.pdf`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<h1>Not found</h1>');
    }
  });

  it('shows one shipment with its timeline, verdict and note versions, to a viewer too', async () => {
    const viewer = await memberSessionHeaders(t, organizationId, ownerUserId, 'viewer');
    const list = await get(`/console/shipments?q=${run}`, viewer);
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain(`href="/console/shipments/${issued}"`);
    const page = await get(`/console/shipments/${issued}`, viewer);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain(`<h1>Shipment PO-${run}-118734</h1>`);
    expect(page.body).toContain('<code class="whole">shipment.created</code>');
    expect(page.body).toContain('<code class="whole">shipment.issued</code>');
    expect(page.body).toContain('data-verdict="intact"');
    expect(page.body).toContain('Havenbedrijf Noordzee Logistics B.V.');
    expect(page.body).toContain('Steel flanges DN150, zinc plated');
    expect(page.body).not.toContain('<form method="post" action="/console/shipments');
    const note = new RegExp(`href="(/console/shipments/${issued}/documents/doc_[0-9A-Z]+)"`).exec(page.body)![1]!;
    const pdf = await get(note, viewer);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Another organisation's member holds no key to this shipment's files.
    const stranger = await consoleSessionHeaders(t);
    expect((await get(note, stranger)).statusCode).toBe(404);
    const efti = await get(`/console/shipments/${issued}/efti`, viewer);
    expect(efti.statusCode).toBe(200);
    expect(efti.body).toContain('eFTI dataset');
    expect((await get(`/console/shipments/${draft}?lang=nl`, viewer)).body).toContain('Tijdlijn');
  });

  it('offers a member who may act the acts the status allows, and shows the outcome of the one that led back', async () => {
    const draftPage = await get(`/console/shipments/${draft}?done=created`);
    expect(draftPage.statusCode, draftPage.body).toBe(200);
    expect(draftPage.body).toContain('The shipment is created as a draft.');
    // Nothing sealed yet is no alarm: the chain's report, not "does not verify".
    expect(draftPage.body).toMatch(/<p class="notice" id="integrity" data-verdict="[a-z_]+">Event chain: 1 event verifies\. No consignment note has been issued yet\./);
    expect(draftPage.body).toContain(`action="/console/shipments/${draft}/issue?lang=en"`);
    expect(draftPage.body).toContain(`href="/console/shipments/${draft}/edit`);
    const issuedPage = await get(`/console/shipments/${issued}?act_error=invalid_transition&act=issue`);
    expect(issuedPage.statusCode, issuedPage.body).toBe(200);
    expect(issuedPage.body).toContain('Issue did not go through');
    expect(issuedPage.body).not.toContain(`action="/console/shipments/${issued}/issue`);
    expect(issuedPage.body).toContain(`action="/console/shipments/${issued}/cancel?lang=en"`);
    expect(issuedPage.body).toContain(`action="/console/shipments/${issued}/sign-links?lang=en"`);
  });

  it('shows a delivered shipment\'s remark photo, signatures and proof of delivery, each opening in the session', async () => {
    const tenant = await t.newTenant({ liveEnabled: false });
    const member = await memberSessionHeaders(t, tenant.organizationId, ownerUserId, 'viewer');
    const created = await t.app.inject({ method: 'POST', url: '/v1/shipments?issue=true', headers: t.auth(tenant.testKey), payload: { ...fullShipment(), reference: `DLV-${run}` } });
    const id = created.json().id as string;
    const photo = await documentsApi(t, tenant).uploaded(id, { kind: 'photo', filename: 'corner.jpg', bytes: await cameraJpeg(800, 600) });
    await remarksApi(t, tenant).created(id, { phase: 'pickup', type: 'damage', text: 'Two pallets with broken corners, rewrapped.', photo_document_ids: [photo.id] });
    for (const role of ['consignor', 'carrier', 'consignee']) {
      const signed = await t.app.inject({ method: 'POST', url: `/v1/shipments/${id}/signatures`, headers: t.auth(tenant.testKey), payload: { role, signer_name: `Signer ${role}` } });
      expect(signed.statusCode, signed.body).toBe(201);
    }
    const page = await get(`/console/shipments/${id}`, member);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['content-security-policy']).toContain("img-src 'self' data:");
    expect(page.body).toContain('Two pallets with broken corners, rewrapped.');
    expect(page.body).toContain('Signer consignee (Consignee)');
    expect(page.body).toContain('<code class="whole">signature.completed</code>');
    const thumbnail = await get(`/console/shipments/${id}/photos/${photo.id}`, member);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/jpeg');
    expect(page.body).toContain(`<img src="/console/shipments/${id}/photos/${photo.id}"`);
    const pod = await get(`/console/shipments/${id}/pod.pdf`, member);
    expect(pod.statusCode).toBe(200);
    expect(pod.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(page.body).toContain(`href="/console/shipments/${id}/pod.pdf"`);
    // The owner's session is in another organisation: none of it opens there.
    for (const url of [`/console/shipments/${id}`, `/console/shipments/${id}/photos/${photo.id}`, `/console/shipments/${id}/pod.pdf`, `/console/shipments/${issued}/photos/${photo.id}`]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  }, 120_000);
});
