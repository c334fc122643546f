/** GET /v1/health (readiness), /v1/health/live, /v1/version, /v1/openapi.json and the reference page. */
import { readFileSync } from 'node:fs';
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMigrations } from '../../../src/adapters/database/migrator.js';
import { sortedDocument } from '../../../src/http/openapi.js';
import { SYSTEM_PATHS } from '../../../src/modules/system/system.routes.js';
import { backends } from '../../support/backends.js';
import { buildTestApp, type TestApp } from '../../support/test-app.js';

describe.each(backends())('system routes on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(() => t.close());

  it('health: every check ok', async () => {
    const res = await t.app.inject({ method: 'GET', url: SYSTEM_PATHS.health });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, checks: { database: 'ok', keyvalue: 'ok', objects: 'ok' }, environment: 'test', request_id: res.headers['request-id'] });
  });

  it('health: 503 with its own body naming the failed check', async () => {
    const original = t.runtime.probes.objects;
    t.runtime.probes.objects = async () => {
      throw new Error('bucket gone');
    };
    try {
      const res = await t.app.inject({ method: 'GET', url: SYSTEM_PATHS.health });
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toMatchObject({ ok: false, checks: { database: 'ok', keyvalue: 'ok', objects: 'error' } });
    } finally {
      t.runtime.probes.objects = original;
    }
  });

  it('liveness: 200 while a store is down, since restarting the process would not bring it back', async () => {
    const original = t.runtime.probes.database;
    t.runtime.probes.database = async () => {
      throw new Error('database gone');
    };
    try {
      expect((await t.app.inject({ method: 'GET', url: SYSTEM_PATHS.health })).statusCode).toBe(503);
      const res = await t.app.inject({ method: 'GET', url: SYSTEM_PATHS.live });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true, draining: false, request_id: res.headers['request-id'] });
    } finally {
      t.runtime.probes.database = original;
    }
  });

  it('draining: readiness answers 503 with its own body and ok false, liveness stays 200, other routes refuse', async () => {
    t.runtime.startDraining();
    try {
      const ready = await t.app.inject({ method: 'GET', url: SYSTEM_PATHS.health });
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['content-type']).toMatch(/^application\/json/);
      expect(ready.json()).toEqual({ ok: false, checks: { database: 'ok', keyvalue: 'ok', objects: 'ok' }, environment: 'test', request_id: ready.headers['request-id'] });
      const live = await t.app.inject({ method: 'GET', url: SYSTEM_PATHS.live });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toMatchObject({ ok: true, draining: true });
      expect((await t.app.inject({ method: 'GET', url: SYSTEM_PATHS.version })).json().code).toBe('service_unavailable');
    } finally {
      (t.runtime as unknown as { isDraining: () => boolean }).isDraining = () => false;
    }
  });

  it('version: api 1.0.0-alpha and the latest migration', async () => {
    const res = await t.app.inject({ method: 'GET', url: SYSTEM_PATHS.version });
    expect(res.json()).toEqual({ name: 'Freight document service API', api_version: '1.0.0-alpha', schema_version: loadMigrations().at(-1)!.version, environment: 'test' });
  });

  it('openapi.json: valid OpenAPI 3.1, version 1.0.0-alpha, every operation with its error responses', async () => {
    const res = await t.app.inject({ method: 'GET', url: SYSTEM_PATHS.openapi });
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.0-alpha');
    await SwaggerParser.validate(structuredClone(doc));
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['Problem', 'Finding', 'Health', 'Liveness', 'Version', 'WhoAmI', 'RequestLog']));
    expect(doc.components.securitySchemes.apiKey.description).toContain('webhooks:manage');
    for (const [path, item] of Object.entries<Record<string, any>>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(item)) {
        const statuses = Object.keys(op.responses);
        expect(statuses.some((s) => s.startsWith('2') || s === '503'), `${method} ${path}`).toBe(true);
        expect(statuses, `${method} ${path}`).toContain('500');
        if (op.security.length > 0) expect(statuses, `${method} ${path}`).toEqual(expect.arrayContaining(['401', '429']));
      }
    }
    const whoami = doc.paths['/v1/whoami'].get;
    expect(whoami.responses['401'].content['application/problem+json'].schema.properties.code.enum).toEqual(['unauthorized', 'invalid_api_key']);
    expect(doc.paths['/v1/request-logs'].get.security).toEqual([{ apiKey: ['request-logs:read'] }]);
  });

  it('the committed openapi.json is the generated one (run `npm run openapi` after changing a route)', async () => {
    const res = await t.app.inject({ method: 'GET', url: SYSTEM_PATHS.openapi });
    const committed = JSON.parse(readFileSync(new URL('../../../openapi.json', import.meta.url), 'utf8'));
    const generated = sortedDocument(res.json()) as { servers: unknown };
    committed.servers = generated.servers;
    expect(generated).toEqual(committed);
  });

  it('reference page: readable HTML with every operation and the error catalogue; error types resolve', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('/v1/request-logs');
    expect(res.body).toContain('id="error-idempotency_key_reused"');
    const link = await t.app.inject({ method: 'GET', url: '/docs/errors/invalid_cursor' });
    expect(link.statusCode).toBe(302);
    expect(link.headers.location).toBe('/docs#error-invalid_cursor');
    expect((await t.app.inject({ method: 'GET', url: '/docs/errors/no_such_code' })).json().code).toBe('not_found');
  });
});
