/**
 * The sender keeps its right of disposal after signing with its link (CMR art. 12(1)). When the link
 * asks for a one-time password, the submit spends the verified token; the used link then takes a
 * fresh code — sent to the same recipient, worded for an instruction — whose verified token opens
 * disposal instructions and never a second signature. Other used links take no code, and once the
 * shipment is delivered the used links forget the recipient they kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../support/backends.js';
import { disposalApi } from '../../support/disposal-api.js';
import { expectProblem } from '../../support/problems.js';
import { buildTestApp, type Tenant, type TestApp } from '../../support/test-app.js';

describe.each(backends())('disposal through a used sign link that asks for a code on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(() => t.close());

  let n = 0;
  /** A link for `role` that requires a code, to a recipient of its own, with its token from the outbox. */
  async function otpLink(tenant: Tenant, shipmentId: string, role: string) {
    const recipient = `party${++n}.${Date.now()}@disposal.example`;
    const res = await t.app.inject({ method: 'POST', url: `/v1/shipments/${shipmentId}/signature-requests`, headers: t.auth(tenant.testKey), payload: { role, channel: 'email', recipient, otp_required: true } });
    expect(res.statusCode, res.body).toBe(201);
    const sent = await t.runtime.services.db.selectFrom('outbox_messages').select('body').where('recipient', '=', recipient).executeTakeFirstOrThrow();
    return { id: res.json().id as string, recipient, token: /\/sign\/([A-Za-z0-9_-]+)/.exec(sent.body)![1]! };
  }
  const lastMessage = (recipient: string) => t.runtime.services.db.selectFrom('outbox_messages').select(['subject', 'body']).where('recipient', '=', recipient).orderBy('id', 'desc').executeTakeFirstOrThrow();
  const sendCode = (token: string) => t.app.inject({ method: 'POST', url: `/v1/sign/${token}/otp` });
  /** Asks for a code, reads it from the outbox and verifies it: the verified token. */
  async function verified(link: { token: string; recipient: string }): Promise<string> {
    const sent = await sendCode(link.token);
    expect(sent.statusCode, sent.body).toBe(202);
    const code = /(\d{6})/.exec((await lastMessage(link.recipient)).body)![1]!;
    const res = await t.app.inject({ method: 'POST', url: `/v1/sign/${link.token}/otp/verify`, payload: { code } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().otp_verified_token;
  }
  const submit = async (token: string, otp: string) => {
    const { document } = (await t.app.inject({ method: 'GET', url: `/v1/sign/${token}` })).json();
    return t.app.inject({ method: 'POST', url: `/v1/sign/${token}/submit`, payload: { signer_name: 'Sanne de Vries', signature: { type: 'typed' }, document_id: document.id, document_sha256: document.sha256, otp_verified_token: otp } });
  };
  const kept = async (requestId: string) => (await t.runtime.services.db.selectFrom('signature_requests').select('recipient_sealed').where('id', '=', requestId).executeTakeFirstOrThrow()).recipient_sealed;

  it('the sender signs with its code, then instructs through the same link with a fresh one; the token opens no second signature', async () => {
    const tenant = await t.newTenant();
    const disposal = disposalApi(t, tenant);
    const id = await disposal.inStatus('issued');
    const sender = await otpLink(tenant, id, 'consignor');
    const signing = await verified(sender);
    expect((await lastMessage(sender.recipient)).subject).toBe('Your signing code');
    expect((await submit(sender.token, signing)).statusCode).toBe(201);

    // The submit spent the token: neither it nor no token instructs.
    expectProblem(await disposal.fromLink(sender.token, { kind: 'stop', otp_verified_token: signing }), 'otp_invalid');
    expectProblem(await disposal.fromLink(sender.token, { kind: 'stop' }), 'otp_invalid');

    // A fresh code, to the same recipient, worded for an instruction.
    const instructing = await verified(sender);
    const message = await lastMessage(sender.recipient);
    expect(message.subject).toBe('Your confirmation code');
    expect(message.body).toContain('to confirm an instruction about the goods');
    const res = await disposal.fromLink(sender.token, { kind: 'stop', text: 'Hold the goods at your depot.', otp_verified_token: instructing });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ instructing_party: 'consignor', evidence: { authenticated_by: 'sign_link', signature_request_id: sender.id } });
    // Not used up by an instruction, within its ten minutes.
    expect((await disposal.fromLink(sender.token, { kind: 'stop', otp_verified_token: instructing })).statusCode).toBe(201);
    // The link is used: no second signature, whatever the token.
    const again = { signer_name: 'Sanne de Vries', signature: { type: 'typed' }, document_id: 'doc_01JDB8X4V5N2K7Q9R3T6W8Y0ZA', document_sha256: '0'.repeat(64), otp_verified_token: instructing };
    expectProblem(await t.app.inject({ method: 'POST', url: `/v1/sign/${sender.token}/submit`, payload: again }), 'already_signed');
    expect((await disposal.list(id)).json().data).toHaveLength(2);
    // The file's first render starts the render threads: on a busy machine over the default 30 s.
  }, 120_000);

  it('other used links take no code; once delivered, the sender\'s link forgets its recipient and takes none either', async () => {
    const tenant = await t.newTenant();
    const disposal = disposalApi(t, tenant);
    const id = await disposal.inStatus('issued');
    const sender = await otpLink(tenant, id, 'consignor');
    const carrier = await otpLink(tenant, id, 'carrier');
    expect((await submit(sender.token, await verified(sender))).statusCode).toBe(201);
    expect((await submit(carrier.token, await verified(carrier))).statusCode).toBe(201);
    expect(await kept(sender.id)).not.toBeNull();
    // The carrier has no right of disposal: its used link forgot its recipient and takes no code.
    expect(await kept(carrier.id)).toBeNull();
    expectProblem(await sendCode(carrier.token), 'already_signed');
    expectProblem(await t.app.inject({ method: 'POST', url: `/v1/sign/${carrier.token}/otp/verify`, payload: { code: '000000' } }), 'already_signed');

    const signed = await t.app.inject({ method: 'POST', url: `/v1/shipments/${id}/signatures`, headers: t.auth(tenant.testKey), payload: { role: 'consignee', signer_name: 'Receiver' } });
    expect(signed.statusCode, signed.body).toBe(201);
    expect(await kept(sender.id)).toBeNull();
    expectProblem(await sendCode(sender.token), 'already_signed');
  });

  it('a cancelled shipment\'s used links forget the recipient too', async () => {
    const tenant = await t.newTenant();
    const disposal = disposalApi(t, tenant);
    const id = await disposal.inStatus('issued');
    const sender = await otpLink(tenant, id, 'consignor');
    expect((await submit(sender.token, await verified(sender))).statusCode).toBe(201);
    expect(await kept(sender.id)).not.toBeNull();
    const cancelled = await t.app.inject({ method: 'POST', url: `/v1/shipments/${id}/cancel`, headers: t.auth(tenant.testKey), payload: {} });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await kept(sender.id)).toBeNull();
  });
});
