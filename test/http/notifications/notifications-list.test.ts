/**
 * GET /v1/notifications: every e-mail and SMS the organisation sent — sign
 * links, one-time passwords, console invitations, a refused one too — with status, channel,
 * template and shipment, the recipient only as a keyed hash; the lookup by address answers "did
 * you message this person?" by hash, and no answer holds an address in clear.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../../src/modules/api-keys/create-api-key.js';
import { MEMBER_PATHS } from '../../../src/modules/members/members.routes.js';
import { backends } from '../../support/backends.js';
import { consoleSessionHeaders } from '../../support/console-session.js';
import { expectProblem } from '../../support/problems.js';
import { fullShipment } from '../../support/shipment-fixtures.js';
import { shipmentsApi } from '../../support/shipments-api.js';
import { startSmtpSink, type SmtpSink } from '../../support/smtp-sink.js';
import { buildTestApp, type TestApp } from '../../support/test-app.js';

describe.each(backends())('notifications list on $name', (backend) => {
  let t: TestApp;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await buildTestApp(backend, { env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const list = async (key: string, query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/v1/notifications${query}`, headers: t.auth(key) });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };

  it('lists sign links and codes with status, channel, template and shipment; finds a person by address, never showing it', async () => {
    const tenant = await t.newTenant();
    const shipment = await shipmentsApi(t, tenant).created(fullShipment(), { issue: true });
    const phone = `+316${String(10_000_000 + Math.floor(Math.random() * 89_999_999))}`;
    const request = (payload: object) => t.app.inject({ method: 'POST', url: `/v1/shipments/${shipment.id}/signature-requests`, headers: t.auth(tenant.testKey), payload });
    // The consignee's contact in the fixture: wareneingang@rheinstahl.example.
    const email = (await request({ role: 'consignee', channel: 'email' })).json();
    const sms = (await request({ role: 'carrier', channel: 'sms', recipient: phone, otp_required: true })).json();
    expect((await t.app.inject({ method: 'POST', url: `/v1/sign/${sms.url.split('/sign/')[1]}/otp` })).statusCode).toBe(202);

    const all = await list(tenant.testKey);
    const rows = all.json().data as Record<string, unknown>[];
    expect(rows.map((r) => [r.template, r.channel, r.status, r.shipment_id])).toEqual([
      ['sign_otp', 'sms', 'not_configured', shipment.id],
      ['sign_link', 'sms', 'not_configured', shipment.id],
      ['sign_link', 'email', 'sent', shipment.id],
    ]);
    for (const row of rows) expect(row.recipient_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.recipient_hash).toBe(rows[1]!.recipient_hash);
    expect(all.body).not.toContain('wareneingang');
    expect(all.body).not.toContain(phone.slice(3, -2));

    // The address as a person would type it: other case, spaces in the number.
    const byEmail = await list(tenant.testKey, `?recipient=${encodeURIComponent('WarenEingang@Rheinstahl.example')}`);
    expect(byEmail.json().data.map((r: { id: string }) => r.id)).toEqual([email.notification.id]);
    expect(byEmail.body).not.toContain('arenEingang');
    expect(byEmail.body.toLowerCase()).not.toContain('wareneingang');
    const spaced = `${phone.slice(0, 3)} ${phone.slice(3, 4)} ${phone.slice(4, 8)} ${phone.slice(8)}`;
    const byPhone = await list(tenant.testKey, `?recipient=${encodeURIComponent(spaced)}`);
    expect(byPhone.json().data.map((r: { template: string }) => r.template)).toEqual(['sign_otp', 'sign_link']);
    expect(byPhone.body).not.toContain(phone.slice(3, -2));
    expect((await list(tenant.testKey, `?recipient=${encodeURIComponent('nobody@rheinstahl.example')}`)).json().data).toEqual([]);
    expect((await list(tenant.testKey, `?recipient=${encodeURIComponent(phone)}&channel=email`)).json().data).toEqual([]);
    // Paged like every list, the lookup kept across pages.
    const first = await list(tenant.testKey, `?recipient=${encodeURIComponent(phone)}&limit=1`);
    const next = await list(tenant.testKey, `?recipient=${encodeURIComponent(phone)}&limit=1&cursor=${first.json().next_cursor}`);
    expect([...first.json().data, ...next.json().data]).toEqual(byPhone.json().data);

    // Another organisation messaged nobody: the same address finds nothing there, and neither does live mode.
    const other = await t.newTenant();
    expect((await list(other.testKey, `?recipient=${encodeURIComponent(phone)}`)).json().data).toEqual([]);
    expect((await list(tenant.liveKey, `?recipient=${encodeURIComponent(phone)}`)).json().data).toEqual([]);
    expectProblem(await t.app.inject({ method: 'GET', url: '/v1/notifications?recipient=a', headers: t.auth(tenant.testKey) }), 'bad_request');
  });

  it('lists console invitations, a refused one too, by hash', async () => {
    const h = await consoleSessionHeaders(t);
    const organizationId = (await t.app.inject({ method: 'GET', url: '/v1/auth/session', headers: h })).json().organization.id as string;
    const key = (await createApiKey(t.runtime.services, { organizationId, mode: 'test' })).key;
    const invitee = `invitee-${randomUUID()}@transport.example`;
    expect((await t.app.inject({ method: 'POST', url: MEMBER_PATHS.invitations, headers: h, payload: { email: invitee, role: 'viewer' } })).statusCode).toBe(201);
    const refused = `refused-${randomUUID()}@transport.example`;
    smtp.refuse.add(refused);
    expectProblem(await t.app.inject({ method: 'POST', url: MEMBER_PATHS.invitations, headers: h, payload: { email: refused, role: 'viewer' } }), 'service_unavailable');

    const invited = await list(key, `?recipient=${encodeURIComponent(invitee)}`);
    expect(invited.json().data).toEqual([expect.objectContaining({ channel: 'email', template: 'member_invitation', status: 'sent', shipment_id: null })]);
    const failed = await list(key, `?recipient=${encodeURIComponent(refused)}`);
    expect(failed.json().data).toEqual([expect.objectContaining({ template: 'member_invitation', status: 'failed' })]);
    expect(invited.body).not.toContain(invitee);
    expect(failed.body).not.toContain(refused);
    // Metered like every message sent, the refused one not.
    const usage = await t.app.inject({ method: 'GET', url: '/v1/usage?metric=notifications', headers: t.auth(key) });
    expect(usage.json().data).toMatchObject([{ metric: 'notifications', value: 1, breakdown: { email: 1 } }]);
  });
});
