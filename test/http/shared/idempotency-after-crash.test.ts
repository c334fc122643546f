/**
 * A retried act replays its result after a crash. The act's transaction commits, then the process
 * dies before its answer is sent or kept (here: the request is held, unanswered, in an onSend hook
 * that runs before the service's own — the point a kill -9 after the commit leaves behind). The
 * client retries with the same Idempotency-Key on a fresh app over the same database (PostgreSQL; on
 * the embedded backend, one process, the same app) and gets the first answer: its status and body,
 * with `Idempotent-Replayed: true` — not `already_signed` or `invalid_transition` — and the act done
 * once. Before, the key was claimed before the act and its answer kept after it: the retry found
 * the key in progress (409 `idempotency_in_progress`) for a minute, then ran the act again and got,
 * and kept, its refusal.
 */
import { randomInt } from 'node:crypto';
import fp from 'fastify-plugin';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPLAY_HEADER } from '../../../src/http/idempotency.js';
import { DRIVER_PATHS } from '../../../src/modules/driver/driver.routes.js';
import { backends } from '../../support/backends.js';
import { fullShipment, minimalShipment } from '../../support/shipment-fixtures.js';
import { shipmentsApi } from '../../support/shipments-api.js';
import { signLinksApi } from '../../support/sign-links-api.js';
import { buildTestApp, type Tenant, type TestApp } from '../../support/test-app.js';

/** The header that makes the first app "die" after the act, before its answer: not part of the request's fingerprint. */
const DIE = 'x-test-die-before-answer';

interface Held {
  /** The answer the dead process would have sent, had it lived: for comparing with the replay. */
  payload: unknown;
  release(): void;
}

/** An onSend hook ahead of the service's own that holds a marked request's answer, as if the process had died there. */
function dieBeforeAnswer() {
  const held: Held[] = [];
  let reached: (h: Held) => void = () => {};
  const plugin = fp(async (app) => {
    app.addHook('onSend', async (request, _reply, payload) => {
      if (request.headers[DIE] === undefined) return payload;
      await new Promise<void>((release) => {
        const h = { payload, release };
        held.push(h);
        reached(h);
      });
      return payload;
    });
  });
  return {
    plugin,
    /** Resolves once the marked request's act has run and its answer is held. */
    next: () => new Promise<Held>((resolve) => (reached = resolve)),
    releaseAll: () => held.forEach((h) => h.release()),
  };
}

const path = (template: string, params: Record<string, string>) => template.replace(/:(\w+)/g, (_, name: string) => params[name]!);

