/**
 * The signer's copy behind a used sign link (GET /v1/sign/{token}/copy and the page at
 * /sign/{token}): the sealed version that signature made and, for the consignee, the proof of
 * delivery, as signed download links; the message with the link, in the link's language; only the
 * signer's own version and shipment; and the end of the copy period on the test app's clock.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { backends } from '../../support/backends.js';
import { documentsApi } from '../../support/documents-api.js';
import { expectProblem } from '../../support/problems.js';
import { fullShipment } from '../../support/shipment-fixtures.js';
import { shipmentsApi } from '../../support/shipments-api.js';
import { signLinksApi } from '../../support/sign-links-api.js';
import { buildTestApp, type Tenant, type TestApp } from '../../support/test-app.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe.each(backends())('the signer\'s copy on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(() => t.close());

  const copy = (token: string) => t.app.inject({ method: 'GET', url: `/v1/sign/${token}/copy` });
  const page = (token: string) => t.app.inject({ method: 'GET', url: `/sign/${token}` });
  const fetchUrl = (tenant: Tenant, url: string) => documentsApi(t, tenant).fetch(url);

  /** A shipment signed by consignor, carrier and consignee, each through a sign link of their own. */
  async function delivered(tenant: Tenant) {
    const shipment = await shipmentsApi(t, tenant).created(fullShipment(), { issue: true });
    const sign = signLinksApi(t, tenant);
    const tokens: Record<string, string> = {};
    for (const role of ['consignor', 'carrier', 'consignee']) {
      tokens[role] = (await sign.link(shipment.id, { role })).token;
      expect((await sign.submit(tokens[role]!)).statusCode).toBe(201);
    }
    return { shipment, tokens };
  }

  it('the consignee\'s copy: the version their signature sealed and the proof of delivery, as signed links that download the PDFs', async () => {
    const tenant = await t.newTenant();
    const { shipment, tokens } = await delivered(tenant);
    const res = await copy(tokens.consignee!);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ role: 'consignee', signer_name: 'Sanne de Vries', shipment: { id: shipment.id }, consignment_note: { version: 4 } });
    expect(new Date(body.copy_expires_at).getTime() - new Date(body.signed_at).getTime()).toBe(30 * DAY_MS);
    // The consignee signed at the delivery place (Duisburg): its times are read on that wall clock.
    expect(body).toMatchObject({ time_zone: 'Europe/Berlin', time_zone_names: { '+01:00': 'CET', '+02:00': 'CEST' } });
    const note = await fetchUrl(tenant, body.consignment_note.url);
    expect(note.statusCode).toBe(200);
    expect(sha256(note.rawPayload)).toBe(body.consignment_note.sha256);
    expect(body.proof_of_delivery).not.toBeNull();
    const pod = await fetchUrl(tenant, body.proof_of_delivery.url);
    expect(pod.statusCode).toBe(200);
    expect(pod.headers['content-type']).toMatch(/^application\/pdf/);
    expect(pod.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(sha256(pod.rawPayload)).toBe(body.proof_of_delivery.sha256);
    // The same proof the API keeps for the shipment.
    const kept = await t.app.inject({ method: 'GET', url: `/v1/shipments/${shipment.id}/pod`, headers: t.auth(tenant.testKey) });
    expect(kept.json().document_id).toBe(body.proof_of_delivery.document_id);
    // Links expire: 15 minutes, as every download link.
    expect(new Date(body.consignment_note.url_expires_at).getTime() - t.clock.now().getTime()).toBeLessThanOrEqual(15 * 60 * 1000);
  });

  it('the consignor\'s copy is the version the consignor signed, never a later one, and has no proof of delivery', async () => {
    const tenant = await t.newTenant();
    const { tokens } = await delivered(tenant);
    const consignor = (await copy(tokens.consignor!)).json();
    const carrier = (await copy(tokens.carrier!)).json();
    expect(consignor).toMatchObject({ role: 'consignor', consignment_note: { version: 2 }, proof_of_delivery: null });
    expect(carrier).toMatchObject({ role: 'carrier', consignment_note: { version: 3 }, proof_of_delivery: null });
    expect(sha256((await fetchUrl(tenant, consignor.consignment_note.url)).rawPayload)).toBe(consignor.consignment_note.sha256);
  });

  it('a copy link opens its own shipment only: a link edited to another shipment\'s document is refused', async () => {
    const tenant = await t.newTenant();
    const a = await delivered(tenant);
    const b = await delivered(tenant);
    const copyA = (await copy(a.tokens.consignee!)).json();
    const copyB = (await copy(b.tokens.consignee!)).json();
    expect(copyA.shipment.id).toBe(a.shipment.id);
    expect(copyA.consignment_note.document_id).not.toBe(copyB.consignment_note.document_id);
    const forged = copyA.consignment_note.url.replace(copyA.consignment_note.document_id, copyB.consignment_note.document_id);
    expectProblem(await fetchUrl(tenant, forged), 'forbidden');
    // The page of A's link names only A's documents.
    const html = (await page(a.tokens.consignee!)).body;
    expect(html).toContain(copyA.consignment_note.document_id);
    expect(html).not.toContain(copyB.consignment_note.document_id);
    expect(html).not.toContain(b.shipment.id);
  });

  it('sends the link to the copy to the link\'s recipient in its language; the link opens the page, whose link downloads the copy', async () => {
    const tenant = await t.newTenant();
    const shipment = await shipmentsApi(t, tenant).created(fullShipment(), { issue: true });
    const recipient = `copy.${Date.now()}@sender.example`;
    const created = await t.app.inject({ method: 'POST', url: `/v1/shipments/${shipment.id}/signature-requests`, headers: t.auth(tenant.testKey), payload: { role: 'consignor', channel: 'email', recipient, language: 'nl' } });
    const token = created.json().url.split('/sign/')[1];
    expect((await signLinksApi(t, tenant).submit(token)).statusCode).toBe(201);
    const messages = await t.runtime.services.db.selectFrom('outbox_messages').selectAll().where('recipient', '=', recipient).orderBy('created_at', 'asc').orderBy('id', 'asc').execute();
    expect(messages).toHaveLength(2);
    const message = messages[1]!;
    expect(message.subject).toBe(`Uw kopie van vrachtbrief ${shipment.reference}`);
    expect(message.body).toMatch(/^U hebt vrachtbrief .* ondertekend als afzender\. .* kunt u downloaden tot \d{4}-\d\d-\d\d \d\d:\d\d CES?T:\n/);
    const link = /https?:\/\/\S+\/sign\/\S+/.exec(message.body)![0];
    expect(link).toBe(created.json().url);
    const opened = await fetchUrl(tenant, link);
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain('<h1>Al ondertekend</h1>');
    const download = /id="copy-note" class="button secondary" href="([^"]+)"/.exec(opened.body)![1]!.replace(/&#38;/g, '&');
    const bytes = (await fetchUrl(tenant, download)).rawPayload;
    const copied = (await copy(token)).json();
    expect(sha256(bytes)).toBe(copied.consignment_note.sha256);
    // Recorded like every message: template, language, the recipient only hashed.
    const listed = (await t.app.inject({ method: 'GET', url: `/v1/notifications?shipment_id=${shipment.id}`, headers: t.auth(tenant.testKey) })).json().data;
    expect(listed.map((n: { template: string }) => n.template).sort()).toEqual(['sign_link', 'signer_copy']);
    expect(JSON.stringify(listed)).not.toContain(recipient);
  });

  it('a handed-off link: the copy goes to the party\'s contact e-mail', async () => {
    const tenant = await t.newTenant();
    const shipment = await shipmentsApi(t, tenant).created(fullShipment(), { issue: true });
    const sign = signLinksApi(t, tenant);
    const consignor = await sign.link(shipment.id, { role: 'consignor' });
    await sign.submit(consignor.token);
    const carrier = await sign.link(shipment.id, { role: 'carrier' });
    await sign.submit(carrier.token);
    const handoff = await t.app.inject({ method: 'POST', url: `/v1/sign/${carrier.token}/handoff` });
    expect(handoff.statusCode, handoff.body).toBe(201);
    const token = handoff.json().url.split('/sign/')[1];
    expect((await sign.submit(token)).statusCode).toBe(201);
    // The fixture's consignee contact: other tests' mails reach it too, so this link's is found by its token.
    const mails = await t.runtime.services.db.selectFrom('outbox_messages').selectAll().where('recipient', '=', 'wareneingang@rheinstahl.example').execute();
    const mail = mails.find((m) => m.body.includes(`/sign/${token}`))!;
    expect(mail).toBeDefined();
    expect(mail.subject).toMatch(/^Ihre Kopie des Frachtbriefs /);
    expect(mail.body).toContain('und den Ablieferungsnachweis');
  });

  it('the copy period ends SIGNER_COPY_DAYS after the signature: then 410 token_expired, and the page says the link has expired', async () => {
    const tenant = await t.newTenant();
    const { tokens } = await delivered(tenant);
    const until = new Date((await copy(tokens.consignor!)).json().copy_expires_at);
    t.clock.set(new Date(until.getTime() - 1000));
    expect((await copy(tokens.consignor!)).statusCode).toBe(200);
    expect((await page(tokens.consignor!)).statusCode).toBe(200);
    t.clock.set(until);
    expectProblem(await copy(tokens.consignor!), 'token_expired');
    const expired = await page(tokens.consignor!);
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('<h1>Deze link is verlopen</h1>');
    expect(expired.body).not.toContain('/files/');
  });

  describe('refusals', () => {
    it('a link not used yet has no copy: 409 invalid_state; an unknown one 404 not_found', async () => {
      const tenant = await t.newTenant();
      const shipment = await shipmentsApi(t, tenant).created(fullShipment(), { issue: true });
      const pending = await signLinksApi(t, tenant).link(shipment.id, { role: 'consignor' });
      expectProblem(await copy(pending.token), 'invalid_state');
      expectProblem(await copy('x'.repeat(43)), 'not_found');
    });

    it('withdrawn and replaced links: 410 token_revoked and token_rotated', async () => {
      const tenant = await t.newTenant();
      const shipment = await shipmentsApi(t, tenant).created(fullShipment(), { issue: true });
      const sign = signLinksApi(t, tenant);
      const first = await sign.link(shipment.id, { role: 'consignor' });
      const second = await sign.link(shipment.id, { role: 'consignor' });
      expectProblem(await copy(first.token), 'token_rotated');
      expect((await t.app.inject({ method: 'POST', url: `/v1/signature-requests/${second.id}/revoke`, headers: t.auth(tenant.testKey) })).statusCode).toBe(200);
      expectProblem(await copy(second.token), 'token_revoked');
    });
  });
});

describe('SIGNER_COPY_DAYS', () => {
  it('defaults to 30 days and takes whole days from 1 to 3650; anything else is a configuration error naming it', () => {
    expect(loadConfig({}).signerCopy.days).toBe(30);
    expect(loadConfig({ SIGNER_COPY_DAYS: '7' }).signerCopy.days).toBe(7);
    for (const bad of ['0', '-1', '3651', '1.5', 'thirty']) expect(() => loadConfig({ SIGNER_COPY_DAYS: bad })).toThrow(/SIGNER_COPY_DAYS.*(whole number|integer)/);
  });
});
