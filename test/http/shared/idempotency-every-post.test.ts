/**
 * Every POST honours Idempotency-Key: a client that timed out retries with the same key
 * and gets the first answer again, with `Idempotent-Replayed: true`, instead of a second run's
 * (`invalid_transition` for an issue that happened, `already_signed` for a signature that was
 * recorded). The operations are read from openapi.json, so a new POST has to document the header.
 * On the keyless sign routes the key is scoped by the sign link.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { REPLAY_HEADER } from '../../../src/http/idempotency.js';
import { backends } from '../../support/backends.js';
import { expectProblem } from '../../support/problems.js';
import { minimalShipment } from '../../support/shipment-fixtures.js';
import { shipmentsApi, type ShipmentsApi } from '../../support/shipments-api.js';
import { signLinksApi } from '../../support/sign-links-api.js';
import { buildTestApp, type Tenant, type TestApp } from '../../support/test-app.js';

interface Operation {
  operationId: string;
  parameters?: { name: string; in: string }[];
  responses: Record<string, unknown>;
}
const openapi = JSON.parse(readFileSync(new URL('../../../openapi.json', import.meta.url), 'utf8')) as { paths: Record<string, Record<string, Operation>> };
const ALL_POSTS = Object.entries(openapi.paths).flatMap(([path, ops]) => (ops.post ? [{ path, ...ops.post }] : []));
/**
 * The public doors (`/v1/public/…`) are the exception: no key to scope a stored answer
 * by, and each request spends a bot-check token and its client address's window, so a retry is a
 * new request by design.
 */
const isPublicDoor = (op: { path: string }) => op.path.startsWith('/v1/public/');
/**
 * So are the console's calls (`/v1/auth/…`): no API key either; asking for a magic link is
 * a public door with its own windows (a retry is another mail, as a person pressing again expects),
 * and signing out or switching organisation gives the same result however often it is sent.
 */
const isConsoleCall = (op: { path: string }) => op.path.startsWith('/v1/auth/');
/**
 * And the billing provider's webhook: no key either; the provider's event id is its
 * idempotency key (a replay answers `duplicate`, test/http/billing/billing-webhooks.test.ts).
 * And the providers' webhooks (`/v1/providers-webhook/…`): no key either; the provider's
 * own event id is the idempotency key there (a replayed event answers `duplicate`).
 */
const isProviderWebhook = (op: { path: string }) => op.path === '/v1/billing/webhooks' || op.path.startsWith('/v1/providers-webhook/');
/**
 * The driver's sign-in: no credential yet to scope a key by; asking
 * for a code is a door with its own windows (a retry is another SMS), and each code opens one session.
 * The driver's actions, once signed in, do take Idempotency-Key (scoped by the driver's phone).
 */
const isDriverSignIn = (op: { path: string }) => op.path === '/v1/driver/sign-in' || op.path === '/v1/driver/sessions' || op.path === '/v1/test/driver-sessions';
const POSTS = ALL_POSTS.filter((op) => !isPublicDoor(op) && !isConsoleCall(op) && !isProviderWebhook(op) && !isDriverSignIn(op));

