/**
 * GET /metrics on METRICS_PORT, scraped over HTTP as Prometheus does, after requests (answered,
 * 404, 429), webhook attempts, a render and background jobs: every family the service exports is
 * there with the values those caused. The API port answers 404 problem+json for /metrics.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/core/clock.js';
import { SYSTEM_PATHS } from '../../../src/modules/system/system.routes.js';
import { backends } from '../../support/backends.js';
import { parseExposition, type Exposition } from '../../support/prometheus-text.js';
import { minimalShipment } from '../../support/shipment-fixtures.js';
import { shipmentsApi } from '../../support/shipments-api.js';
import { buildTestApp, type Tenant, type TestApp } from '../../support/test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../support/webhook-receiver.js';
import { webhooksApi } from '../../support/webhooks-api.js';

const API_KEY_LIMIT = 30;
/** Ten seconds into an hour: the hourly jobs are due since the hour began. */
const START = '2026-01-15T09:00:10.000Z';

describe.each(backends())('metrics on $name', (backend) => {
  let t: TestApp;
  let tenant: Tenant;
  let receiver: WebhookReceiver;
  const clock = new ManualClock(START);
  beforeAll(async () => {
    t = await buildTestApp(backend, {
      clock,
      ownDatabase: true,
      env: { METRICS_PORT: '0', WEBHOOK_ALLOW_PRIVATE_TARGETS: '1', RATE_LIMIT_REQUESTS: String(API_KEY_LIMIT), RATE_LIMIT_WINDOW_S: '60', AUTH_FAILURE_LIMIT: '2', AUTH_FAILURE_WINDOW_S: '60' },
    });
    tenant = await t.newTenant();
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  const scrape = async (headers: Record<string, string> = {}): Promise<Exposition & { status: number; contentType: string | null }> => {
    const res = await fetch(`http://127.0.0.1:${t.runtime.metricsServer!.port}/metrics`, { headers });
    return { ...parseExposition(await res.text()), status: res.status, contentType: res.headers.get('content-type') };
  };
  const http = (m: Exposition, route: string, status: number, method = 'GET') => m.value('fds_http_request_duration_seconds_count', { route, method, status: String(status) });

  it('is not served on the API port: 404 problem+json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ code: 'not_found', request_id: res.headers['request-id'] });
  });

  it('times requests by route template, method and status; unknown paths share one label', async () => {
    expect((await t.app.inject({ method: 'GET', url: SYSTEM_PATHS.whoami, headers: t.auth(tenant.testKey) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/v1/shipments/shp_01KQ0000000000000000000000', headers: t.auth(tenant.testKey) })).statusCode).toBe(404);
    for (const path of ['/v1/nothing-here', '/v1/nothing/else/at/all', '/wp-login.php?x=1']) expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    // A broken percent-escape is refused before routing.
    expect((await t.app.inject({ method: 'GET', url: '/v1/shipments/%zz' })).statusCode).toBe(400);

    const m = await scrape();
    expect(m.status).toBe(200);
    expect(m.contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(m.types.get('fds_http_request_duration_seconds')).toBe('histogram');
    expect(http(m, '/v1/whoami', 200)).toBe(1);
    expect(http(m, '/v1/shipments/{id}', 404)).toBe(1);
    expect(http(m, '(no route)', 404)).toBe(4); // the three above and the API-port /metrics
    expect(http(m, '(no route)', 400)).toBe(1);
    expect(m.samples.filter((s) => s.name === 'fds_http_request_duration_seconds_count').map((s) => s.labels.route)).not.toContain('/v1/nothing-here');
    const whoamiSum = m.value('fds_http_request_duration_seconds_sum', { route: '/v1/whoami', status: '200' })!;
    expect(whoamiSum).toBeGreaterThan(0);
    expect(whoamiSum).toBeLessThan(10);
    expect(m.value('fds_http_request_duration_seconds_bucket', { route: '/v1/whoami', status: '200', le: '+Inf' })).toBe(1);
  });

  it('counts rate-limit refusals by limiter', async () => {
    const other = await t.newTenant();
    const statuses: number[] = [];
    for (let i = 0; i <= API_KEY_LIMIT; i++) statuses.push((await t.app.inject({ method: 'GET', url: SYSTEM_PATHS.whoami, headers: t.auth(other.testKey) })).statusCode);
    expect(statuses.at(-1)).toBe(429);
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: SYSTEM_PATHS.whoami, headers: t.auth('sk_test_wrong'), remoteAddress: '192.0.2.77' });

    const m = await scrape();
    expect(m.types.get('fds_rate_limit_refusals_total')).toBe('counter');
    expect(m.value('fds_rate_limit_refusals_total', { limiter: 'api_key' })).toBe(1);
    expect(m.value('fds_rate_limit_refusals_total', { limiter: 'failed_auth' })).toBe(1);
    expect(http(m, '/v1/whoami', 429)).toBe(2);
  });

  it('webhook queue depth and oldest due age from the database; attempts by outcome', async () => {
    const hooks = webhooksApi(t, tenant);
    const failing = await startWebhookReceiver();
    try {
      failing.respond(() => ({ status: 500 }));
      await hooks.endpoint({ url: receiver.url, events: ['shipment.created'] });
      await hooks.endpoint({ url: failing.url, events: ['shipment.created'] });
      await shipmentsApi(t, tenant).created(minimalShipment());
      clock.advance(4_000);

      const queued = await scrape();
      expect(queued.value('fds_webhook_queue_depth')).toBe(2);
      expect(queued.value('fds_webhook_oldest_due_age_seconds')).toBeCloseTo(4, 3);

      expect(await t.runtime.deliveries.tick()).toBe(2);
      const m = await scrape();
      expect(m.value('fds_webhook_deliveries_total', { outcome: 'succeeded' })).toBe(1);
      expect(m.value('fds_webhook_deliveries_total', { outcome: 'retrying' })).toBe(1);
      // The failed one is due again later, not now.
      expect(m.value('fds_webhook_queue_depth')).toBe(0);
      expect(m.value('fds_webhook_oldest_due_age_seconds')).toBe(0);
    } finally {
      await failing.close();
    }
  });

  it('times renders by kind and reads the render queue', async () => {
    const issued = await shipmentsApi(t, tenant).created(minimalShipment(), { issue: true });
    expect(issued.status).toBe('issued');
    const m = await scrape();
    expect(m.types.get('fds_render_duration_seconds')).toBe('histogram');
    expect(m.value('fds_render_duration_seconds_count', { kind: 'consignment_note' })).toBe(1);
    expect(m.value('fds_render_duration_seconds_sum', { kind: 'consignment_note' })).toBeGreaterThan(0);
    expect(m.value('fds_render_queue_depth')).toBe(0);
  });

  it('times how late jobs start (job lag), by kind', async () => {
    expect(await t.runtime.jobs.loop.tick()).toBeGreaterThan(0);
    const m = await scrape();
    expect(m.types.get('fds_job_lag_seconds')).toBe('histogram');
    // Hourly jobs were due at 09:00:00; the clock has moved 10 s past that, then 4 s.
    expect(m.value('fds_job_lag_seconds_count', { kind: 'purge-request-logs' })).toBe(1);
    expect(m.value('fds_job_lag_seconds_sum', { kind: 'purge-request-logs' })).toBeCloseTo(14, 3);
  });

  it("reads the database pool's use and the process's default metrics", async () => {
    const m = await scrape();
    const max = backend.databaseUrl ? 10 : 1;
    expect(m.value('fds_db_pool_max_connections')).toBe(max);
    const active = m.value('fds_db_pool_connections', { state: 'active' })!;
    const idle = m.value('fds_db_pool_connections', { state: 'idle' })!;
    expect(active + idle).toBeGreaterThan(0);
    expect(active + idle).toBeLessThanOrEqual(max);
    // The scrape's own webhook-queue query may be waiting for the embedded database's one connection.
    expect(m.value('fds_db_pool_waiting_clients')).toBeGreaterThanOrEqual(0);
    expect(m.value('process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(m.types.get('nodejs_eventloop_lag_seconds')).toBe('gauge');
  });

  it('answers only GET /metrics', async () => {
    const base = `http://127.0.0.1:${t.runtime.metricsServer!.port}`;
    expect((await fetch(`${base}/`)).status).toBe(404);
    expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(405);
  });
});
