/**
 * One-time passwords on sign links, under the injected clock: sent to the link's recipient, valid
 * ten minutes and once, the verified token good for one submit of its own link, sandbox `000000`,
 * and the lock — the fifth wrong code in a row is still `otp_invalid`, then every try is 429
 * `otp_locked` with `Retry-After` until the ten-minute window ends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../support/backends.js';
import { expectProblem } from '../../support/problems.js';
import { minimalShipment } from '../../support/shipment-fixtures.js';
import { shipmentsApi } from '../../support/shipments-api.js';
import { buildTestApp, type Tenant, type TestApp } from '../../support/test-app.js';

describe.each(backends())('one-time passwords on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(() => t.close());

  let n = 0;
  /** An issued shipment and a consignor link that requires a code, to a recipient of its own. */
  async function otpLink(tenant: Tenant, key = tenant.testKey) {
    const recipient = `signer${++n}.${Date.now()}@sender.example`;
    const shipment = await shipmentsApi(t, tenant).created(minimalShipment(), { issue: true, key });
    const res = await t.app.inject({ method: 'POST', url: `/v1/shipments/${shipment.id}/signature-requests`, headers: t.auth(key), payload: { role: 'consignor', channel: 'email', recipient, otp_required: true } });
    expect(res.statusCode).toBe(201);
    const row = await t.runtime.services.db.selectFrom('signature_requests').select('id').where('id', '=', res.json().id).executeTakeFirstOrThrow();
    return { request: res.json(), recipient, id: row.id };
  }
  const tokenFromOutbox = async (recipient: string) => {
    const m = await t.runtime.services.db.selectFrom('outbox_messages').selectAll().where('recipient', '=', recipient).where('subject', 'like', 'Please sign%').executeTakeFirstOrThrow();
    return /\/sign\/([A-Za-z0-9_-]+)/.exec(m.body)![1]!;
  };
  const lastCode = async (recipient: string) => {
    const m = await t.runtime.services.db.selectFrom('outbox_messages').selectAll().where('recipient', '=', recipient).where('subject', '=', 'Your signing code').orderBy('id', 'desc').executeTakeFirstOrThrow();
    return /(\d{6})/.exec(m.body)![1]!;
  };
  const sendCode = (token: string) => t.app.inject({ method: 'POST', url: `/v1/sign/${token}/otp` });
  const verify = (token: string, code: string) => t.app.inject({ method: 'POST', url: `/v1/sign/${token}/otp/verify`, payload: { code } });
  const context = async (token: string) => (await t.app.inject({ method: 'GET', url: `/v1/sign/${token}` })).json();
  const submit = async (token: string, otp?: string) => {
    const { document } = await context(token);
    return t.app.inject({ method: 'POST', url: `/v1/sign/${token}/submit`, payload: { signer_name: 'Sanne de Vries', signature: { type: 'typed' }, document_id: document.id, document_sha256: document.sha256, ...(otp ? { otp_verified_token: otp } : {}) } });
  };

  it('a link that requires a code signs only with a verified token; the code is sent to the recipient, works once, for ten minutes', async () => {
    const tenant = await t.newTenant();
    const { recipient, request } = await otpLink(tenant);
    const token = await tokenFromOutbox(recipient);
    expect((await context(token)).otp_required).toBe(true);
    expectProblem(await submit(token), 'otp_invalid');

    const sent = await sendCode(token);
    expect(sent.statusCode).toBe(202);
    expect(sent.json().sent_to).toBe(request.recipient_hint);
    const code = await lastCode(recipient);
    const wrong = code === '123456' ? '654321' : '123456';
    expectProblem(await verify(token, wrong), 'otp_invalid');
    const verified = await verify(token, code);
    expect(verified.statusCode).toBe(200);
    // Spent.
    expectProblem(await verify(token, code), 'otp_invalid');
    expectProblem(await submit(token, 'not-the-token'), 'otp_invalid');
    const signed = await submit(token, verified.json().otp_verified_token);
    expect(signed.statusCode).toBe(201);
    expect(signed.json().evidence.otp_reference).toBe(`otp:${request.id}`);
    // The request has ended: its code material is gone. The sender's link keeps its sealed recipient
    // for its right of disposal, to send codes for its instructions (test/http/disposal/used-otp-link-disposal.test.ts).
    const row = await t.runtime.services.db.selectFrom('signature_requests').selectAll().where('id', '=', request.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'completed', otp_code_hash: null, otp_token_hash: null, otp_token_expires_at: null });
    expect(row.recipient_sealed).not.toBeNull();
    const notifications = (await t.app.inject({ method: 'GET', url: '/v1/notifications', headers: t.auth(tenant.testKey) })).json().data.map((x: { template: string }) => x.template);
    // Newest first: once signed, the link to the signer's copy.
    expect(notifications).toEqual(['signer_copy', 'sign_otp', 'sign_link']);
  });

  it('an expired code is invalid; a verified token expires too and opens only its own link', async () => {
    const tenant = await t.newTenant();
    const a = await otpLink(tenant);
    const b = await otpLink(tenant);
    const tokenA = await tokenFromOutbox(a.recipient);
    const tokenB = await tokenFromOutbox(b.recipient);
    await sendCode(tokenA);
    t.clock.advance(10 * 60 * 1000 + 1000);
    expectProblem(await verify(tokenA, await lastCode(a.recipient)), 'otp_invalid');
    await sendCode(tokenA);
    const verifiedA = (await verify(tokenA, await lastCode(a.recipient))).json().otp_verified_token;
    expectProblem(await submit(tokenB, verifiedA), 'otp_invalid');
    t.clock.advance(10 * 60 * 1000 + 1000);
    expectProblem(await submit(tokenA, verifiedA), 'otp_invalid');
  });

  it('the fifth wrong code in a row locks the recipient for the rest of the window: 429 otp_locked with Retry-After', async () => {
    const tenant = await t.newTenant();
    const { recipient } = await otpLink(tenant);
    const token = await tokenFromOutbox(recipient);
    await sendCode(token);
    const code = await lastCode(recipient);
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 1; i <= 4; i++) {
      expectProblem(await verify(token, wrong), 'otp_invalid');
      t.clock.advance(30_000);
    }
    // The fifth is still answered otp_invalid — and locks.
    expectProblem(await verify(token, wrong), 'otp_invalid');
    const locked = await verify(token, code);
    expectProblem(locked, 'otp_locked');
    // The window began at the first wrong code, 2 minutes ago: 8 minutes remain.
    expect(Number(locked.headers['retry-after'])).toBe(480);
    expectProblem(await sendCode(token), 'otp_locked');
    expectProblem(await verify(token, '000000'), 'otp_locked');
    t.clock.advance(479_000);
    expect(Number((await verify(token, code)).headers['retry-after'])).toBe(1);
    t.clock.advance(1_000);
    await sendCode(token);
    expect((await verify(token, await lastCode(recipient))).statusCode).toBe(200);
  });

  it('a success resets the count; wrong codes spread beyond the window do not lock', async () => {
    const tenant = await t.newTenant();
    const { recipient } = await otpLink(tenant);
    const token = await tokenFromOutbox(recipient);
    for (let i = 0; i < 4; i++) expectProblem(await verify(token, '999999'), 'otp_invalid');
    expect((await verify(token, '000000')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expectProblem(await verify(token, '999999'), 'otp_invalid');
    t.clock.advance(10 * 60 * 1000);
    // A new window: this is the first wrong code of it.
    expectProblem(await verify(token, '999999'), 'otp_invalid');
    expect((await verify(token, '000000')).statusCode).toBe(200);
  });

  it('000000 verifies in the sandbox only', async () => {
    const tenant = await t.newTenant();
    const sandbox = await otpLink(tenant);
    expect((await verify(await tokenFromOutbox(sandbox.recipient), '000000')).statusCode).toBe(200);
    const live = await otpLink(tenant, tenant.liveKey);
    expect(live.request.url).toBeUndefined();
    expectProblem(await verify(await tokenFromOutbox(live.recipient), '000000'), 'otp_invalid');
  });
});
