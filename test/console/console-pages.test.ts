/**
 * The console's pages through app.inject: each page renders for a signed-in
 * member and shows the organisation's data; keys and webhook endpoints are made, used and undone
 * from the pages; a viewer sees no write controls and each write POST answers 403; forms from
 * another origin are refused; the sign-in form shares the API's rate-limit windows; the audit-log
 * API takes a console session too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { backends } from '../support/backends.js';
import { consoleSessionHeaders } from '../support/console-session.js';
import { minimalShipment } from '../support/shipment-fixtures.js';
import { buildTestApp, type TestApp } from '../support/test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

type Session = { cookie: string; origin: string };
const form = (fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(name, v);
  return body.toString();
};

describe.each(backends())('console pages on $name', (backend) => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let owner: Session;
  let ownerEmail: string;
  let organizationId: string;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await buildTestApp(backend, { env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: '1', MAGIC_LINK_ADDRESS_LIMIT: '2', MAGIC_LINK_IP_LIMIT: '1000' } });
    const email = `owner-${randomUUID()}@transport.example`;
    ownerEmail = email;
    owner = await consoleSessionHeaders(t, email);
    organizationId = (await t.app.inject({ method: 'GET', url: '/v1/auth/session', headers: { cookie: owner.cookie } })).json().organization.id;
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const get = (url: string, session: Session = owner) => t.app.inject({ method: 'GET', url, headers: { cookie: session.cookie } });
  const post = (url: string, fields: Record<string, string | string[]>, session: Session = owner, origin = session.origin) =>
    t.app.inject({ method: 'POST', url, headers: { cookie: session.cookie, origin, 'content-type': 'application/x-www-form-urlencoded' }, payload: form(fields) });

  async function viewerSession(): Promise<Session> {
    const email = `viewer-${randomUUID()}@transport.example`;
    const session = await consoleSessionHeaders(t, email);
    const user = await t.runtime.services.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    await t.runtime.services.db.insertInto('memberships').values({ user_id: user.id, organization_id: organizationId, role: 'viewer', created_at: new Date() }).execute();
    expect((await post('/console/organization', { organization_id: organizationId }, session)).statusCode).toBe(303);
    return session;
  }

  /** Makes a key on the page; returns it as the answer page showed it. */
  async function createKey(fields: Record<string, string | string[]> = {}): Promise<string> {
    const res = await post('/console/api-keys', { key_mode: 'test', ...fields });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    return /id="new-key">(sk_test_[A-Za-z0-9_]+)</.exec(res.body)![1]!;
  }

  it('shows the sign-in form signed out and answers every address alike; the form counts in the API\'s windows', async () => {
    const landing = await t.app.inject({ method: 'GET', url: '/console' });
    expect(landing.statusCode).toBe(200);
    expect(landing.headers['content-security-policy']).toContain("default-src 'none'");
    expect(landing.body).toContain('You are not signed in');
    expect(landing.body).toContain('action="/console/sign-in"');
    expect(landing.body).not.toContain('<script');
    // Addresses of this run's own: the windows live in the key-value store, which PostgreSQL runs share (Redis).
    const run = randomUUID();
    const knownAddress = `known-${run}@transport.example`;
    const otherAddress = `nobody-${run}@transport.example`;
    const known = await t.app.inject({ method: 'POST', url: '/console/sign-in', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form({ email: knownAddress.toUpperCase() }) });
    const other = await t.app.inject({ method: 'POST', url: '/console/sign-in', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form({ email: otherAddress }) });
    expect(known.statusCode).toBe(202);
    expect(known.body.replace(knownAddress, 'X')).toBe(other.body.replace(otherAddress, 'X'));
    expect(known.body).toContain('Check your mail');
    // The API and the form share the per-address window (2 here): the API's second ask fills it.
    expect((await t.app.inject({ method: 'POST', url: '/v1/auth/magic-links', payload: { email: knownAddress } })).statusCode).toBe(202);
    const third = await t.app.inject({ method: 'POST', url: '/console/sign-in', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form({ email: knownAddress }) });
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBeDefined();
    expect(third.body).toContain('Too many sign-in links');
    const nl = await t.app.inject({ method: 'GET', url: '/console?lang=nl' });
    expect(nl.body).toContain('Aanmelden bij de console');
    expect((await t.app.inject({ method: 'POST', url: '/console/sign-in', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form({ email: 'not an address' }) })).statusCode).toBe(422);
  });

  it('sends a page asked for without a session to the sign-in page', async () => {
    for (const url of ['/console/api-keys', '/console/webhooks', '/console/webhooks/deliveries', '/console/logs', '/console/events', '/console/audit-log']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(303);
      expect(res.headers.location).toBe('/console');
    }
  });

  it('shows the overview, makes a key once, lists it by hint, revokes it after asking', async () => {
    const overview = await get('/console');
    expect(overview.body).toContain('Signed in as <strong>owner-');
    expect(overview.body).toContain(organizationId);
    expect(overview.body).toContain('not cleared yet');

    const key = await createKey({ scopes: ['shipments:read', 'audit-log:read'] });
    const whoami = await t.app.inject({ method: 'GET', url: '/v1/whoami', headers: t.auth(key) });
    expect(whoami.statusCode).toBe(200);
    expect(whoami.json().organization_id ?? whoami.json().organization?.id).toBe(organizationId);

    const list = await get('/console/api-keys');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(key);
    expect(list.body).toContain('shipments:read, audit-log:read');
    expect(list.body).toContain('name="scopes" value="webhooks:manage"');
    expect(list.body).not.toContain('value="live"');
    const id = /href="\/console\/api-keys\/(key_[A-Za-z0-9]+)\/revoke"/.exec(list.body)![1]!;
    const ask = await get(`/console/api-keys/${id}/revoke`);
    expect(ask.body).toContain('Revoke this key?');
    const revoked = await post(`/console/api-keys/${id}/revoke`, {});
    expect(revoked.statusCode).toBe(303);
    expect((await get(revoked.headers.location as string)).body).toContain('The key is revoked.');
    // A live key is refused while the organisation is not cleared.
    expect((await post('/console/api-keys', { key_mode: 'live' })).statusCode).toBe(403);

    const audit = await get(`/console/audit-log?action=api_key.revoked`);
    expect(audit.body).toContain(id);
    // The actor as a member knows them, above the recorded id the actor filter takes.
    expect(audit.body).toMatch(new RegExp(`${ownerEmail.replace(/[.]/g, '\\.')}<br><span class="mono muted">user usr_[0-9A-Za-z]+</span>`));
    expect(audit.body).toContain('The hash chain is intact');
  });

  it('creates a webhook endpoint, pings it, shows the delivery with its attempt, retries it; edits, rotates and deletes', async () => {
    const created = await post('/console/webhooks', { url: `${receiver.url}/hook`, events: 'shipment.*, document.*', description: 'ops' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.body).toMatch(/id="new-secret">whsec_/);
    const endpointId = /\/console\/webhooks\/(we_[A-Za-z0-9]+)\/ping/.exec(created.body)![1]!;
    expect((await get('/console/webhooks')).body).toContain(`${receiver.url}/hook`);

    const ping = await post(`/console/webhooks/${endpointId}/ping`, {});
    expect(ping.statusCode).toBe(200);
    expect(ping.body).toContain('Test ping sent: succeeded, the receiver answered 200');
    expect(ping.body).toContain('service-signature');
    expect(receiver.received.at(-1)!.json.type).toBe('webhook.ping');

    const log = await get(`/console/webhooks/deliveries?endpoint_id=${endpointId}&status=succeeded&event_type=`);
    expect(log.statusCode, log.body).toBe(200);
    const deliveryId = /\/console\/webhooks\/deliveries\/(wd_[A-Za-z0-9]+)"/.exec(log.body)![1]!;
    expect((await get(`/console/webhooks/deliveries?status=failed`)).body).not.toContain(deliveryId);
    const detail = await get(`/console/webhooks/deliveries/${deliveryId}`);
    expect(detail.body).toContain('webhook.ping');
    expect(detail.body).toContain('Retry this delivery');
    const retried = await post(`/console/webhooks/deliveries/${deliveryId}/retry`, {});
    expect(retried.statusCode).toBe(303);
    const replay = await get(retried.headers.location as string);
    expect(replay.body).toContain('The delivery is queued again');
    expect(replay.body).toContain(deliveryId);

    const edited = await post(`/console/webhooks/${endpointId}`, { url: `${receiver.url}/other`, events: 'shipment.delivered', description: '' });
    expect(edited.statusCode).toBe(303);
    expect((await get(edited.headers.location as string)).body).toContain('The endpoint is saved.');
    const bad = await post(`/console/webhooks/${endpointId}`, { url: `${receiver.url}/other`, events: 'Not An Event' });
    expect(bad.statusCode).toBe(422);
    const rotated = await post(`/console/webhooks/${endpointId}/rotate`, {});
    expect(rotated.body).toMatch(/id="new-secret">whsec_/);
    expect((await get(`/console/webhooks/${endpointId}/delete`)).body).toContain('Delete this endpoint?');
    expect((await post(`/console/webhooks/${endpointId}/delete`, {})).statusCode).toBe(303);

    const audit = (await get('/console/audit-log')).body;
    for (const action of ['webhook_endpoint.created', 'webhook_endpoint.updated', 'webhook_endpoint.secret_rotated', 'webhook_endpoint.deleted']) expect(audit).toContain(action);
  });

  it('shows request logs and events with their detail pages, filtered and paged by the modules\' cursors', async () => {
    const key = await createKey();
    for (let i = 0; i < 2; i++) expect((await t.app.inject({ method: 'POST', url: '/v1/shipments', headers: t.auth(key), payload: minimalShipment() })).statusCode).toBe(201);
    await t.runtime.requestLogs.flush();
    const logs = await get('/console/logs?method=POST&limit=1');
    expect(logs.statusCode, logs.body).toBe(200);
    expect(logs.body).toContain('/v1/shipments');
    const next = /rel="next" href="([^"]+)"/.exec(logs.body)![1]!.replace(/&amp;/g, '&');
    expect(next).toContain('method=POST');
    const older = await get(next);
    expect(older.statusCode).toBe(200);
    const requestId = /\/console\/logs\/(req_[A-Za-z0-9]+)"/.exec(older.body)![1]!;
    expect((await get(`/console/logs/${requestId}`)).body).toContain(requestId);

    const events = await get('/console/events?type=shipment.*');
    expect(events.statusCode, events.body).toBe(200);
    const eventId = /\/console\/events\/(evt_[A-Za-z0-9]+)"/.exec(events.body)![1]!;
    const event = await get(`/console/events/${eventId}`);
    expect(event.body).toContain('shipment_id');
    const unknown = await get('/console/events?type=NOT%20A%20TYPE');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('<li><code>type</code> = “NOT A TYPE”</li>');
    expect(unknown.body).toContain('aria-current="page">Events</a>');
  });

  it('shows a viewer every page without write controls and refuses each write POST', async () => {
    const viewer = await viewerSession();
    // The frame's own forms (sign out, switch organisation) are in the header; the page's are in <main>.
    for (const url of ['/console', '/console/api-keys', '/console/webhooks', '/console/webhooks/deliveries', '/console/audit-log', '/console/logs', '/console/events']) {
      const res = await get(url, viewer);
      expect(res.statusCode, url).toBe(200);
      expect(res.body.split('<main')[1], url).not.toContain('method="post"');
    }
    expect((await get('/console/api-keys')).body.split('<main')[1]).toContain('method="post"');
    const endpoint = await post('/console/webhooks', { url: `${receiver.url}/viewer-test`, events: '*' });
    const endpointId = /\/console\/webhooks\/(we_[A-Za-z0-9]+)\/ping/.exec(endpoint.body)![1]!;
    const ping = await post(`/console/webhooks/${endpointId}/ping`, {});
    const deliveryId = /\/console\/webhooks\/deliveries\/(wd_[A-Za-z0-9]+)/.exec(ping.body)?.[1] ?? /<code>(wd_[A-Za-z0-9]+)<\/code>/.exec(ping.body)![1]!;
    const endpointPage = await get(`/console/webhooks/${endpointId}`, viewer);
    expect(endpointPage.body).not.toContain('/ping');
    expect((await get(`/console/webhooks/deliveries/${deliveryId}`, viewer)).body).not.toContain('/retry');
    const writes: [string, Record<string, string>][] = [
      ['/console/api-keys', { key_mode: 'test' }],
      ['/console/api-keys/key_00000000000000000000000000/revoke', {}],
      ['/console/webhooks', { url: `${receiver.url}/x`, events: '*' }],
      [`/console/webhooks/${endpointId}`, { url: `${receiver.url}/x`, events: '*' }],
      [`/console/webhooks/${endpointId}/ping`, {}],
      [`/console/webhooks/${endpointId}/rotate`, {}],
      [`/console/webhooks/${endpointId}/delete`, {}],
      [`/console/webhooks/deliveries/${deliveryId}/retry`, {}],
    ];
    for (const [url, fields] of writes) expect((await post(url, fields, viewer)).statusCode, url).toBe(403);
    expect((await get(`/console/webhooks/${endpointId}/delete`, viewer)).statusCode).toBe(403);
  });

  it('refuses a form posted from another origin', async () => {
    const res = await post('/console/api-keys', { key_mode: 'test' }, owner, 'https://evil.example');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
  });

  it('switches between sandbox and live once the organisation is cleared, and stays in the sandbox before', async () => {
    const sandboxOnly = await get('/console/webhooks?mode=live');
    expect(sandboxOnly.body).toContain('Mode: Sandbox');
    await t.runtime.services.db.updateTable('organizations').set({ live_enabled: true }).where('id', '=', organizationId).execute();
    const live = await post('/console/webhooks', { mode: 'live', url: `${receiver.url}/live`, events: '*' });
    expect(live.statusCode).toBe(201);
    const livePage = await get('/console/webhooks?mode=live');
    expect(livePage.body).toContain('<strong aria-current="page">Live</strong>');
    expect(livePage.body).toContain(`${receiver.url}/live`);
    expect((await get('/console/webhooks')).body).not.toContain(`${receiver.url}/live`);
    expect((await get('/console/api-keys')).body).toContain('value="live"');
    const audit = await get('/console/audit-log?mode=live');
    expect(audit.body).toContain('webhook_endpoint.created');
  });

  it('serves GET /v1/audit-log and its integrity check to a console session as to a key with audit-log:read', async () => {
    const viewer = await viewerSession();
    for (const session of [owner, viewer]) {
      const list = await get('/v1/audit-log?action=api_key.created', session);
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().data.length).toBeGreaterThan(0);
      expect(list.json().data.every((row: { action: string }) => row.action === 'api_key.created')).toBe(true);
      const integrity = await get('/v1/audit-log/integrity', session);
      expect(integrity.statusCode).toBe(200);
      expect(integrity.json().valid).toBe(true);
    }
    // Without a cookie or with a dead one: the API key path (401); with an Authorization header, the key decides.
    expect((await t.app.inject({ method: 'GET', url: '/v1/audit-log' })).json().code).toBe('unauthorized');
    expect((await get('/v1/audit-log', { cookie: 'fds_session=nope', origin: '' })).statusCode).toBe(401);
    const narrow = await createKey({ scopes: ['shipments:read'] });
    const refused = await t.app.inject({ method: 'GET', url: '/v1/audit-log', headers: { ...t.auth(narrow), cookie: owner.cookie } });
    expect(refused.json().code).toBe('insufficient_scope');
  });
});
