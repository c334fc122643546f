/**
 * Erasure of a data subject (docs/privacy.md): a person who is the consignee's
 * contact, the driver (of a shipment and of a tour) and a signer across three shipments is found
 * by a dry run and erased everywhere, in the API's answers and in the stored rows (request logs and
 * stored idempotent responses included); the chains stay valid; the erasure reports exactly what
 * the dry run did; a second person on the same shipments and another organisation keep every
 * value; the audit log and the feed record the erasure without any erased value. Webhook deliveries
 * are stored (an endpoint takes every event) and lose the values too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShipmentInput } from '../../src/modules/shipments/shipment-input.schema.js';
import { PRIVACY_PATHS } from '../../src/modules/privacy/privacy.routes.js';
import { backends } from '../support/backends.js';
import { png } from '../support/sample-files.js';
import { minimalShipment } from '../support/shipment-fixtures.js';
import { buildTestApp, type Tenant, type TestApp } from '../support/test-app.js';
import { JAN, SANNE, organisationRows, traces, withoutNewRequestLogs } from './erasure-support.js';

const JAN_VALUES = [JAN.name, JAN.email, JAN.phone];
const SANNE_VALUES = [SANNE.name, SANNE.email, SANNE.phone];
/** Jan's name, e-mail or phone in an answer. "jan" as a word only: ids and tokens hold the letters J, A, N in a row now and then. */
const JAN_TRACE = /\bjan\b|vries|31611122233/i;

