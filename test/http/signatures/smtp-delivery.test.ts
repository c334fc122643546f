/**
 * With SMTP_URL set, sign links go out as e-mail over SMTP (to a real SMTP server in the test),
 * not to the outbox; a recipient the mail server refuses is recorded as a failed notification.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../support/backends.js';
import { minimalShipment } from '../../support/shipment-fixtures.js';
import { shipmentsApi } from '../../support/shipments-api.js';
import { startSmtpSink, type SmtpSink } from '../../support/smtp-sink.js';
import { buildTestApp, type TestApp } from '../../support/test-app.js';

describe('sign links by e-mail over SMTP', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await buildTestApp(backends()[0]!, { env: { SMTP_URL: smtp.url, MAIL_FROM: 'Dispatch <dispatch@fds.example>' } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('sends the message through the SMTP server, from MAIL_FROM, and keeps nothing in the outbox', async () => {
    const tenant = await t.newTenant();
    const shipment = await shipmentsApi(t, tenant).created(minimalShipment(), { issue: true });
    const res = await t.app.inject({ method: 'POST', url: `/v1/shipments/${shipment.id}/signature-requests`, headers: t.auth(tenant.testKey), payload: { role: 'consignor', channel: 'email', recipient: 'planner@sender.example', language: 'nl' } });
    expect(res.statusCode).toBe(201);
    expect(res.json().notification.status).toBe('sent');
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.from).toBe('dispatch@fds.example');
    expect(mail.to).toEqual(['planner@sender.example']);
    expect(mail.raw).toMatch(/^Subject: Graag vrachtbrief shp_\w+ ondertekenen/m);
    expect(mail.raw.replace(/=\r?\n/g, '')).toContain(res.json().url);
    expect(await t.runtime.services.db.selectFrom('outbox_messages').selectAll().where('recipient', '=', 'planner@sender.example').execute()).toEqual([]);
  });

  it('a channel without a provider: SMS with only SMTP configured goes to the outbox and is not_configured, not sent', async () => {
    const tenant = await t.newTenant();
    const shipment = await shipmentsApi(t, tenant).created(minimalShipment(), { issue: true });
    const res = await t.app.inject({ method: 'POST', url: `/v1/shipments/${shipment.id}/signature-requests`, headers: t.auth(tenant.testKey), payload: { role: 'consignor', channel: 'sms', recipient: '+31612345670' } });
    expect(res.statusCode).toBe(201);
    expect(res.json().notification.status).toBe('not_configured');
    expect(await t.runtime.services.db.selectFrom('outbox_messages').select('channel').where('recipient', '=', '+31612345670').execute()).toEqual([{ channel: 'sms' }]);
  });

  it('a recipient the mail server refuses: the notification is failed, with the reason', async () => {
    const tenant = await t.newTenant();
    smtp.refuse.add('gone@sender.example');
    const shipment = await shipmentsApi(t, tenant).created(minimalShipment(), { issue: true });
    const res = await t.app.inject({ method: 'POST', url: `/v1/shipments/${shipment.id}/signature-requests`, headers: t.auth(tenant.testKey), payload: { role: 'consignor', channel: 'email', recipient: 'gone@sender.example' } });
    expect(res.statusCode).toBe(201);
    expect(res.json().notification.status).toBe('failed');
    const listed = (await t.app.inject({ method: 'GET', url: '/v1/notifications?status=failed', headers: t.auth(tenant.testKey) })).json().data;
    expect(listed).toHaveLength(1);
    expect(listed[0].error).toMatch(/550|mailbox unavailable/);
  });
});
