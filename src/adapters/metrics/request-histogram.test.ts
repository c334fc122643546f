/** The hand-kept request histogram writes what prom-client's own Histogram writes for the same observations. */
import { Histogram, Registry, type Metric } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestHistogram } from './request-histogram.js';

const BOUNDS = [0.01, 0.1, 1];
const OBSERVED: [string, string, number, number][] = [
  ['/v1/whoami', 'GET', 200, 0.004],
  ['/v1/whoami', 'GET', 200, 0.05],
  ['/v1/whoami', 'GET', 200, 0.1],
  ['/v1/whoami', 'GET', 429, 2],
  ['/v1/shipments/{id}', 'PATCH', 404, 0.3],
  ['(no route)', 'GET', 404, 0.001],
];

describe('request histogram', () => {
  it('exposes the same text as a prom-client Histogram given the same observations', async () => {
    const ours = new Registry();
    const histogram = new RequestHistogram('fds_test_seconds', 'Test.', BOUNDS);
    ours.registerMetric(histogram as unknown as Metric);
    const recorders = new Map<string, ReturnType<RequestHistogram['recorder']>>();
    for (const [route, method, status, seconds] of OBSERVED) {
      if (!recorders.has(route)) recorders.set(route, histogram.recorder(route));
      recorders.get(route)!(method, status, seconds);
    }

    const theirs = new Registry();
    const reference = new Histogram({ name: 'fds_test_seconds', help: 'Test.', labelNames: ['route', 'method', 'status'], buckets: BOUNDS, registers: [theirs] });
    for (const [route, method, status, seconds] of OBSERVED) reference.observe({ route, method, status: String(status) }, seconds);

    const lines = (text: string) => text.split('\n').filter(Boolean).sort();
    expect(lines(await ours.metrics())).toEqual(lines(await theirs.metrics()));
    expect(await ours.metrics()).toContain('fds_test_seconds_bucket{le="0.1",route="/v1/whoami",method="GET",status="200"} 3');

    ours.resetMetrics();
    expect(lines(await ours.metrics())).toEqual(['# HELP fds_test_seconds Test.', '# TYPE fds_test_seconds histogram']);
  });
});
