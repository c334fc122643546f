/**
 * OpenTelemetry traces from the service as a process (npm start's code path), exported over
 * OTLP/HTTP to a stand-in collector: each request's spans arrive as one trace under a server span
 * named after the route template, and every span carries the request id the client saw in the
 * Request-Id header, also when requests run at the same time. With PostgreSQL and Redis, their
 * spans are children of the request's. The metrics listener runs beside it in the same process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/listening-app.js';
import { startOtlpCollector, type CollectedSpan, type OtlpCollector } from '../support/otlp-collector.js';
import { startServer, type RunningServer } from '../support/processes.js';
import { scratchDatabase, scratchDatabaseKinds, type ScratchDatabase } from '../support/databases.js';
import { minimalShipment } from '../support/shipment-fixtures.js';
import { migratedDataDir } from '../support/migrated-data-dir.js';

describe.each(scratchDatabaseKinds())('traces over OTLP from the server process on %s', (kind) => {
  let collector: OtlpCollector;
  let server: RunningServer;
  let database: ScratchDatabase | undefined;
  let base: string;
  let key: string;
  const dataDir = kind === 'postgres' ? mkdtempSync(join(tmpdir(), 'fds-otel-')) : migratedDataDir('fds-otel-');

  beforeAll(async () => {
    collector = await startOtlpCollector();
    database = kind === 'postgres' ? await scratchDatabase('postgres') : undefined;
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = startServer({
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      METRICS_PORT: String(await freePort()),
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      OTEL_BSP_SCHEDULE_DELAY: '100',
      ...(database ? { ...database.env, REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' } : {}),
    });
    await server.waitFor('curl -H', 90_000);
    key = /API key:\s+(sk_test_[0-9A-Za-z]{40})/.exec(server.stdout())![1]!;
  }, 120_000);
  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    await collector?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const call = async (path: string, authorization = `Bearer ${key}`) => {
    const res = await fetch(`${base}${path}`, { headers: { authorization } });
    await res.arrayBuffer();
    return { status: res.status, requestId: res.headers.get('request-id')! };
  };
  const traceOf = (spans: CollectedSpan[], requestId: string) => {
    const root = spans.find((s) => s.kind === 2 && s.attributes.request_id === requestId);
    return root ? { root, spans: spans.filter((s) => s.traceId === root.traceId) } : undefined;
  };

  it('every span of a request carries its request id, concurrent requests included', async () => {
    const answers = await Promise.all([call('/v1/shipments'), call('/v1/shipments?limit=5'), call('/v1/whoami'), call('/v1/events')]);
    const unknown = await call('/v1/no-such-thing');
    const refused = await call('/v1/whoami', 'Bearer sk_test_wrong');
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect([unknown.status, refused.status]).toEqual([404, 401]);
    const all = [...answers, unknown, refused];
    expect(new Set(all.map((a) => a.requestId)).size).toBe(all.length);

    const spans = await collector.waitFor((received) => all.every((a) => traceOf(received, a.requestId)));
    for (const { requestId } of all) {
      const trace = traceOf(spans, requestId)!;
      for (const span of trace.spans) expect(span.attributes.request_id, `${span.name} in the trace of ${requestId}`).toBe(requestId);
    }
    // No span anywhere lacks a request id: work outside requests (start-up, worker polls, scrapes) makes none.
    expect(spans.filter((s) => typeof s.attributes.request_id !== 'string').map((s) => s.name)).toEqual([]);

    const list = traceOf(spans, answers[0]!.requestId)!;
    expect(list.root.name).toBe('GET /v1/shipments');
    expect(list.root.attributes['http.route']).toBe('/v1/shipments');
    expect(list.root.resource['service.name']).toBe('freight-document-service');
    expect(traceOf(spans, unknown.requestId)!.root.name).toBe('GET');
    expect(traceOf(spans, refused.requestId)!.root.name).toBe('GET /v1/whoami');
    // The list reads the database inside the request: those spans are the request's children.
    const children = list.spans.filter((s) => s !== list.root);
    expect(children.some((s) => s.name.startsWith('pg'))).toBe(true);
    if (kind === 'postgres') expect(spans.some((s) => s.attributes['db.system.name'] === 'redis' || s.attributes['db.system'] === 'redis')).toBe(true);
    expect(collector.paths.every((p) => p === '/v1/traces')).toBe(true);
  });

  it('an issue renders in the render threads under tracing; its spans carry its request id', async () => {
    const res = await fetch(`${base}/v1/shipments?issue=true`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(minimalShipment()) });
    expect(res.status, await res.text()).toBe(201);
    const requestId = res.headers.get('request-id')!;
    const spans = await collector.waitFor((received) => traceOf(received, requestId) !== undefined);
    const trace = traceOf(spans, requestId)!;
    expect(trace.root.name).toBe('POST /v1/shipments');
    // The render happens between the request's reads and its one-statement write, in another thread.
    expect(trace.spans.some((s) => s.name.startsWith('pg.query:WITH'))).toBe(true);
    for (const span of trace.spans) expect(span.attributes.request_id).toBe(requestId);
  });
});
