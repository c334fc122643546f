/**
 * The link to a signer's copy through real providers: by e-mail over SMTP and by SMS over the
 * Twilio Messages API, each followed to the page it opens and on to the PDF; in English where the
 * link's language has no words; and no longer than SIGNER_COPY_DAYS (7 here) on the app's clock.
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../support/backends.js';
import { documentsApi } from '../../support/documents-api.js';
import { expectProblem } from '../../support/problems.js';
import { minimalShipment } from '../../support/shipment-fixtures.js';
import { shipmentsApi } from '../../support/shipments-api.js';
import { signLinksApi } from '../../support/sign-links-api.js';
import { startSmsSink, type SmsSink } from '../../support/sms-sink.js';
import { mailText, startSmtpSink, type SmtpSink } from '../../support/smtp-sink.js';
import { buildTestApp, type Tenant, type TestApp } from '../../support/test-app.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('the link to the signer\'s copy by e-mail and SMS', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  let sms: SmsSink;
  beforeAll(async () => {
    [smtp, sms] = await Promise.all([startSmtpSink(), startSmsSink()]);
    t = await buildTestApp(backends()[0]!, { env: { SMTP_URL: smtp.url, MAIL_FROM: 'Dispatch <dispatch@fds.example>', SMS_URL: sms.url, SMS_FROM: '+3197010520000', SIGNER_COPY_DAYS: '7' } });
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([smtp?.close(), sms?.close()]);
  });

  const fetchUrl = (tenant: Tenant, url: string) => documentsApi(t, tenant).fetch(url);
  /** A sign link sent by `channel` to `recipient`; its token from the sandbox answer. */
  async function link(tenant: Tenant, shipmentId: string, body: object): Promise<string> {
    const res = await t.app.inject({ method: 'POST', url: `/v1/shipments/${shipmentId}/signature-requests`, headers: t.auth(tenant.testKey), payload: body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().url.split('/sign/')[1];
  }
  /** Follows a message's link to its page and the page's download `id` to the bytes. */
  async function follow(tenant: Tenant, text: string, id: 'copy-note' | 'copy-pod') {
    const url = /https?:\/\/\S+\/sign\/[A-Za-z0-9_-]+/.exec(text)![0];
    const opened = await fetchUrl(tenant, url);
    expect(opened.statusCode).toBe(200);
    const href = new RegExp(`id="${id}" class="button secondary" href="([^"]+)"`).exec(opened.body)![1]!.replace(/&#38;/g, '&');
    return { url, page: opened.body, file: await fetchUrl(tenant, href) };
  }

  it('by e-mail: the consignor gets the link in their language; it opens the page, which downloads the version they signed', async () => {
    const tenant = await t.newTenant();
    const shipment = await shipmentsApi(t, tenant).created(minimalShipment(), { issue: true });
    const recipient = `copy.${randomInt(1e9)}@sender.example`;
    const token = await link(tenant, shipment.id, { role: 'consignor', channel: 'email', recipient, language: 'fr' });
    expect((await signLinksApi(t, tenant).submit(token)).statusCode).toBe(201);
    const mails = smtp.received.filter((m) => m.to.includes(recipient));
    expect(mails).toHaveLength(2);
    const text = mailText(mails[1]!.raw);
    expect(text).toMatch(/^Subject: Votre copie de la lettre de voiture /m);
    expect(text).toContain('Votre copie de la lettre sign');
    const { page, file } = await follow(tenant, text, 'copy-note');
    expect(page).toContain('<h1>Déjà signé</h1>');
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const copy = (await t.app.inject({ method: 'GET', url: `/v1/sign/${token}/copy` })).json();
    expect(copy.consignment_note.version).toBe(2);
    expect(new Date(copy.copy_expires_at).getTime() - new Date(copy.signed_at).getTime()).toBe(7 * DAY_MS);
  });

  it('by SMS, in English for a language without words: the consignee\'s link opens the proof of delivery, until 7 days after signing', async () => {
    const tenant = await t.newTenant();
    const shipment = await shipmentsApi(t, tenant).created(minimalShipment(), { issue: true });
    const sign = signLinksApi(t, tenant);
    for (const role of ['consignor', 'carrier']) expect((await sign.submit(await link(tenant, shipment.id, { role, channel: 'sms', recipient: `+316${randomInt(10_000_000, 100_000_000)}` }))).statusCode).toBe(201);
    const phone = `+316${randomInt(10_000_000, 100_000_000)}`;
    const token = await link(tenant, shipment.id, { role: 'consignee', channel: 'sms', recipient: phone, language: 'es' });
    expect((await sign.submit(token)).statusCode).toBe(201);
    const received = sms.received.filter((m) => m.to === phone);
    expect(received).toHaveLength(2);
    expect(received[1]!.body).toMatch(/^You signed consignment note .* as consignee on .*\. Your copy of the signed note and the proof of delivery can be downloaded until .* CES?T:\n/);
    const { page, file } = await follow(tenant, received[1]!.body, 'copy-pod');
    expect(page).toContain('<h1>Already signed</h1>');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^application\/pdf/);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    t.clock.advance(7 * DAY_MS);
    expectProblem(await t.app.inject({ method: 'GET', url: `/v1/sign/${token}/copy` }), 'token_expired');
    const expired = await t.app.inject({ method: 'GET', url: `/sign/${token}` });
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('<h1>This link has expired</h1>');
    expect(expired.body).toContain('for 7 days after you signed');
  });
});