describe('every POST in openapi.json', () => {
  it('finds them, keyless sign routes included', () => {
    expect(POSTS.length).toBeGreaterThanOrEqual(20);
    expect(POSTS.some((op) => op.path.startsWith('/v1/sign/'))).toBe(true);
  });

  it.each(ALL_POSTS.filter((op) => isPublicDoor(op) || isConsoleCall(op) || isProviderWebhook(op) || isDriverSignIn(op)))('$operationId, a public door, console call, provider webhook or driver sign-in, does not offer Idempotency-Key', (op) => {
    expect(op.parameters?.some((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key') ?? false).toBe(false);
    expect(JSON.stringify(op.responses)).not.toContain('idempotency_key_reused');
  });

  it.each(POSTS)('$operationId declares the Idempotency-Key header and its two conflicts', (op) => {
    expect(op.parameters?.some((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key')).toBe(true);
    const documented = JSON.stringify(op.responses);
    expect(documented).toContain('idempotency_key_reused');
    expect(documented).toContain('idempotency_in_progress');
  });
});

describe.each(backends())('Idempotency-Key on every POST, on $name', (backend) => {
  let t: TestApp;
  let tenant: Tenant;
  let shipments: ShipmentsApi;
  beforeAll(async () => {
    t = await buildTestApp(backend, { env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: '1' } });
  });
  beforeEach(async () => {
    tenant = await t.newTenant();
    shipments = shipmentsApi(t, tenant);
  });
  afterAll(() => t.close());

  const post = (url: string, key: string | undefined, payload?: object, auth = true) =>
    t.app.inject({ method: 'POST', url, headers: { ...(auth ? t.auth(tenant.testKey) : {}), ...(key ? { 'idempotency-key': key } : {}) }, ...(payload ? { payload } : {}) });
  /** The retry is answered with the first answer, byte for byte, and says it is a replay. */
  const expectReplay = (first: LightMyRequestResponse, again: LightMyRequestResponse) => {
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.body).toBe(first.body);
    expect(again.headers[REPLAY_HEADER]).toBe('true');
    expect(first.headers[REPLAY_HEADER]).toBeUndefined();
  };

  it('issue: a retry replays the 200 instead of invalid_transition', async () => {
    const { id } = await shipments.created(minimalShipment());
    const first = await post(`/v1/shipments/${id}/issue`, 'issue-1');
    expect(first.statusCode).toBe(200);
    expectReplay(first, await post(`/v1/shipments/${id}/issue`, 'issue-1'));
    // Without the key the second call runs, and the state machine refuses it.
    expectProblem(await post(`/v1/shipments/${id}/issue`, undefined), 'invalid_transition');
    expect((await shipments.events(id)).json().data.filter((e: { type: string }) => e.type === 'shipment.issued')).toHaveLength(1);
  });

  it('cancel: a retry replays; the same key with another reason is idempotency_key_reused', async () => {
    const { id } = await shipments.created(minimalShipment());
    const first = await post(`/v1/shipments/${id}/cancel`, 'cancel-1', { reason: 'order withdrawn' });
    expect(first.statusCode).toBe(200);
    expectReplay(first, await post(`/v1/shipments/${id}/cancel`, 'cancel-1', { reason: 'order withdrawn' }));
    expectProblem(await post(`/v1/shipments/${id}/cancel`, 'cancel-1', { reason: 'another reason' }), 'idempotency_key_reused');
  });

  it('signatures: a retried signature replays the 201 instead of already_signed', async () => {
    const { id } = await shipments.created(minimalShipment(), { issue: true });
    const body = { role: 'consignor', signer_name: 'Piet Jansen' };
    const first = await post(`/v1/shipments/${id}/signatures`, 'sign-1', body);
    expect(first.statusCode).toBe(201);
    expectReplay(first, await post(`/v1/shipments/${id}/signatures`, 'sign-1', body));
    expectProblem(await post(`/v1/shipments/${id}/signatures`, undefined, body), 'already_signed');
  });

  it('remarks and signature requests: a retry gives the first record, not a second one', async () => {
    const { id } = await shipments.created(minimalShipment(), { issue: true });
    const remark = { phase: 'pickup', type: 'delay', text: 'Arrived an hour late.' };
    const first = await post(`/v1/shipments/${id}/remarks`, 'remark-1', remark);
    expect(first.statusCode).toBe(201);
    expectReplay(first, await post(`/v1/shipments/${id}/remarks`, 'remark-1', remark));
    expect((await t.app.inject({ method: 'GET', url: `/v1/shipments/${id}/remarks`, headers: t.auth(tenant.testKey) })).json().data).toHaveLength(1);

    const request = { role: 'carrier', channel: 'email', recipient: 'driver@carrier.example' };
    const created = await post(`/v1/shipments/${id}/signature-requests`, 'request-1', request);
    expect(created.statusCode).toBe(201);
    const again = await post(`/v1/shipments/${id}/signature-requests`, 'request-1', request);
    expectReplay(created, again);
    expect(again.headers.location).toBe(created.headers.location);
    // The first link still stands: a second run would have rotated it.
    expect((await t.app.inject({ method: 'GET', url: created.headers.location as string, headers: t.auth(tenant.testKey) })).json().status).toBe('pending');
  });

  it('webhook endpoints: a retried create gives the same endpoint and secret, and makes one endpoint', async () => {
    const body = { url: 'https://hooks.example/in', events: ['*'] };
    const first = await post('/v1/webhook-endpoints', 'hook-1', body);
    expect(first.statusCode).toBe(201);
    expectReplay(first, await post('/v1/webhook-endpoints', 'hook-1', body));
    expect((await t.app.inject({ method: 'GET', url: '/v1/webhook-endpoints', headers: t.auth(tenant.testKey) })).json().data).toHaveLength(1);
    const rotated = await post(`/v1/webhook-endpoints/${first.json().id}/rotate-secret`, 'rotate-1', {});
    expectReplay(rotated, await post(`/v1/webhook-endpoints/${first.json().id}/rotate-secret`, 'rotate-1', {}));
  });

  it('a malformed key is bad_request on any POST', async () => {
    const { id } = await shipments.created(minimalShipment());
    expectProblem(await post(`/v1/shipments/${id}/issue`, 'x'.repeat(256)), 'bad_request');
    expectProblem(await post(`/v1/shipments/${id}/issue`, 'not ascii é'), 'bad_request');
    expect((await shipments.get(id)).json().status).toBe('draft');
  });

  it('sign links (no API key): a retried submit replays the 201; the key is scoped by the link', async () => {
    const { id } = await shipments.created(minimalShipment(), { issue: true });
    const links = signLinksApi(t, tenant);
    const consignor = await links.link(id, { role: 'consignor' });
    const { document } = (await links.context(consignor.token)).json();
    const signed = (shown: { id: string; sha256: string }) => ({ signer_name: 'Sanne de Vries', signature: { type: 'typed' }, document_id: shown.id, document_sha256: shown.sha256 });
    const submit = (token: string, key?: string, body = signed(document)) => post(`/v1/sign/${token}/submit`, key, body, false);
    const first = await submit(consignor.token, 'submit-1');
    expect(first.statusCode).toBe(201);
    expectReplay(first, await submit(consignor.token, 'submit-1'));
    expectProblem(await submit(consignor.token), 'already_signed');
    // A new key on the used link is refused as well: only the kept answer goes past the used link.
    expectProblem(await submit(consignor.token, 'submit-2'), 'already_signed');
    // The same key on another link is another key: that link's submit runs.
    const carrier = await links.link(id, { role: 'carrier' });
    const other = await submit(carrier.token, 'submit-1', signed((await links.context(carrier.token)).json().document));
    expect(other.statusCode, other.body).toBe(201);
    expect(other.headers[REPLAY_HEADER]).toBeUndefined();
    expect(other.json().role).toBe('carrier');
  });
});
