/**
 * Sandbox test clocks (docs/sandbox-test-clocks.md): create, list, read, advance and delete with
 * their errors; attaching shipments, signature requests and webhook endpoints with `?test_clock=`;
 * and sign links that follow their clock: expiry (410 `token_expired`) and the OTP lock window.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { expectProblem } from '../support/problems.js';
import { minimalShipment } from '../support/shipment-fixtures.js';
import { buildTestApp, type Tenant, type TestApp } from '../support/test-app.js';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe.each(backends())('test clocks on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend, { env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: '1' } });
  });
  afterAll(() => t?.close());

  const call = (tenant: Tenant, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, key = tenant.testKey) =>
    t.app.inject({ method, url, headers: t.auth(key), ...(payload === undefined ? {} : { payload }) });
  const newClock = async (tenant: Tenant, body: object = {}) => {
    const res = await call(tenant, 'POST', '/v1/test/clocks', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; frozen_time: string; name: string | null };
  };
  const advance = (tenant: Tenant, id: string, to: Date | string) => call(tenant, 'POST', `/v1/test/clocks/${id}/advance`, { frozen_time: new Date(to).toISOString() });

  let n = 0;
  /** An issued shipment on `clock` (if given) and a consignor link to a recipient of its own, with its token. */
  async function clockedLink(tenant: Tenant, options: { shipmentClock?: string; requestClock?: string; otp?: boolean } = {}) {
    const recipient = `clocked${++n}.${Date.now()}@sign.example`;
    const shipment = await call(tenant, 'POST', `/v1/shipments?issue=true${options.shipmentClock ? `&test_clock=${options.shipmentClock}` : ''}`, minimalShipment());
    expect(shipment.statusCode, shipment.body).toBe(201);
    const res = await call(tenant, 'POST', `/v1/shipments/${shipment.json().id}/signature-requests${options.requestClock ? `?test_clock=${options.requestClock}` : ''}`, {
      role: 'consignor',
      channel: 'email',
      recipient,
      ...(options.otp ? { otp_required: true } : {}),
    });
    expect(res.statusCode, res.body).toBe(201);
    const message = await t.runtime.services.db.selectFrom('outbox_messages').select('body').where('recipient', '=', recipient).executeTakeFirstOrThrow();
    return { shipment: shipment.json(), request: res.json(), recipient, token: /\/sign\/([A-Za-z0-9_-]+)/.exec(message.body)![1]! };
  }

  it('creates, lists, reads, advances and deletes a clock', async () => {
    const tenant = await t.newTenant();
    const start = '2027-03-01T08:00:00.000Z';
    const clock = await newClock(tenant, { frozen_time: start, name: 'retries' });
    expect(clock).toMatchObject({ id: expect.stringMatching(/^clk_/), object: 'test_clock', frozen_time: start, name: 'retries' });
    const now = await newClock(tenant);
    expect(now).toMatchObject({ frozen_time: t.clock.now().toISOString(), name: null });

    const list = (await call(tenant, 'GET', '/v1/test/clocks?limit=1')).json();
    expect(list).toMatchObject({ data: [{ id: now.id }], has_more: true });
    const rest = (await call(tenant, 'GET', `/v1/test/clocks?limit=1&cursor=${list.next_cursor}`)).json();
    expect(rest).toMatchObject({ data: [{ id: clock.id }], has_more: false });
    expect((await call(tenant, 'GET', `/v1/test/clocks/${clock.id}`)).json()).toEqual(clock);

    const advanced = await advance(tenant, clock.id, '2027-03-02T08:00:00.000Z');
    expect(advanced.statusCode).toBe(200);
    expect(advanced.json()).toMatchObject({ id: clock.id, frozen_time: '2027-03-02T08:00:00.000Z' });

    // Another organisation sees none of it.
    const other = await t.newTenant();
    expectProblem(await call(other, 'GET', `/v1/test/clocks/${clock.id}`), 'not_found');
    expect((await call(other, 'GET', '/v1/test/clocks')).json().data).toEqual([]);

    expect((await call(tenant, 'DELETE', `/v1/test/clocks/${clock.id}`)).statusCode).toBe(204);
    expectProblem(await call(tenant, 'GET', `/v1/test/clocks/${clock.id}`), 'not_found');
    expectProblem(await call(tenant, 'DELETE', `/v1/test/clocks/${clock.id}`), 'not_found');
    expectProblem(await advance(tenant, clock.id, '2027-03-03T08:00:00.000Z'), 'not_found');
    expect((await call(tenant, 'GET', '/v1/test/clocks')).json().data.map((c: { id: string }) => c.id)).toEqual([now.id]);
  });

  it('moves only forward, at most two years at a time; live keys and bad ids are refused', async () => {
    const tenant = await t.newTenant();
    const clock = await newClock(tenant, { frozen_time: '2027-01-01T00:00:00.000Z' });
    const same = expectProblem(await advance(tenant, clock.id, '2027-01-01T00:00:00.000Z'), 'validation_failed');
    expect(same.errors).toEqual([expect.objectContaining({ path: '$.frozen_time', code: 'out_of_range' })]);
    expectProblem(await advance(tenant, clock.id, '2026-12-31T00:00:00.000Z'), 'validation_failed');
    const far = expectProblem(await advance(tenant, clock.id, '2029-01-02T00:00:00.000Z'), 'validation_failed');
    expect(far.errors[0]).toMatchObject({ path: '$.frozen_time', params: { comparison: 'at most', limit: '2028-12-31T00:00:00.000Z' } });
    expect((await advance(tenant, clock.id, '2028-12-31T00:00:00.000Z')).statusCode).toBe(200);
    expectProblem(await call(tenant, 'POST', `/v1/test/clocks/${clock.id}/advance`, {}), 'validation_failed');

    expectProblem(await call(tenant, 'POST', '/v1/test/clocks', {}, tenant.liveKey), 'test_mode_only');
    expectProblem(await call(tenant, 'GET', '/v1/test/clocks', undefined, tenant.liveKey), 'test_mode_only');
    expectProblem(await call(tenant, 'GET', `/v1/test/clocks/${clock.id}`, undefined, tenant.liveKey), 'test_mode_only');
    expectProblem(await call(tenant, 'GET', '/v1/test/clocks/clk_nope'), 'invalid_id');
    expectProblem(await call(tenant, 'GET', '/v1/test/clocks/clk_01JD0000000000000000000000'), 'not_found');
  });

  it('attaches shipments, signature requests and webhook endpoints with ?test_clock=, and refuses it for live keys, bad ids and unknown clocks', async () => {
    const tenant = await t.newTenant();
    const clock = await newClock(tenant, { frozen_time: '2027-05-01T10:00:00.000Z' });
    const { shipment, request } = await clockedLink(tenant, { shipmentClock: clock.id });
    // The shipment is made in clock time; its link inherits the clock and expires in clock time.
    expect(shipment).toMatchObject({ test_clock: clock.id, created_at: '2027-05-01T10:00:00.000Z' });
    expect(request).toMatchObject({ test_clock: clock.id, expires_at: '2027-05-04T10:00:00.000Z' });
    expect((await call(tenant, 'GET', `/v1/signature-requests/${request.id}`)).json()).toMatchObject({ test_clock: clock.id, status: 'pending' });
    const plain = (await call(tenant, 'POST', '/v1/shipments', minimalShipment())).json();
    expect(plain.test_clock).toBeNull();

    const endpoint = await call(tenant, 'POST', `/v1/webhook-endpoints?test_clock=${clock.id}`, { url: 'http://127.0.0.1:9/hooks', events: ['*'] });
    expect(endpoint.statusCode, endpoint.body).toBe(201);
    expect(endpoint.json()).toMatchObject({ test_clock: clock.id, created_at: '2027-05-01T10:00:00.000Z' });
    expect((await call(tenant, 'GET', `/v1/webhook-endpoints/${endpoint.json().id}`)).json().test_clock).toBe(clock.id);

    const routes = [
      ['/v1/shipments', minimalShipment()],
      [`/v1/shipments/${plain.id}/signature-requests`, { role: 'consignor', channel: 'email', recipient: 'someone@sign.example' }],
      ['/v1/webhook-endpoints', { url: 'http://127.0.0.1:9/hooks', events: ['*'] }],
    ] as const;
    const otherOrganisation = await newClock(await t.newTenant());
    for (const [url, body] of routes) {
      expectProblem(await call(tenant, 'POST', `${url}?test_clock=${clock.id}`, body, tenant.liveKey), 'test_mode_only');
      // DESIGN, Errors: an id of the wrong shape in the query is a bad parameter, with a finding on it.
      const badShape = expectProblem(await call(tenant, 'POST', `${url}?test_clock=clk_123`, body), 'bad_request');
      expect(badShape.errors).toEqual([expect.objectContaining({ path: 'query.test_clock' })]);
      for (const unknown of ['clk_01JD0000000000000000000000', otherOrganisation.id]) {
        const problem = expectProblem(await call(tenant, 'POST', `${url}?test_clock=${unknown}`, body), 'validation_failed');
        expect(problem.errors).toEqual([expect.objectContaining({ path: 'query.test_clock', code: 'test_clock_not_found' })]);
      }
    }
    // A deleted clock attaches nothing more.
    await call(tenant, 'DELETE', `/v1/test/clocks/${clock.id}`);
    expectProblem(await call(tenant, 'POST', `/v1/shipments?test_clock=${clock.id}`, minimalShipment()), 'validation_failed');
  });

  it('a sign link follows its clock: advanced past its expiry it is 410 token_expired, at once', async () => {
    const tenant = await t.newTenant();
    const viaShipment = await newClock(tenant);
    const viaRequest = await newClock(tenant);
    const a = await clockedLink(tenant, { shipmentClock: viaShipment.id });
    const b = await clockedLink(tenant, { requestClock: viaRequest.id });
    const unattached = await clockedLink(tenant);
    for (const link of [a, b, unattached]) expect((await t.app.inject({ method: 'GET', url: `/v1/sign/${link.token}` })).statusCode).toBe(200);

    expect((await advance(tenant, viaShipment.id, new Date(Date.parse(viaShipment.frozen_time) + 72 * HOUR - 1000))).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/v1/sign/${a.token}` })).statusCode, 'a second before its expiry').toBe(200);
    await advance(tenant, viaShipment.id, new Date(Date.parse(viaShipment.frozen_time) + 72 * HOUR));
    await advance(tenant, viaRequest.id, new Date(Date.parse(viaRequest.frozen_time) + 8 * DAY));
    for (const link of [a, b]) {
      expectProblem(await t.app.inject({ method: 'GET', url: `/v1/sign/${link.token}` }), 'token_expired');
      const page = await t.app.inject({ method: 'GET', url: `/sign/${link.token}` });
      expect(page.statusCode).toBe(410);
      expect((await call(tenant, 'GET', `/v1/signature-requests/${link.request.id}`)).json().status).toBe('expired');
    }
    // Real time has not moved: the link on no clock still opens, and the clocks touched nothing else.
    expect((await t.app.inject({ method: 'GET', url: `/v1/sign/${unattached.token}` })).statusCode).toBe(200);

    // Deleted, the clock lets its link read real time again: not expired there.
    expect((await call(tenant, 'DELETE', `/v1/test/clocks/${viaRequest.id}`)).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/v1/sign/${b.token}` })).statusCode).toBe(200);
  });

  it('retention follows the clock: the feed events of an attached shipment go 90 days of clock time later, others stay', async () => {
    const tenant = await t.newTenant();
    const clock = await newClock(tenant);
    const attached = (await call(tenant, 'POST', `/v1/shipments?test_clock=${clock.id}`, minimalShipment())).json();
    const plain = (await call(tenant, 'POST', '/v1/shipments', minimalShipment())).json();
    const feed = (shipmentId: string) => t.runtime.services.db.selectFrom('events').select('id').where('shipment_id', '=', shipmentId).execute();
    const { purgeEventsJob } = await import('../../src/modules/events/purge-events.job.js');
    const { purgeWebhookDeliveriesJob } = await import('../../src/modules/webhooks/purge-webhook-deliveries.job.js');
    await advance(tenant, clock.id, new Date(Date.parse(clock.frozen_time) + 90 * DAY - 1000));
    await purgeEventsJob.handle(t.runtime.services, {});
    expect(await feed(attached.id)).toHaveLength(1);
    await advance(tenant, clock.id, new Date(Date.parse(clock.frozen_time) + 90 * DAY + 1000));
    await purgeEventsJob.handle(t.runtime.services, {});
    await purgeWebhookDeliveriesJob.handle(t.runtime.services, {});
    expect(await feed(attached.id)).toEqual([]);
    expect(await feed(plain.id)).toHaveLength(1);
  });

  it('an OTP lock lifts when the clock is advanced ten minutes', async () => {
    const tenant = await t.newTenant();
    const clock = await newClock(tenant);
    const { token, recipient } = await clockedLink(tenant, { shipmentClock: clock.id, otp: true });
    const verify = (code: string) => t.app.inject({ method: 'POST', url: `/v1/sign/${token}/otp/verify`, payload: { code } });
    expect((await t.app.inject({ method: 'POST', url: `/v1/sign/${token}/otp` })).statusCode).toBe(202);
    const message = await t.runtime.services.db.selectFrom('outbox_messages').select('body').where('recipient', '=', recipient).where('subject', '=', 'Your signing code').executeTakeFirstOrThrow();
    const code = /(\d{6})/.exec(message.body)![1]!;
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i++) expectProblem(await verify(wrong), 'otp_invalid');
    const locked = expectProblem(await verify(code), 'otp_locked');
    expect(locked.detail).toContain(new Date(Date.parse(clock.frozen_time) + 10 * 60_000).toISOString());

    await advance(tenant, clock.id, new Date(Date.parse(clock.frozen_time) + 10 * 60_000));
    // The code itself expired with the window (ten minutes too): the lock is gone, the code refused as expired.
    expectProblem(await verify(code), 'otp_invalid');
    expect((await t.app.inject({ method: 'POST', url: `/v1/sign/${token}/otp` })).statusCode).toBe(202);
  });
});
