/**
 * With SMS_URL and SMS_FROM set, sign links and codes go out as SMS through the Twilio Messages
 * API (a fake Twilio on 127.0.0.1 checking auth and the form), not to the outbox; a number the
 * provider refuses is recorded as a failed notification with its reason, as SMTP failures are.
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../support/backends.js';
import { minimalShipment } from '../../support/shipment-fixtures.js';
import { shipmentsApi } from '../../support/shipments-api.js';
import { startSmsSink, type SmsSink } from '../../support/sms-sink.js';
import { buildTestApp, type TestApp } from '../../support/test-app.js';
import { twilioSmsNotifier } from '../../../src/adapters/notifier/twilio-sms.js';

describe('sign links by SMS over the Twilio Messages API', () => {
  let t: TestApp;
  let sms: SmsSink;
  beforeAll(async () => {
    sms = await startSmsSink();
    t = await buildTestApp(backends()[0]!, { env: { SMS_URL: sms.url, SMS_FROM: '+3197010520000' } });
  });
  afterAll(async () => {
    await t?.close();
    await sms?.close();
  });

  it('sends the link and the one-time password as SMS from SMS_FROM, keeps the provider\'s sid, and nothing in the outbox', async () => {
    const tenant = await t.newTenant();
    // A number of this test's own: the outbox is shared by every file on the PostgreSQL backend.
    const phone = `+316${String(randomInt(10_000_000, 100_000_000))}`;
    const shipment = await shipmentsApi(t, tenant).created(minimalShipment(), { issue: true });
    const res = await t.app.inject({ method: 'POST', url: `/v1/shipments/${shipment.id}/signature-requests`, headers: t.auth(tenant.testKey), payload: { role: 'carrier', channel: 'sms', recipient: phone, language: 'nl', otp_required: true } });
    expect(res.statusCode).toBe(201);
    expect(res.json().notification.status).toBe('sent');
    expect(sms.received).toHaveLength(1);
    expect(sms.received[0]).toMatchObject({ to: phone, from: '+3197010520000' });
    expect(sms.received[0]!.body).toContain(res.json().url);
    const token = res.json().url.split('/sign/')[1];
    expect((await t.app.inject({ method: 'POST', url: `/v1/sign/${token}/otp` })).statusCode).toBe(202);
    expect(sms.received[1]!.body).toMatch(/^Uw code om de vrachtbrief te ondertekenen: \d{6}\./);
    const listed = (await t.app.inject({ method: 'GET', url: '/v1/notifications', headers: t.auth(tenant.testKey) })).json().data;
    expect(listed.map((n: { template: string; status: string }) => [n.template, n.status])).toEqual([['sign_otp', 'sent'], ['sign_link', 'sent']]);
    expect((await t.app.inject({ method: 'GET', url: '/v1/usage?metric=notifications', headers: t.auth(tenant.testKey) })).json().data).toMatchObject([{ metric: 'notifications', value: 2, breakdown: { sms: 2 } }]);
    const stored = await t.runtime.services.db.selectFrom('notifications').select('provider_reference').where('id', '=', res.json().notification.id).executeTakeFirstOrThrow();
    expect(stored.provider_reference).toBe(`sms:${sms.received[0]!.sid}`);
    expect(await t.runtime.services.db.selectFrom('outbox_messages').selectAll().where('recipient', '=', phone).execute()).toEqual([]);
  });

  it('a number the provider refuses: the notification is failed, with the provider\'s error', async () => {
    const tenant = await t.newTenant();
    const shipment = await shipmentsApi(t, tenant).created(minimalShipment(), { issue: true });
    const res = await t.app.inject({ method: 'POST', url: `/v1/shipments/${shipment.id}/signature-requests`, headers: t.auth(tenant.testKey), payload: { role: 'carrier', channel: 'sms', recipient: '+99912345678' } });
    expect(res.statusCode).toBe(201);
    expect(res.json().notification.status).toBe('failed');
    const listed = (await t.app.inject({ method: 'GET', url: '/v1/notifications?status=failed', headers: t.auth(tenant.testKey) })).json().data;
    expect(listed).toHaveLength(1);
    expect(listed[0].error).toBe("SMS provider answered 400 (error 21211): The 'To' number +99912345678 is not a valid phone number.");
    // A message the provider refused is listed, but not metered as usage.
    expect((await t.app.inject({ method: 'GET', url: '/v1/usage?metric=notifications', headers: t.auth(tenant.testKey) })).json().data).toEqual([]);
  });

  it('bad credentials are refused by the provider, and the adapter says so', async () => {
    const wrong = twilioSmsNotifier(sms.url.replace(/:[0-9a-f]{32}@/, ':wrongtoken@'), '+3197010520000');
    await expect(wrong.send({ channel: 'sms', to: '+31612345678', subject: '', text: 'hello' })).rejects.toThrow('SMS provider answered 401 (error 20003): Authenticate');
  });
});
