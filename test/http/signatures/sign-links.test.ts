/**
 * Signature requests and sign links: the link sent through the notifier (the outbox, embedded) in
 * the recipient's language, the notification row without the recipient in clear, the sandbox `url`,
 * the sign context and a submit through the link (typed and drawn), stale views, and every token
 * state — revoked, rotated, expired, used — told apart.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../support/backends.js';
import { documentsApi } from '../../support/documents-api.js';
import { expectProblem } from '../../support/problems.js';
import { png } from '../../support/sample-files.js';
import { fullShipment, minimalShipment } from '../../support/shipment-fixtures.js';
import { shipmentsApi } from '../../support/shipments-api.js';
import { buildTestApp, type Tenant, type TestApp } from '../../support/test-app.js';

describe.each(backends())('sign links on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(() => t.close());

  const requestSignature = (tenant: Tenant, shipmentId: string, body: object, key = tenant.testKey) =>
    t.app.inject({ method: 'POST', url: `/v1/shipments/${shipmentId}/signature-requests`, headers: t.auth(key), payload: body });
  const call = (tenant: Tenant, method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: t.auth(tenant.testKey), ...(payload ? { payload } : {}) });
  const tokenOf = (url: string) => url.split('/sign/')[1]!;
  const context = (token: string) => t.app.inject({ method: 'GET', url: `/v1/sign/${token}` });
  const submit = (token: string, body: object) => t.app.inject({ method: 'POST', url: `/v1/sign/${token}/submit`, headers: { 'user-agent': 'Mozilla/5.0 (Android 14; Mobile)' }, payload: body });
  const outbox = async () => t.runtime.services.db.selectFrom('outbox_messages').selectAll().orderBy('id', 'desc').execute();

  it('sends the link to the party contact in its language, records the notification hashed, and the signer signs through it', async () => {
    const tenant = await t.newTenant();
    const shipment = await shipmentsApi(t, tenant).created(fullShipment(), { issue: true });
    const res = await requestSignature(tenant, shipment.id, { role: 'consignee', channel: 'email' });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(res.headers.location).toBe(`/v1/signature-requests/${created.id}`);
    // The consignee's contact: wareneingang@rheinstahl.example, language de.
    expect(created).toMatchObject({ role: 'consignee', channel: 'email', recipient_hint: 'w•••@rheinstahl.example', language: 'de', level: 'platform_auth', status: 'pending', notification: { status: 'not_configured' } });
    expect(created.url).toMatch(new RegExp(`^${t.runtime.config.publicBaseUrl}/sign/[A-Za-z0-9_-]{43}$`));

    const [message] = await outbox();
    expect(message).toMatchObject({ channel: 'email', recipient: 'wareneingang@rheinstahl.example', subject: `Bitte Frachtbrief ${shipment.reference} unterschreiben` });
    expect(message!.body).toContain(created.url);

    // No SMTP server is configured: the message is only in the outbox table, and the notification says so.
    const notifications = (await call(tenant, 'GET', `/v1/notifications?shipment_id=${shipment.id}`)).json().data;
    expect(notifications).toEqual([expect.objectContaining({ id: created.notification.id, channel: 'email', template: 'sign_link', language: 'de', recipient_hint: 'w•••@rheinstahl.example', status: 'not_configured', signature_request_id: created.id })]);
    expect((await call(tenant, 'GET', '/v1/notifications?status=sent')).json().data).toEqual([]);
    expect((await call(tenant, 'GET', '/v1/notifications?status=not_configured')).json().data).toHaveLength(1);
    const stored = await t.runtime.services.db.selectFrom('notifications').selectAll().where('id', '=', created.notification.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain('wareneingang@rheinstahl.example');
    expect(JSON.stringify(stored)).not.toContain(tokenOf(created.url));
    // Only the token's hash is stored.
    const request = await t.runtime.services.db.selectFrom('signature_requests').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(request.token_hash).toBe(createHash('sha256').update(tokenOf(created.url)).digest('hex'));
    expect(JSON.stringify(request)).not.toContain(tokenOf(created.url));

    // Consignor and carrier sign through their own links (the carrier's goes to the driver by SMS).
    const token = tokenOf(created.url);
    for (const [role, channel, name] of [['consignor', 'email', 'Sanne de Vries'], ['carrier', 'sms', 'Pieter Jansen']] as const) {
      const link = (await requestSignature(tenant, shipment.id, { role, channel })).json();
      if (role === 'carrier') expect(link.recipient_hint).toBe('+31•••••••78');
      const ctx = (await context(tokenOf(link.url))).json();
      const signed = await submit(tokenOf(link.url), { signer_name: name, signature: { type: 'typed' }, document_id: ctx.document.id, document_sha256: ctx.document.sha256 });
      expect(signed.statusCode).toBe(201);
      expect(signed.json()).toMatchObject({ role, method: 'typed', level: 'platform_auth', evidence: { user_agent: 'Mozilla/5.0 (Android 14; Mobile)' } });
    }

    const ctx = await context(token);
    expect(ctx.statusCode).toBe(200);
    const body = ctx.json();
    expect(body).toMatchObject({ request_id: created.id, role: 'consignee', level: 'platform_auth', language: 'de', shipment: { id: shipment.id, status: 'in_transit', consignee: 'Rheinstahl Komponenten GmbH' } });
    expect(body.document.version).toBe(3);
    const pdf = await documentsApi(t, tenant).fetch(body.document.url);
    expect(createHash('sha256').update(pdf.rawPayload).digest('hex')).toBe(body.document.sha256);

    const drawn = `data:image/png;base64,${png(60, [20, 20, 140]).toString('base64')}`;
    const signed = await submit(token, { signer_name: 'Jonas Becker', signature: { type: 'drawn', image: drawn }, document_id: body.document.id, document_sha256: body.document.sha256, location: { lat: 51.43, lng: 6.76 } });
    expect(signed.statusCode).toBe(201);
    expect(signed.json()).toMatchObject({ role: 'consignee', method: 'drawn', evidence: { document_id: body.document.id, has_image: true, location: { lat: 51.43, lng: 6.76 } } });
    expect((await shipmentsApi(t, tenant).get(shipment.id)).json().status).toBe('delivered');
    expect((await call(tenant, 'GET', `/v1/signature-requests/${created.id}`)).json()).toMatchObject({ status: 'completed', signature_id: signed.json().id });
    // A used link.
    expectProblem(await context(token), 'already_signed');
    expectProblem(await submit(token, { signer_name: 'Again', signature: { type: 'typed' }, document_id: body.document.id, document_sha256: body.document.sha256 }), 'already_signed');

    // Three sign links and, once each was used, the link to that signer's copy.
    const usage = (await call(tenant, 'GET', '/v1/usage?metric=notifications')).json().data;
    expect(usage[0]).toMatchObject({ metric: 'notifications', value: 6 });
  });

  it('a resend without a body after a custom recipient is refused on $.recipient with its own message, in every language', async () => {
    const tenant = await t.newTenant();
    const shipment = await shipmentsApi(t, tenant).created(fullShipment(), { issue: true });
    const first = (await requestSignature(tenant, shipment.id, { role: 'consignor', channel: 'email', recipient: 'someone.else@shipper.example' })).json();
    for (const language of ['en', 'nl']) {
      const refused = await t.app.inject({ method: 'POST', url: `/v1/signature-requests/${first.id}/resend`, headers: { ...t.auth(tenant.testKey), 'accept-language': language } });
      const problem = expectProblem(refused, 'validation_failed');
      expect(problem.errors).toEqual([expect.objectContaining({ path: '$.recipient', code: 'invalid', message: expect.stringContaining('give `recipient` again') })]);
    }
    const again = await call(tenant, 'POST', `/v1/signature-requests/${first.id}/resend`, { recipient: 'someone.else@shipper.example' });
    expect(again.statusCode, again.body).toBe(201);
  });

  it('revoked, rotated and expired links are 410 with their own codes; unknown is 404', async () => {
    const tenant = await t.newTenant();
    const shipment = await shipmentsApi(t, tenant).created(fullShipment(), { issue: true });
    const first = (await requestSignature(tenant, shipment.id, { role: 'consignor', channel: 'email' })).json();
    const resent = await call(tenant, 'POST', `/v1/signature-requests/${first.id}/resend`);
    expect(resent.statusCode).toBe(201);
    expect(resent.json().id).not.toBe(first.id);
    expectProblem(await context(tokenOf(first.url)), 'token_rotated');
    expect((await call(tenant, 'GET', `/v1/signature-requests/${first.id}`)).json()).toMatchObject({ status: 'replaced', replaced_by: resent.json().id });
    expect((await context(tokenOf(resent.json().url))).statusCode).toBe(200);

    const revoked = await call(tenant, 'POST', `/v1/signature-requests/${resent.json().id}/revoke`);
    expect(revoked.json().status).toBe('revoked');
    expectProblem(await context(tokenOf(resent.json().url)), 'token_revoked');
    expectProblem(await call(tenant, 'POST', `/v1/signature-requests/${resent.json().id}/revoke`), 'conflict');
    expectProblem(await call(tenant, 'POST', `/v1/signature-requests/${resent.json().id}/resend`), 'conflict');

    const short = (await requestSignature(tenant, shipment.id, { role: 'carrier', channel: 'sms', expires_at: new Date(t.clock.now().getTime() + 3_600_000).toISOString() })).json();
    t.clock.advance(3_600_001);
    expectProblem(await context(tokenOf(short.url)), 'token_expired');
    expectProblem(await submit(tokenOf(short.url), { signer_name: 'Late', signature: { type: 'typed' }, document_id: 'doc_01ARZ3NDEKTSV4RRFFQ69G5FAV', document_sha256: '0'.repeat(64) }), 'token_expired');
    expect((await call(tenant, 'GET', `/v1/signature-requests/${short.id}`)).json().status).toBe('expired');
    expectProblem(await context('not-a-real-token'), 'not_found');
  });

  it('the token is judged before the body: on an expired, withdrawn or unknown link every POST answers the token\'s code, whatever the body', async () => {
    const tenant = await t.newTenant();
    const shipment = await shipmentsApi(t, tenant).created(fullShipment(), { issue: true });
    const expired = (await requestSignature(tenant, shipment.id, { role: 'carrier', channel: 'sms', expires_at: new Date(t.clock.now().getTime() + 60_000).toISOString() })).json();
    const revoked = (await requestSignature(tenant, shipment.id, { role: 'consignor', channel: 'email' })).json();
    await call(tenant, 'POST', `/v1/signature-requests/${revoked.id}/revoke`);
    t.clock.advance(60_001);
    const routes = ['submit', 'identification', 'otp', 'otp/verify', 'handoff', 'remarks'];
    const bodies: { label: string; headers: Record<string, string>; payload: string }[] = [
      { label: 'a body the schema refuses', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ signer_name: 7, code: [], type: 'graffiti', unknown: true }) },
      { label: 'malformed JSON', headers: { 'content-type': 'application/json' }, payload: '{"signer_name":' },
      { label: 'a media type no sign route takes', headers: { 'content-type': 'text/plain' }, payload: 'sign here' },
    ];
    for (const [token, code] of [[tokenOf(expired.url), 'token_expired'], [tokenOf(revoked.url), 'token_revoked'], ['not-a-real-token', 'not_found']] as const) {
      for (const route of routes) {
        for (const body of bodies) {
          const res = await t.app.inject({ method: 'POST', url: `/v1/sign/${token}/${route}`, headers: body.headers, payload: body.payload });
          expect(res.json().code, `${route} with ${body.label} on ${code}`).toBe(code);
        }
      }
    }
    // On a link that works, the body is judged next.
    const live = (await requestSignature(tenant, shipment.id, { role: 'consignee', channel: 'email' })).json();
    expectProblem(await t.app.inject({ method: 'POST', url: `/v1/sign/${tokenOf(live.url)}/submit`, headers: bodies[0]!.headers, payload: bodies[0]!.payload }), 'validation_failed');
  });

  it('a newer note version since the signer looked: conflict; a bad drawing: validation_failed', async () => {
    const tenant = await t.newTenant();
    const shipment = await shipmentsApi(t, tenant).created(fullShipment(), { issue: true });
    const link = (await requestSignature(tenant, shipment.id, { role: 'carrier', channel: 'sms' })).json();
    const seen = (await context(tokenOf(link.url))).json().document;
    // Meanwhile the consignor signs: version 2.
    await call(tenant, 'POST', `/v1/shipments/${shipment.id}/signatures`, { role: 'consignor', signer_name: 'Sanne de Vries' });
    const stale = await submit(tokenOf(link.url), { signer_name: 'Pieter Jansen', signature: { type: 'typed' }, document_id: seen.id, document_sha256: seen.sha256 });
    expectProblem(stale, 'conflict');
    const fresh = (await context(tokenOf(link.url))).json().document;
    expect(fresh.version).toBe(2);
    const bad = await submit(tokenOf(link.url), { signer_name: 'Pieter Jansen', signature: { type: 'drawn', image: 'data:image/png;base64,bm90IGEgcG5n' }, document_id: fresh.id, document_sha256: fresh.sha256 });
    expectProblem(bad, 'validation_failed');
    expect(bad.json().errors[0].path).toBe('$.signature.image');
    expect((await submit(tokenOf(link.url), { signer_name: 'Pieter Jansen', signature: { type: 'typed' }, document_id: fresh.id, document_sha256: fresh.sha256 })).statusCode).toBe(201);
  });

  it('refuses requests that cannot be sent or signed', async () => {
    const tenant = await t.newTenant();
    const shipments = shipmentsApi(t, tenant);
    const draft = await shipments.created(minimalShipment());
    expectProblem(await requestSignature(tenant, draft.id, { role: 'consignor', channel: 'email', recipient: 'a@b.example' }), 'invalid_state');
    const issued = await shipments.created(minimalShipment(), { issue: true });
    // The minimal shipment has no contacts: the recipient must be given.
    const none = await requestSignature(tenant, issued.id, { role: 'consignor', channel: 'sms' });
    expectProblem(none, 'validation_failed');
    expect(none.json().errors[0].path).toBe('$.recipient');
    expectProblem(await requestSignature(tenant, issued.id, { role: 'consignor', channel: 'sms', recipient: '0612345678' }), 'validation_failed');
    await call(tenant, 'POST', `/v1/shipments/${issued.id}/signatures`, { role: 'consignor', signer_name: 'A' });
    expectProblem(await requestSignature(tenant, issued.id, { role: 'consignor', channel: 'email', recipient: 'a@b.example' }), 'already_signed');
    const cancelled = await shipments.created(minimalShipment(), { issue: true });
    await shipments.post(cancelled.id, 'cancel', {});
    expectProblem(await requestSignature(tenant, cancelled.id, { role: 'consignor', channel: 'email', recipient: 'a@b.example' }), 'shipment_immutable');
    expectProblem(await call(tenant, 'GET', '/v1/signature-requests/sgr_01ARZ3NDEKTSV4RRFFQ69G5FAV'), 'not_found');
    expectProblem(await call(tenant, 'GET', '/v1/signature-requests/sgr_1'), 'invalid_id');
  });

  it('a link of a shipment cancelled since: the consignee\'s submit is invalid_transition; the consignor\'s submit, a code and an identification shipment_immutable', async () => {
    const tenant = await t.newTenant();
    const shipment = await shipmentsApi(t, tenant).created(fullShipment(), { issue: true });
    const consignee = (await requestSignature(tenant, shipment.id, { role: 'consignee', channel: 'email' })).json();
    const consignor = (await requestSignature(tenant, shipment.id, { role: 'consignor', channel: 'email' })).json();
    const carrier = (await requestSignature(tenant, shipment.id, { role: 'carrier', channel: 'sms', level: 'ades' })).json();
    const shown = (await context(tokenOf(consignee.url))).json().document;
    expect((await call(tenant, 'POST', `/v1/shipments/${shipment.id}/cancel`)).statusCode).toBe(200);
    // The steps before a signature are refused at once: no code is sent, no trust service is asked.
    expectProblem(await t.app.inject({ method: 'POST', url: `/v1/sign/${tokenOf(consignor.url)}/otp` }), 'shipment_immutable');
    expectProblem(await t.app.inject({ method: 'POST', url: `/v1/sign/${tokenOf(carrier.url)}/identification`, payload: { signer_name: 'Pieter Jansen', birth_date: '1980-01-01' } }), 'shipment_immutable');
    expect((await call(tenant, 'GET', `/v1/notifications?shipment_id=${shipment.id}`)).json().data.map((n: { template: string }) => n.template)).not.toContain('sign_otp');
    const signature = { signature: { type: 'typed' }, document_id: shown.id, document_sha256: shown.sha256 };
    const refused = expectProblem(await submit(tokenOf(consignee.url), { signer_name: 'Jonas Becker', ...signature }), 'invalid_transition');
    expect(refused.detail).toContain('cancelled');
    expectProblem(await submit(tokenOf(consignor.url), { signer_name: 'Sanne de Vries', ...signature }), 'shipment_immutable');
    expect((await shipmentsApi(t, tenant).get(shipment.id)).json().status).toBe('cancelled');
    expect((await call(tenant, 'GET', `/v1/signature-requests/${consignee.id}`)).json().status).toBe('pending');
  });

  it('live keys never get the link in the answer', async () => {
    const tenant = await t.newTenant();
    const shipment = await shipmentsApi(t, tenant).created(minimalShipment(), { issue: true, key: tenant.liveKey });
    const res = await requestSignature(tenant, shipment.id, { role: 'consignor', channel: 'email', recipient: 'ops@sender.example' }, tenant.liveKey);
    expect(res.statusCode).toBe(201);
    expect(res.json().url).toBeUndefined();
    expect(JSON.stringify(res.json())).not.toContain('/sign/');
  });

  it('the driver hands the phone over at delivery: their link mints a 15-minute consignee link; both ends are in the evidence', async () => {
    const tenant = await t.newTenant();
    const shipment = await shipmentsApi(t, tenant).created(fullShipment(), { issue: true });
    const driver = (await requestSignature(tenant, shipment.id, { role: 'carrier', channel: 'sms' })).json();
    const driverToken = tokenOf(driver.url);
    const handoff = (token: string) => t.app.inject({ method: 'POST', url: `/v1/sign/${token}/handoff` });
    // Before pickup there is no one to hand over to.
    expectProblem(await handoff(driverToken), 'invalid_state');
    await call(tenant, 'POST', `/v1/shipments/${shipment.id}/signatures`, { role: 'consignor', signer_name: 'Sanne de Vries' });
    const seen = (await context(driverToken)).json().document;
    expect((await submit(driverToken, { signer_name: 'Pieter Jansen', signature: { type: 'typed' }, document_id: seen.id, document_sha256: seen.sha256 })).statusCode).toBe(201);

    // The driver's link is used, yet still hands over. A second handoff rotates the first one's link.
    const first = (await handoff(driverToken)).json();
    const minted = await handoff(driverToken);
    expect(minted.statusCode).toBe(201);
    const { url, request_id, expires_at } = minted.json();
    expectProblem(await context(tokenOf(first.url)), 'token_rotated');
    expectProblem(await submit(tokenOf(first.url), { signer_name: 'Jonas Becker', signature: { type: 'typed' }, document_id: seen.id, document_sha256: seen.sha256 }), 'token_rotated');
    expect((await call(tenant, 'GET', `/v1/signature-requests/${first.request_id}`)).json()).toMatchObject({ status: 'replaced', replaced_by: request_id });
    expect(Date.parse(expires_at) - t.clock.now().getTime()).toBe(15 * 60 * 1000);
    expect((await call(tenant, 'GET', `/v1/signature-requests/${request_id}`)).json()).toMatchObject({ role: 'consignee', channel: 'handoff', handoff_from: driver.id, status: 'pending' });
    const doc = (await context(tokenOf(url))).json();
    expect(doc.role).toBe('consignee');
    const signed = await submit(tokenOf(url), { signer_name: 'Jonas Becker', signature: { type: 'typed' }, document_id: doc.document.id, document_sha256: doc.document.sha256 });
    expect(signed.statusCode).toBe(201);
    expect(signed.json().evidence).toMatchObject({ signature_request_id: request_id, handoff_from: driver.id });
    expect((await shipmentsApi(t, tenant).get(shipment.id)).json().status).toBe('delivered');
    expectProblem(await handoff(driverToken), 'shipment_immutable');

    // A consignee's own link cannot hand over; a handed-over link expires in 15 minutes.
    const other = await shipmentsApi(t, tenant).created(fullShipment(), { issue: true });
    const consigneeLink = (await requestSignature(tenant, other.id, { role: 'consignee', channel: 'email' })).json();
    expectProblem(await handoff(tokenOf(consigneeLink.url)), 'conflict');
  });
});
