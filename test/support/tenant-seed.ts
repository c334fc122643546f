/**
 * One of every resource an organisation can own, made through the API in one mode: in the sandbox
 * a test clock, a webhook endpoint (on that clock in the sandbox; every event also makes a
 * delivery), an invoicing profile, a draft, an issued
 * shipment with its note, an uploaded photo, a remark, a delegation, a sign link with its notification, a
 * delivered shipment with its signatures, proof of delivery, invoice and credit note, a shipment template, a
 * disposal instruction, an erasure, and the events, request
 * logs and deliveries all that left behind. The suites generated from openapi.json fill path and
 * filter parameters from it.
 */
import { randomInt } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { generateSelfSignedSealingKey } from '../../src/core/key-material/sealing-key.js';
import { dutchDomestic, dutchProfile } from './invoices-api.js';
import { jpeg, multipart } from './sample-files.js';
import { fullShipment, minimalShipment } from './shipment-fixtures.js';
import { idsIn } from './openapi-operations.js';
import type { Tenant, TestApp } from './test-app.js';

export interface SeededTenant {
  mode: 'test' | 'live';
  key: string;
  /** Id prefix (`shp`, `doc`, …) → ids of that kind, the most useful first (the draft before the delivered shipment). */
  ids: Map<string, string[]>;
  /** Every id any seeding answer carried, of whatever kind (signatures, remarks and invoices have no route of their own). */
  all: Set<string>;
  /** Sign-link tokens. */
  tokens: string[];
}

/** The public host webhook endpoints of seeded tenants point at (it resolves to a documentation address). */
export const SEED_HOOK_HOST = 'hooks.example.com';

let recipients = 0;

/** A grantee platform's certificate for the seeded delegations, valid from yesterday (made once). */
let granteeCertificate: Promise<string> | undefined;
const seedGrantee = () => (granteeCertificate ??= generateSelfSignedSealingKey('seed grantee platform', new Date(Date.now() - 86_400_000)).then((made) => made.certificatePem));

let driverPhones = 0;