describe.each(backends())('erasure of a data subject on $name', (backend) => {
  let t: TestApp;
  let tenant: Tenant;
  let other: Tenant;
  const ids: string[] = [];
  let tourId = '';

  const call = (method: 'GET' | 'POST', url: string, payload?: unknown, key = tenant.testKey, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { ...t.auth(key), ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const ok = async (method: 'GET' | 'POST', url: string, payload?: unknown, key?: string, headers?: Record<string, string>) => {
    const res = await call(method, url, payload, key, headers);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json();
  };
  const withContacts = (jan: 'consignee' | 'driver'): ShipmentInput => {
    const body = minimalShipment();
    body.consignor!.contact = { name: SANNE.name, email: SANNE.email, phone: SANNE.phone };
    if (jan === 'consignee') body.consignee!.contact = { name: JAN.name, email: JAN.email, phone: JAN.phone };
    else body.driver = { name: JAN.name, phone: JAN.phone };
    return body;
  };
  const sign = (id: string, role: string, signer_name: string) => ok('POST', `/v1/shipments/${id}/signatures`, { role, signer_name, location: { lat: 52.1, lng: 5.1 } });

  beforeAll(async () => {
    t = await buildTestApp(backend);
    tenant = await t.newTenant();
    other = await t.newTenant();
    // Every event also makes a webhook delivery, whose stored body copies the event's data.
    t.resolver.set('hooks.example.com', ['93.184.216.34']);
    await ok('POST', '/v1/webhook-endpoints', { url: 'https://hooks.example.com/fds', events: ['*'] });
    // 1: Jan is the consignee's contact; created with an Idempotency-Key (its stored response names him), then cancelled with a reason naming him.
    const s1 = await ok('POST', '/v1/shipments?issue=true', withContacts('consignee'), undefined, { 'idempotency-key': 'erasure-s1' });
    await ok('POST', `/v1/shipments/${s1.id}/cancel`, { reason: `Consignee ${JAN.name} cancelled the order by phone` });
    // 2: Jan drives it (and the tour over it) and signs for the carrier; Sanne signs for the consignor.
    const s2 = await ok('POST', '/v1/shipments', withContacts('driver'));
    const tour = await ok('POST', '/v1/tours', { name: 'R7 Amsterdam–Utrecht', date: '2026-12-01', driver: { name: JAN.name, phone: JAN.phone }, stops: [{ shipment_id: s2.id, kind: 'pickup' }, { shipment_id: s2.id, kind: 'delivery' }] });
    tourId = tour.id;
    await ok('POST', `/v1/shipments/${s2.id}/issue`);
    await sign(s2.id, 'consignor', SANNE.name);
    await sign(s2.id, 'carrier', JAN.name);
    // 3: Jan is the consignee's contact by e-mail only, gets a sign link, makes a remark through it and signs for delivery.
    const s3body = withContacts('consignee');
    delete s3body.consignee!.contact!.phone;
    const s3 = await ok('POST', '/v1/shipments?issue=true', s3body);
    await sign(s3.id, 'consignor', SANNE.name);
    await sign(s3.id, 'carrier', 'Piotr Nowak');
    await ok('POST', `/v1/shipments/${s3.id}/signature-requests`, { role: 'consignee', channel: 'email', recipient: JAN.email });
    const mail = await t.runtime.services.db.selectFrom('outbox_messages').select('body').where('recipient', '=', JAN.email).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const token = /\/sign\/([A-Za-z0-9_-]+)/.exec(mail.body)![1]!;
    expect((await t.app.inject({ method: 'POST', url: `/v1/sign/${token}/remarks`, payload: { type: 'damage', text: 'Two cartons wet on arrival.' } })).statusCode).toBe(201);
    const context = (await t.app.inject({ method: 'GET', url: `/v1/sign/${token}` })).json();
    const submitted = await t.app.inject({
      method: 'POST',
      url: `/v1/sign/${token}/submit`,
      payload: { signer_name: JAN.name, signature: { type: 'drawn', image: `data:image/png;base64,${png(40, [20, 20, 140]).toString('base64')}` }, document_id: context.document.id, document_sha256: context.document.sha256 },
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    ids.push(s1.id, s2.id, s3.id);
    // Another organisation knows Jan too.
    await ok('POST', '/v1/shipments', withContacts('consignee'), other.testKey);
    // The API's reads of these days are in the request logs.
    await ok('GET', `/v1/tours?driver_phone=${encodeURIComponent(JAN.phone)}`);
    await t.runtime.requestLogs.flush();
  }, 120_000);
  afterAll(() => t.close());

  it('finds Jan with a dry run, erases exactly that, keeps every chain valid and every other value', async () => {
    const before = await organisationRows(t, tenant.organizationId);
    expect(traces(before, JAN_VALUES).length).toBeGreaterThan(0);
    const otherBefore = await organisationRows(t, other.organizationId);

    const dry = await call('POST', PRIVACY_PATHS.erasures, { subject: { email: JAN.email }, dry_run: true });
    expect(dry.statusCode, dry.body).toBe(200);
    const plan = dry.json();
    expect(plan).toMatchObject({ id: null, dry_run: true, status: 'dry_run', subject_kind: 'email', mode: 'test' });
    expect(JSON.stringify(plan)).not.toMatch(JAN_TRACE);
    // The dry run changed nothing.
    expect(withoutNewRequestLogs(before, await organisationRows(t, tenant.organizationId))).toEqual(before);
    const where = (resource: string) => plan.locations.filter((l: { resource: string }) => l.resource === resource);
    expect(where('shipment').map((l: { id: string }) => l.id).sort()).toEqual([...ids].sort());
    expect(where('shipment').find((l: { id: string }) => l.id === ids[0]).fields).toEqual(expect.arrayContaining(['consignee.contact.name', 'consignee.contact.email', 'consignee.contact.phone', 'cancellation_reason']));
    // The phone learnt from shipment 1 finds him as the driver of shipment 2 and of the tour.
    expect(where('shipment').find((l: { id: string }) => l.id === ids[1]).fields).toEqual(['driver.name', 'driver.phone']);
    expect(where('tour')).toEqual([{ resource: 'tour', id: tourId, fields: ['driver.name', 'driver.phone', 'driver_phone'], count: 3 }]);
    expect(where('signature')).toHaveLength(2);
    expect(where('signature_request')).toHaveLength(1);
    expect(where('notification').length).toBeGreaterThanOrEqual(1);
    expect(where('remark')).toEqual([expect.objectContaining({ fields: ['text'] })]);
    expect(where('shipment_event')).toEqual([expect.objectContaining({ fields: ['data.reason'] })]);
    expect(where('event')).toEqual([expect.objectContaining({ id: where('shipment_event')[0].id, fields: ['data.reason'] })]);
    expect(where('webhook_delivery')).toEqual([expect.objectContaining({ fields: ['body.data.reason'] })]);
    expect(where('idempotency_key')).toEqual([expect.objectContaining({ id: 'erasure-s1' })]);
    expect(where('request_log')).toEqual([]);
    expect(plan.retained.filter((r: { resource: string }) => r.resource === 'document').length).toBeGreaterThanOrEqual(3);
    // His drawn signature is printed on the sealed versions: kept with them until the duty ends.
    const drawnBy = where('signature').find((l: { id: string }) => plan.retained.some((r: { resource: string; id: string }) => r.resource === 'signature_image' && r.id === l.id));
    expect(drawnBy).toBeDefined();
    expect(plan.retained.every((r: { erase_after: string; legal_basis: string }) => r.erase_after === `${new Date().getUTCFullYear() + 8}-01-01T00:00:00.000Z` && /CMR|2006\/112/.test(r.legal_basis))).toBe(true);

    const done = await call('POST', PRIVACY_PATHS.erasures, { subject: { email: JAN.email }, dry_run: false });
    expect(done.statusCode, done.body).toBe(201);
    const erasure = done.json();
    expect(erasure.id).toMatch(/^era_[0-7][0-9A-HJKMNP-TV-Z]{25}$/);
    expect(done.headers.location).toBe(`${PRIVACY_PATHS.erasures}/${erasure.id}`);
    // Exactly what the dry run said.
    const comparable = (r: Record<string, unknown>) => ({ ...r, id: undefined, dry_run: undefined, status: undefined, created_at: undefined });
    expect(comparable(erasure)).toEqual(comparable(plan));
    expect(erasure).toMatchObject({ dry_run: false, status: 'completed' });
    expect((await ok('GET', `${PRIVACY_PATHS.erasures}/${erasure.id}`))).toEqual(erasure);

    // No trace of Jan in any stored row of the organisation; Sanne's values all still there.
    const after = await organisationRows(t, tenant.organizationId);
    expect(traces(after, JAN_VALUES)).toEqual([]);
    expect(traces(after, SANNE_VALUES).sort()).toEqual(traces(before, SANNE_VALUES).sort());
    expect(await organisationRows(t, other.organizationId)).toEqual(otherBefore);

    for (const id of ids) {
      const shipment = await ok('GET', `/v1/shipments/${id}`);
      expect(JSON.stringify(shipment)).not.toMatch(JAN_TRACE);
      expect(shipment.consignor.contact).toEqual({ name: SANNE.name, email: SANNE.email, phone: SANNE.phone });
      expect(await ok('GET', `/v1/shipments/${id}/integrity`)).toMatchObject({ valid: true, first_bad_seq: null });
      const signatures = (await ok('GET', `/v1/shipments/${id}/signatures`)).data;
      for (const s of signatures) expect(s.signer_name).not.toMatch(/jan/i);
      expect(signatures.filter((s: { signer_name: string }) => s.signer_name === SANNE.name).length).toBe(id === ids[0] ? 0 : 1);
    }
    const s1 = await ok('GET', `/v1/shipments/${ids[0]}`);
    expect(s1.consignee.contact).toEqual({ name: '[erased]' });
    expect(s1.consignee.name).toBe('Receiver B.V.');
    const cancelled = (await ok('GET', `/v1/shipments/${ids[0]}/events`)).data.find((e: { type: string }) => e.type === 'shipment.cancelled');
    expect(cancelled).toMatchObject({ erased: true, data: { reason: 'Consignee [erased] cancelled the order by phone' } });
    expect((await ok('GET', `/v1/shipments/${ids[2]}/remarks`)).data[0].text).toBe('[erased]');
    const carrier = (await ok('GET', `/v1/shipments/${ids[1]}/signatures`)).data.find((s: { role: string }) => s.role === 'carrier');
    expect(carrier).toMatchObject({ signer_name: '[erased]', evidence: { ip: null, user_agent: null, location: null } });
    expect((await ok('GET', `/v1/tours/${tourId}`)).driver).toMatchObject({ name: '[erased]', phone: '[erased]' });
    expect((await ok('GET', `/v1/tours?driver_phone=${encodeURIComponent(JAN.phone)}`)).data).toEqual([]);

    // The audit log and the feed record the erasure, without a value.
    const audit = (await ok('GET', '/v1/audit-log')).data.find((a: { action: string }) => a.action === 'erasure.completed');
    expect(audit).toMatchObject({ target: { type: 'erasure', id: erasure.id }, changes: { subject_kind: 'email', fields_erased: erasure.fields_erased } });
    const events = (await ok('GET', '/v1/events?type=privacy.erasure_completed')).data;
    expect(events).toEqual([expect.objectContaining({ type: 'privacy.erasure_completed', data: expect.objectContaining({ erasure_id: erasure.id, status: 'completed', subject_kind: 'email' }) })]);
    expect(JSON.stringify([audit, events])).not.toMatch(JAN_TRACE);

    // Nothing is left to find: a second dry run, by phone too, reports nothing.
    for (const subject of [{ email: JAN.email }, { phone: JAN.phone }]) {
      expect((await ok('POST', PRIVACY_PATHS.erasures, { subject, dry_run: true })).locations).toEqual([]);
    }
    // Work goes on: the shipment Jan drove is delivered after the erasure, its next note version rendered from the erased data.
    await sign(ids[1]!, 'consignee', 'Mark Visser');
    expect(await ok('GET', `/v1/shipments/${ids[1]}/integrity`)).toMatchObject({ valid: true });
    expect((await ok('GET', `/v1/shipments/${ids[1]}`)).status).toBe('delivered');
    // Another organisation's key does not see the erasure.
    expect((await call('GET', `${PRIVACY_PATHS.erasures}/${erasure.id}`, undefined, other.testKey)).statusCode).toBe(404);
  });
});
