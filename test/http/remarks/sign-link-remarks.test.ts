/**
 * Remarks from the signing page (`POST /v1/sign/{token}/remarks`, no API key): in the phase of the
 * link's role, naming the link's role and request, listed by the sign context for that phase, with
 * the status rules of every remark and the token errors of every sign endpoint.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../support/backends.js';
import { expectProblem } from '../../support/problems.js';
import { remarksApi } from '../../support/remarks-api.js';
import { fullShipment } from '../../support/shipment-fixtures.js';
import { shipmentsApi } from '../../support/shipments-api.js';
import { buildTestApp, type Tenant, type TestApp } from '../../support/test-app.js';

describe.each(backends())('sign-link remarks on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(() => t.close());

  const call = (tenant: Tenant, url: string, payload?: object) => t.app.inject({ method: 'POST', url, headers: t.auth(tenant.testKey), ...(payload ? { payload } : {}) });
  async function link(tenant: Tenant, shipmentId: string, role: string, extra: object = {}): Promise<{ id: string; token: string }> {
    const res = await call(tenant, `/v1/shipments/${shipmentId}/signature-requests`, { role, channel: 'email', ...extra });
    if (res.statusCode !== 201) throw new Error(`signature request answered ${res.statusCode}: ${res.body}`);
    return { id: res.json().id, token: (res.json().url as string).split('/sign/')[1]! };
  }
  const context = (token: string) => t.app.inject({ method: 'GET', url: `/v1/sign/${token}` });
  const submit = async (token: string, name: string) => {
    const ctx = (await context(token)).json();
    return t.app.inject({ method: 'POST', url: `/v1/sign/${token}/submit`, payload: { signer_name: name, signature: { type: 'typed' }, document_id: ctx.document.id, document_sha256: ctx.document.sha256 } });
  };

  it("the signer's remark takes the role's phase and names the link; the context lists that phase's remarks, oldest first", async () => {
    const tenant = await t.newTenant();
    const remarks = remarksApi(t, tenant);
    const shipment = await shipmentsApi(t, tenant).created(fullShipment(), { issue: true });
    const carrier = await link(tenant, shipment.id, 'carrier');
    const consignee = await link(tenant, shipment.id, 'consignee');

    const before = (await context(carrier.token)).json();
    expect(before.remarks).toEqual([]);
    const res = await remarks.fromLink(carrier.token, { type: 'damage', text: 'Shrink wrap torn on pallet 2.' });
    expect(res.statusCode).toBe(201);
    const made = res.json();
    expect(made).toMatchObject({ shipment_id: shipment.id, phase: 'pickup', type: 'damage', text: 'Shrink wrap torn on pallet 2.', photo_document_ids: [], source: 'sign_link', role: 'carrier', signature_request_id: carrier.id });
    const fromApi = await remarks.created(shipment.id, { phase: 'pickup', type: 'other', text: 'Loaded 40 minutes late.' });
    const typeOnly = (await remarks.fromLink(carrier.token, { type: 'shortage' })).json();
    expect(typeOnly.text).toBeNull();

    // The signer now sees the version with the remarks, and the remarks of the pickup phase.
    const after = (await context(carrier.token)).json();
    expect(after.document.id).toBe(typeOnly.rendered_document_id);
    expect(after.remarks).toEqual([
      { id: made.id, phase: 'pickup', successive_index: null, type: 'damage', text: 'Shrink wrap torn on pallet 2.', created_at: made.created_at, photos: [] },
      { id: fromApi.id, phase: 'pickup', successive_index: null, type: 'other', text: 'Loaded 40 minutes late.', created_at: fromApi.created_at, photos: [] },
      { id: typeOnly.id, phase: 'pickup', successive_index: null, type: 'shortage', text: null, created_at: typeOnly.created_at, photos: [] },
    ]);
    expect((await remarks.noteBoxes(after.document.id))[18]).toContain('Shrink wrap torn on pallet 2.');
    // The consignee's link is for delivery: nothing to list yet, and no remark while issued.
    expect((await context(consignee.token)).json().remarks).toEqual([]);
    expect(expectProblem(await remarks.fromLink(consignee.token, { type: 'delay' }), 'invalid_state').detail).toContain('in transit');

    // Once signed, the link is used: already_signed. The consignee remarks at delivery, then signs.
    expect((await submit(carrier.token, 'Pieter Jansen')).statusCode).toBe(201);
    expectProblem(await remarks.fromLink(carrier.token, { type: 'damage' }), 'already_signed');
    const consignor = await link(tenant, shipment.id, 'consignor');
    expect((await submit(consignor.token, 'Sanne de Vries')).statusCode).toBe(201);
    const atDelivery = (await remarks.fromLink(consignee.token, { type: 'shortage', text: 'Two cartons short.' })).json();
    expect(atDelivery).toMatchObject({ phase: 'delivery', role: 'consignee', signature_request_id: consignee.id });
    expect((await context(consignee.token)).json().remarks.map((r: { id: string }) => r.id)).toEqual([atDelivery.id]);
    expect((await remarks.noteBoxes(atDelivery.rendered_document_id))[24]).toContain('Two cartons short.');
    expect((await submit(consignee.token, 'Jonas Becker')).statusCode).toBe(201);
    expect((await remarks.list(shipment.id, '?order=asc')).json().data.map((r: { id: string }) => r.id)).toEqual([made.id, fromApi.id, typeOnly.id, atDelivery.id]);
  });

  it('a link that requires a one-time password takes remarks only with its verified token, and the remark does not use the token up', async () => {
    const tenant = await t.newTenant();
    const remarks = remarksApi(t, tenant);
    const shipment = await shipmentsApi(t, tenant).created(fullShipment(), { issue: true });
    const carrier = await link(tenant, shipment.id, 'carrier', { otp_required: true });

    expectProblem(await remarks.fromLink(carrier.token, { type: 'damage', text: 'Pallet 2 crushed.' }), 'otp_invalid');
    expectProblem(await remarks.fromLink(carrier.token, { type: 'damage', text: 'Pallet 2 crushed.', otp_verified_token: 'not-a-token' }), 'otp_invalid');
    expect((await remarks.list(shipment.id)).json().data).toEqual([]);

    expect((await t.app.inject({ method: 'POST', url: `/v1/sign/${carrier.token}/otp` })).statusCode).toBe(202);
    const verified = await t.app.inject({ method: 'POST', url: `/v1/sign/${carrier.token}/otp/verify`, payload: { code: '000000' } });
    const otpToken = verified.json().otp_verified_token as string;
    const made = await remarks.fromLink(carrier.token, { type: 'damage', text: 'Pallet 2 crushed.', otp_verified_token: otpToken });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ phase: 'pickup', role: 'carrier', source: 'sign_link' });

    // The same token still signs, once: the remark checked it, the submit uses it.
    const ctx = (await context(carrier.token)).json();
    const signed = await t.app.inject({
      method: 'POST',
      url: `/v1/sign/${carrier.token}/submit`,
      payload: { signer_name: 'Pieter Jansen', signature: { type: 'typed' }, document_id: ctx.document.id, document_sha256: ctx.document.sha256, otp_verified_token: otpToken },
    });
    expect(signed.statusCode).toBe(201);
  });

  it('withdrawn, replaced, expired and unknown links are refused; a pending link of a delivered shipment is shipment_immutable', async () => {
    const tenant = await t.newTenant();
    const remarks = remarksApi(t, tenant);
    const shipment = await shipmentsApi(t, tenant).created(fullShipment(), { issue: true });
    const first = await link(tenant, shipment.id, 'consignor');
    const second = await link(tenant, shipment.id, 'consignor');
    expectProblem(await remarks.fromLink(first.token, { type: 'damage' }), 'token_rotated');
    expect((await call(tenant, `/v1/signature-requests/${second.id}/revoke`)).statusCode).toBe(200);
    expectProblem(await remarks.fromLink(second.token, { type: 'damage' }), 'token_revoked');
    const short = await link(tenant, shipment.id, 'carrier', { expires_at: new Date(t.clock.now().getTime() + 60_000).toISOString() });
    t.clock.advance(60_001);
    expectProblem(await remarks.fromLink(short.token, { type: 'damage' }), 'token_expired');
    expectProblem(await remarks.fromLink('no-such-token', { type: 'damage' }), 'not_found');

    const carrier = await link(tenant, shipment.id, 'carrier');
    const bad = expectProblem(await remarks.fromLink(carrier.token, { type: 'damage', phase: 'delivery' }), 'validation_failed');
    expect(bad.errors[0].path).toBe('$.phase');
    expectProblem(await remarks.fromLink(carrier.token, { type: 'damage', text: 'x'.repeat(2001) }), 'validation_failed');
    expect((await remarks.list(shipment.id)).json().data).toEqual([]);

    // The consignee's link is still pending when the consignee signs through the API.
    const consignee = await link(tenant, shipment.id, 'consignee');
    for (const [role, name] of [['consignor', 'A'], ['carrier', 'B'], ['consignee', 'C']]) {
      expect((await call(tenant, `/v1/shipments/${shipment.id}/signatures`, { role, signer_name: name })).statusCode).toBe(201);
    }
    expectProblem(await remarks.fromLink(consignee.token, { type: 'damage' }), 'shipment_immutable');
  });
});
