/**
 * The providers catalogue: every entry is data with sources; the API lists it
 * with what this deployment configured (PROVIDER_* configuration), and a bad configuration stops the start.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { providerConfigProblems } from '../../src/modules/providers/check-provider-config.js';
import { providerCatalogue } from '../../src/modules/providers/provider-catalogue.js';
import { PROVIDER_PATHS } from '../../src/modules/providers/providers.routes.js';
import { backends } from '../support/backends.js';
import { buildTestApp, type Tenant, type TestApp } from '../support/test-app.js';

describe('provider catalogue data', () => {
  it('every provider states its basis and at least one https source', () => {
    for (const entry of providerCatalogue()) {
      expect(entry.sources.length, entry.id).toBeGreaterThan(0);
      for (const source of entry.sources) expect(source.url, entry.id).toMatch(/^https:\/\//);
      expect(['published_api', 'declared_by_vendor']).toContain(entry.basis);
    }
  });

  it('PROVIDER_* configuration: a provider not in the catalogue, one without an adapter, or a key without its URL stops the start', () => {
    const base = { ENVIRONMENT: 'test', DATA_DIR: '/tmp/fds-config' };
    expect(loadConfig({ ...base, PROVIDER_OLF_ECMR_BASE_URL: 'https://ecmr.example.com/api/', PROVIDER_OLF_ECMR_API_KEY: 'token' }).providers).toEqual({
      'olf-ecmr': { baseUrl: 'https://ecmr.example.com/api', apiKey: 'token', account: undefined, webhookSecret: undefined },
    });
    const problems = (env: Record<string, string>) => providerConfigProblems(loadConfig({ ...base, ...env }).providers);
    expect(problems({ PROVIDER_NOBODY_BASE_URL: 'https://x.example', PROVIDER_NOBODY_API_KEY: 'k' })).toEqual([expect.stringContaining('names no provider of the catalogue')]);
    expect(problems({ PROVIDER_TRANSFOLLOW_BASE_URL: 'https://x.example', PROVIDER_TRANSFOLLOW_API_KEY: 'k' })).toEqual([expect.stringContaining('no adapter')]);
    expect(problems({ PROVIDER_OLF_ECMR_BASE_URL: 'https://x.example', PROVIDER_OLF_ECMR_API_KEY: 'k' })).toEqual([]);
    expect(() => loadConfig({ ...base, PROVIDER_OLF_ECMR_BASE_URL: 'ftp://x.example', PROVIDER_OLF_ECMR_API_KEY: 'k' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, PROVIDER_OLF_ECMR_API_KEY: 'token' })).toThrow(/go together/);
    expect(() => loadConfig({ ...base, PROVIDER_OLF_ECMR_BASE_URL: 'https://e.example', PROVIDER_OLF_ECMR_API_KEY: 't', PROVIDER_OLF_ECMR_WEBHOOK_SECRET: 'short' })).toThrow(/16/);
  });
});

describe.each(backends())('providers catalogue on $name', (backend) => {
  let t: TestApp;
  let tenant: Tenant;
  beforeAll(async () => {
    t = await buildTestApp(backend, { env: { PROVIDER_OLF_ECMR_BASE_URL: 'http://127.0.0.1:9/api', PROVIDER_OLF_ECMR_API_KEY: 'token', PROVIDER_OLF_ECMR_WEBHOOK_SECRET: 'a-secret-of-sixteen+' } });
    tenant = await t.newTenant();
  });
  afterAll(() => t.close());
  const get = (url: string, key = tenant.testKey) => t.app.inject({ method: 'GET', url, headers: t.auth(key) });

  it('lists the catalogue with what this deployment configured', async () => {
    const res = await get(PROVIDER_PATHS.collection);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.has_more).toBe(false);
    const olf = body.data.find((p: { id: string }) => p.id === 'olf-ecmr');
    expect(olf).toMatchObject({ configured: true, has_adapter: true, accepts_webhooks: true, basis: 'published_api', capabilities: { document_types: ['ecmr'], benelux_accreditation: 'unknown' } });
    expect(olf.statuses).toMatchObject({ IN_TRANSPORT: 'in_transit', ARRIVED_AT_DESTINATION: 'delivered' });
    expect(body.data.find((p: { id: string }) => p.id === 'transfollow')).toMatchObject({ configured: false, has_adapter: false, accepts_webhooks: false, basis: 'declared_by_vendor' });
  });

  it('reads one provider', async () => {
    const res = await get(PROVIDER_PATHS.one.replace(':id', 'olf-ecmr'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: 'olf-ecmr', webhook: { signature_header: 'x-ecmr-signature', algorithm: 'hmac-sha256', tolerance_s: 300 } });
  });

  it('an id the catalogue does not have is not_found; one of another shape bad_request', async () => {
    const missing = await get(PROVIDER_PATHS.one.replace(':id', 'nobody'));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('not_found');
    const bad = await get(PROVIDER_PATHS.one.replace(':id', 'Not_An_Id'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('bad_request');
  });

  it('a key without providers:read is insufficient_scope', async () => {
    const other = await t.newTenant({ scopes: ['shipments:read'] });
    const res = await get(PROVIDER_PATHS.collection, other.testKey);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('insufficient_scope');
  });
});