export async function seedTenant(t: TestApp, tenant: Tenant, mode: 'test' | 'live'): Promise<SeededTenant> {
  const key = mode === 'test' ? tenant.testKey : tenant.liveKey;
  const seeded: SeededTenant = { mode, key, ids: new Map(), all: new Set([mode === 'test' ? tenant.testKeyId : tenant.liveKeyId]), tokens: [] };
  const note = (res: LightMyRequestResponse) => {
    for (const id of idsIn(res.body)) {
      // The organisation's own id (a checkpoint names it) is both modes', not a resource of this one.
      if (id.startsWith('org_')) continue;
      seeded.all.add(id);
      const prefix = id.slice(0, id.indexOf('_'));
      const list = seeded.ids.get(prefix) ?? [];
      if (!list.includes(id)) list.push(id);
      seeded.ids.set(prefix, list);
    }
  };
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, expected: number, payload?: object | Buffer, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method, url, headers: { ...t.auth(key), ...headers }, ...(payload === undefined ? {} : { payload }) });
    if (res.statusCode !== expected) throw new Error(`seeding ${mode}: ${method} ${url} answered ${res.statusCode}: ${res.body}`);
    note(res);
    return res.json();
  };
  // The key's own id first in its list, for the request-log filter.
  seeded.ids.set('key', [mode === 'test' ? tenant.testKeyId : tenant.liveKeyId]);

  t.resolver.set(SEED_HOOK_HOST, ['93.184.216.34']);
  // A sandbox test clock (live has none), with the sandbox endpoint attached to it.
  const clock = mode === 'test' ? await call('POST', '/v1/test/clocks', 201, { name: 'seed' }) : undefined;
  await call('POST', `/v1/webhook-endpoints${clock ? `?test_clock=${clock.id}` : ''}`, 201, { url: `https://${SEED_HOOK_HOST}/fds`, events: ['*'] });
  await call('PUT', '/v1/invoicing-profile', 200, dutchProfile());
  await call('POST', '/v1/shipments', 201, { ...minimalShipment(), reference: `draft-${mode}` });

  const issued = await call('POST', '/v1/shipments?issue=true', 201, fullShipment());
  await call('POST', '/v1/tours', 201, { name: `Seed run ${mode}`, date: '2026-12-01', driver: { name: 'Seed Driver', phone: '+31612345678', language: 'nl' }, stops: [{ shipment_id: issued.id, kind: 'pickup' }, { shipment_id: issued.id, kind: 'delivery' }] });
  // A driver session over this tenant's and mode's work only (a phone of its own), for the
  // organisation's session routes: the test key's sandbox session in test, the SMS code from the outbox in live.
  const driverPhone = `+3161${String(++driverPhones % 1000).padStart(3, '0')}${String(randomInt(0, 10_000)).padStart(4, '0')}`;
  await call('POST', '/v1/tours', 201, { name: `Seed driver ${mode}`, date: '2026-12-01', driver: { name: 'Seed Driver', phone: driverPhone, language: 'en' }, stops: [{ shipment_id: issued.id, kind: 'pickup' }] });
  if (mode === 'test') {
    await call('POST', '/v1/test/driver-sessions', 201, { phone: driverPhone });
  } else {
    // An address of its own: the per-address sign-in window lives in Redis, which PostgreSQL runs share.
    const remoteAddress = `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
    const asked = await t.app.inject({ method: 'POST', url: '/v1/driver/sign-in', payload: { phone: driverPhone }, remoteAddress });
    if (asked.statusCode !== 202) throw new Error(`seeding ${mode}: driver sign-in answered ${asked.statusCode}: ${asked.body}`);
    const sms = await t.runtime.services.db.selectFrom('outbox_messages').select('body').where('recipient', '=', driverPhone).executeTakeFirstOrThrow();
    const code = /(\d{6})/.exec(sms.body)![1]!;
    const driverSession = await t.app.inject({ method: 'POST', url: '/v1/driver/sessions', payload: { phone: driverPhone, code } });
    if (driverSession.statusCode !== 201) throw new Error(`seeding ${mode}: driver session answered ${driverSession.statusCode}: ${driverSession.body}`);
  }
  await call('GET', `/v1/driver-sessions?phone=${encodeURIComponent(driverPhone)}`, 200);
  // A routing rule that matches none of the seeded shipments (their notes stay here).
  await call('POST', '/v1/providers/routing-rules', 201, { name: `Seed rule ${mode}`, match: { to_countries: ['IS'] }, action: 'keep' });
  await call('POST', '/v1/shipment-templates', 201, { name: `Seed lane ${mode}`, goods: minimalShipment().goods });
  const photo = multipart([
    { name: 'kind', value: 'photo' },
    { name: 'file', filename: 'seal.jpg', contentType: 'image/jpeg', bytes: jpeg() },
  ]);
  const uploaded = await call('POST', `/v1/shipments/${issued.id}/documents`, 201, photo.body, { 'content-type': photo.contentType });
  await call('POST', `/v1/shipments/${issued.id}/remarks`, 201, { phase: 'pickup', type: 'damage', text: 'Pallet 3 wrapped loosely', photo_document_ids: [uploaded.id] });
  await call('POST', `/v1/shipments/${issued.id}/delegations`, 201, {
    grantee: { name: 'Seed platform', platform_id: 'seed-platform', certificate: await seedGrantee() },
    on_behalf_of: 'carrier',
    scope: ['read'],
    expires_at: new Date(t.clock.now().getTime() + 7 * 86_400_000).toISOString(),
  });
  const recipient = `seed${++recipients}.${mode}@sign.example`;
  await call('POST', `/v1/shipments/${issued.id}/signature-requests`, 201, { role: 'consignor', channel: 'email', recipient });
  const message = await t.runtime.services.db.selectFrom('outbox_messages').select('body').where('recipient', '=', recipient).executeTakeFirstOrThrow();
  seeded.tokens.push(/\/sign\/([A-Za-z0-9_-]+)/.exec(message.body)![1]!);
  // The sender's instruction to hold the goods, still waiting for the carrier's answer.
  await call('POST', `/v1/shipments/${issued.id}/disposal-instructions`, 201, { instructing_party: 'consignor', kind: 'stop', text: 'Hold the goods at the depot.' });

  const delivered = await call('POST', '/v1/shipments?issue=true', 201, dutchDomestic());
  for (const role of ['consignor', 'carrier', 'consignee']) await call('POST', `/v1/shipments/${delivered.id}/signatures`, 201, { role, signer_name: `${role} signer` });
  await call('POST', `/v1/shipments/${delivered.id}/invoice`, 201, {});
  await call('POST', `/v1/shipments/${delivered.id}/invoice/credit-notes`, 201, { reason: 'Seed correction' });
  await call('GET', `/v1/shipments/${delivered.id}/pod`, 200);
  // An erasure (of someone the organisation never knew: it changes nothing, but its report is kept).
  await call('POST', '/v1/privacy/erasures', 201, { subject: { email: `nobody.${mode}@seed.example` }, dry_run: false });

  // What the changes left behind, read back through the lists.
  for (const shipment of [issued.id, delivered.id]) {
    await call('GET', `/v1/shipments/${shipment}/documents`, 200);
    await call('GET', `/v1/shipments/${shipment}/signatures`, 200);
    await call('GET', `/v1/shipments/${shipment}/invoice`, shipment === delivered.id ? 200 : 404);
  }
  await call('POST', '/v1/exports', 202);
  // A signed checkpoint of the chains the seeding moved.
  await call('POST', '/v1/audit-log/checkpoints', 201);
  await call('GET', '/v1/notifications', 200);
  await call('GET', '/v1/events?limit=100', 200);
  await call('GET', '/v1/webhook-deliveries?limit=100', 200);
  await t.runtime.requestLogs.flush();
  await call('GET', '/v1/request-logs?limit=100', 200);
  return seeded;
}
