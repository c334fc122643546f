/** The metrics listener with METRICS_TOKEN: a scrape without the token, or with another, is refused. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrometheusMetrics } from './prometheus.js';
import { startMetricsServer, type MetricsServer } from './metrics-server.js';

describe('metrics listener behind METRICS_TOKEN', () => {
  const token = 'scrape-token-0123456789';
  let server: MetricsServer;
  beforeAll(async () => {
    server = await startMetricsServer(new PrometheusMetrics(), { port: 0, host: '127.0.0.1', token });
  });
  afterAll(() => server.close());
  const scrape = (authorization?: string) => fetch(`http://127.0.0.1:${server.port}/metrics`, { headers: authorization ? { authorization } : {} });

  it('answers 401 without the token or with another one', async () => {
    for (const header of [undefined, 'Bearer wrong', `Bearer ${token}x`, token]) {
      const res = await scrape(header);
      expect(res.status, String(header)).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      expect(await res.text()).not.toContain('fds_');
    }
  });

  it('serves the families with the token', async () => {
    const res = await scrape(`Bearer ${token}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('# TYPE fds_http_request_duration_seconds histogram');
  });
});