describe.each(backends())('a retried act after a crash between commit and answer, on $name', (backend) => {
  const dying = dieBeforeAnswer();
  let first: TestApp;
  /** The app the client retries on: a fresh one on the same database where there can be two. */
  let fresh: TestApp;
  let tenant: Tenant;
  beforeAll(async () => {
    first = await buildTestApp(backend, { plugins: [dying.plugin], env: { RATE_LIMIT_REQUESTS: '1000000' } });
    fresh = first.databaseUrl ? await buildTestApp(backend, { databaseUrl: first.databaseUrl, clock: first.clock, env: { RATE_LIMIT_REQUESTS: '1000000' } }) : first;
    tenant = await first.newTenant();
  }, 120_000);
  afterAll(async () => {
    dying.releaseAll();
    if (fresh !== first) await fresh.close();
    await first.close();
  });

  type Call = { method: 'POST'; url: string; headers: Record<string, string>; payload?: object };
  const keyed = (call: Call, key: string): Call => ({ ...call, headers: { ...call.headers, 'idempotency-key': key } });

  /**
   * Runs `call` on the first app until its act committed and its answer is held (the crash), then
   * retries it on the fresh app: the retry is the first answer, replayed.
   */
  async function crashThenRetry(call: Call, key: string): Promise<LightMyRequestResponse> {
    const held = dying.next();
    const lost = first.app.inject({ ...keyed(call, key), headers: { ...keyed(call, key).headers, [DIE]: '1' } });
    const answer = await held;
    // The client retries after its own timeout: past any lock a claim before the act would have left.
    first.clock.advance(61_000);
    const retry = await fresh.app.inject(keyed(call, key));
    expect(retry.statusCode, retry.body).toBeLessThan(300);
    expect(retry.headers[REPLAY_HEADER], retry.body).toBe('true');
    expect(retry.body).toBe(String(answer.payload));
    // A second retry is the same answer again.
    const again = await fresh.app.inject(keyed(call, key));
    expect([again.statusCode, again.body]).toEqual([retry.statusCode, retry.body]);
    answer.release();
    const sent = await lost;
    expect([sent.statusCode, sent.body]).toEqual([retry.statusCode, retry.body]);
    return retry;
  }

  const api = (url: string, payload?: object): Call => ({ method: 'POST', url, headers: first.auth(tenant.testKey), ...(payload ? { payload } : {}) });
  const get = (url: string) => fresh.app.inject({ method: 'GET', url, headers: fresh.auth(tenant.testKey) });
  const events = async (id: string, type: string) => (await get(`/v1/shipments/${id}/events?limit=100`)).json().data.filter((e: { type: string }) => e.type === type);

  it('issue: the retry replays the 200, not invalid_transition; one shipment.issued', async () => {
    const { id } = await shipmentsApi(first, tenant).created(minimalShipment());
    const retry = await crashThenRetry(api(`/v1/shipments/${id}/issue`), `issue-${id}`);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ id, status: 'issued' });
    expect(await events(id, 'shipment.issued')).toHaveLength(1);
  });

  it('cancel: the retry replays the 200, not invalid_transition; one shipment.cancelled', async () => {
    const { id } = await shipmentsApi(first, tenant).created(minimalShipment(), { issue: true });
    const retry = await crashThenRetry(api(`/v1/shipments/${id}/cancel`, { reason: 'order withdrawn' }), `cancel-${id}`);
    expect(retry.json()).toMatchObject({ id, status: 'cancelled' });
    expect(await events(id, 'shipment.cancelled')).toHaveLength(1);
  });

  it('API signature: the retry replays the 201, not already_signed; one signature', async () => {
    const { id } = await shipmentsApi(first, tenant).created(minimalShipment(), { issue: true });
    const retry = await crashThenRetry(api(`/v1/shipments/${id}/signatures`, { role: 'consignor', signer_name: 'Piet Jansen' }), `sign-${id}`);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toMatchObject({ role: 'consignor', signer_name: 'Piet Jansen' });
    expect((await get(`/v1/shipments/${id}/signatures`)).json().data.map((s: { id: string }) => s.id)).toEqual([retry.json().id]);
  });

  it('remark: the retry replays the 201 with the first remark; one remark', async () => {
    const { id } = await shipmentsApi(first, tenant).created(minimalShipment(), { issue: true });
    const retry = await crashThenRetry(api(`/v1/shipments/${id}/remarks`, { phase: 'pickup', type: 'delay', text: 'An hour late.' }), `remark-${id}`);
    expect(retry.statusCode).toBe(201);
    expect((await get(`/v1/shipments/${id}/remarks`)).json().data.map((r: { id: string }) => r.id)).toEqual([retry.json().id]);
  });

  it('sign app: a retried submit on the link it spent replays the 201, not already_signed; a retried sign-link remark and handoff replay', async () => {
    const { id } = await shipmentsApi(first, tenant).created(minimalShipment(), { issue: true });
    const links = signLinksApi(first, tenant);
    const consignor = await links.link(id, { role: 'consignor' });
    const remark = await crashThenRetry({ method: 'POST', url: `/v1/sign/${consignor.token}/remarks`, headers: {}, payload: { type: 'damage', text: 'Pallet 3 wet.' } }, `remark-${consignor.token}`);
    expect(remark.statusCode).toBe(201);
    const { document } = (await links.context(consignor.token)).json();
    const body = { signer_name: 'Sanne de Vries', signature: { type: 'typed' }, document_id: document.id, document_sha256: document.sha256 };
    const retry = await crashThenRetry({ method: 'POST', url: `/v1/sign/${consignor.token}/submit`, headers: {}, payload: body }, 'submit-1');
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toMatchObject({ role: 'consignor', signer_name: 'Sanne de Vries' });
    // Another request with that key on the spent link is another request: not the first answer.
    const reused = await fresh.app.inject({ method: 'POST', url: `/v1/sign/${consignor.token}/submit`, headers: { 'idempotency-key': 'submit-1' }, payload: { ...body, signer_name: 'Someone Else' } });
    expect([reused.statusCode, reused.json().code]).toEqual([409, 'idempotency_key_reused']);
    // A new key on the spent link is refused by the link, as before.
    const spent = await fresh.app.inject({ method: 'POST', url: `/v1/sign/${consignor.token}/submit`, headers: { 'idempotency-key': 'submit-2' }, payload: body });
    expect([spent.statusCode, spent.json().code]).toEqual([409, 'already_signed']);
    expect((await get(`/v1/shipments/${id}/signatures`)).json().data).toHaveLength(1);

    const carrier = await links.link(id, { role: 'carrier' });
    await links.submit(carrier.token);
    const handoff = await crashThenRetry({ method: 'POST', url: `/v1/sign/${carrier.token}/handoff`, headers: {} }, `handoff-${carrier.token}`);
    expect(handoff.statusCode).toBe(201);
    // The link the replay gives is the one the act made: it opens.
    const handedToken = /\/sign\/([A-Za-z0-9_-]+)/.exec(handoff.json().url)![1]!;
    expect((await fresh.app.inject({ method: 'GET', url: `/v1/sign/${handedToken}` })).statusCode).toBe(200);
  });

  it('tours: a retried complete-stop and cancel replay their 200s, not invalid_transition', async () => {
    const { id } = await shipmentsApi(first, tenant).created(fullShipment(), { issue: true });
    const date = first.clock.now().toISOString().slice(0, 10);
    const tour = await first.app.inject({ method: 'POST', url: '/v1/tours', headers: first.auth(tenant.testKey), payload: { name: 'Run', date, driver: { name: 'Piotr Nowak', phone: '+48600000001' }, stops: [{ shipment_id: id, kind: 'pickup' }, { shipment_id: id, kind: 'delivery' }] } });
    expect(tour.statusCode, tour.body).toBe(201);
    const tourId = tour.json().id;
    const done = await crashThenRetry(api(`/v1/tours/${tourId}/stops/1/complete`, { outcome: 'done', missing_signatures: { reason: 'signed_on_paper' } }), `stop-${tourId}`);
    expect(done.json()).toMatchObject({ status: 'in_progress' });
    const cancelled = await crashThenRetry(api(`/v1/tours/${tourId}/cancel`, { reason: 'truck broke down' }), `cancel-${tourId}`);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
  });

  it("driver actions: a retried signature and handoff on the driver's phone replay their 201s", async () => {
    const phone = `+4861${randomInt(1_000_000, 9_999_999)}${randomInt(0, 10)}`;
    const { id } = await shipmentsApi(first, tenant).created(fullShipment(), { issue: true });
    const date = first.clock.now().toISOString().slice(0, 10);
    const tour = await first.app.inject({ method: 'POST', url: '/v1/tours', headers: first.auth(tenant.testKey), payload: { name: 'Run', date, driver: { name: 'Piotr Nowak', phone, language: 'pl' }, stops: [{ shipment_id: id, kind: 'pickup' }, { shipment_id: id, kind: 'delivery' }] } });
    expect(tour.statusCode, tour.body).toBe(201);
    expect((await first.app.inject({ method: 'POST', url: DRIVER_PATHS.signIn, payload: { phone }, remoteAddress: `10.9.${randomInt(0, 256)}.${randomInt(1, 255)}` })).statusCode).toBe(202);
    const sms = await first.runtime.services.db.selectFrom('outbox_messages').select('body').where('recipient', '=', phone).execute();
    const signedIn = await first.app.inject({ method: 'POST', url: DRIVER_PATHS.sessions, payload: { phone, code: /(\d{6})/.exec(sms.at(-1)!.body)![1] } });
    expect(signedIn.statusCode, signedIn.body).toBe(201);
    const driver = { authorization: `Bearer ${signedIn.json().token}` };
    const note = (await fresh.app.inject({ method: 'GET', url: path(DRIVER_PATHS.tour, { id: tour.json().id }), headers: driver })).json().stops[0].note;

    const signature = await crashThenRetry({ method: 'POST', url: path(DRIVER_PATHS.signatures, { id }), headers: driver, payload: { signature: { type: 'typed' }, document_id: note.document_id, document_sha256: note.sha256 } }, `driver-sign-${id}`);
    expect(signature.statusCode).toBe(201);
    expect(signature.json()).toMatchObject({ role: 'carrier', signer_name: 'Piotr Nowak' });
    expect((await get(`/v1/shipments/${id}/signatures`)).json().data).toHaveLength(1);
    const handoff = await crashThenRetry({ method: 'POST', url: path(DRIVER_PATHS.handoffs, { id }), headers: driver, payload: { role: 'consignor' } }, `driver-handoff-${id}`);
    expect(handoff.statusCode).toBe(201);
    expect(handoff.json().url).toMatch(/\/sign\//);
  });
});
