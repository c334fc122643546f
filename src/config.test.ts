/** The SMS and trust-service settings (given together or not at all, https in production), the render pool's, metrics and tracing, and the eFTI gate. */
import { availableParallelism } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { makeEftiCerts } from '../test/support/efti-certs.js';
import { loadConfig } from './config.js';

const production = { ENVIRONMENT: 'production', DATABASE_URL: 'postgres://db/fds', SEAL_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----', SEAL_CERTIFICATE: '-----BEGIN CERTIFICATE-----' };

describe('SMS and trust service configuration', () => {
  it('reads the SMS provider and the trust service provider', () => {
    const config = loadConfig({ SMS_URL: 'https://AC123:secret@api.twilio.com', SMS_FROM: '+3197010520000', QTSP_URL: 'https://qtsp.example', QTSP_TOKEN: 't', QTSP_CREDENTIAL_ID: 'c' });
    expect(config.sms).toEqual({ url: 'https://AC123:secret@api.twilio.com', from: '+3197010520000' });
    expect(config.qtsp).toEqual({ url: 'https://qtsp.example', token: 't', credentialId: 'c' });
    expect(loadConfig({})).toMatchObject({ sms: undefined, qtsp: undefined });
  });

  it('refuses half a setting, an SMS URL without credentials, and http in production', () => {
    expect(() => loadConfig({ SMS_URL: 'https://AC123:secret@api.twilio.com' })).toThrow(/SMS_URL and SMS_FROM go together/);
    expect(() => loadConfig({ SMS_URL: 'https://api.twilio.com', SMS_FROM: '+31' })).toThrow(/SMS_URL/);
    expect(() => loadConfig({ QTSP_URL: 'https://qtsp.example' })).toThrow(/QTSP_URL, QTSP_TOKEN and QTSP_CREDENTIAL_ID go together/);
    expect(() => loadConfig({ ...production, QTSP_URL: 'http://qtsp.example', QTSP_TOKEN: 't', QTSP_CREDENTIAL_ID: 'c' })).toThrow(/QTSP_URL must be https/);
    expect(() => loadConfig({ ...production, SMS_URL: 'http://AC1:s@sms.example', SMS_FROM: 'FDS' })).toThrow(/SMS_URL must be https/);
  });
});

describe('render pool configuration', () => {
  it('defaults to one thread per core but one (at least one), 100 queued jobs and a 30 s timeout', () => {
    const threads = availableParallelism();
    expect(loadConfig({}).render).toEqual({ threads, queue: 100, timeoutMs: 30_000, nice: 10, perOrganisation: Math.max(1, threads - 1), memoryMb: 512, recycleAfterJobs: 500 });
    expect(loadConfig({ RENDER_THREADS: '3', RENDER_QUEUE: '0', RENDER_TIMEOUT_MS: '5000', RENDER_NICE: '0' }).render).toEqual({ threads: 3, queue: 0, timeoutMs: 5000, nice: 0, perOrganisation: 2, memoryMb: 512, recycleAfterJobs: 500 });
  });

  it('leaves one organisation one thread fewer than all unless told, never more than all; limits each thread to RENDER_MEMORY_MB', () => {
    expect(loadConfig({ RENDER_THREADS: '1' }).render.perOrganisation).toBe(1);
    expect(loadConfig({ RENDER_THREADS: '4', RENDER_THREADS_PER_ORGANISATION: '2' }).render.perOrganisation).toBe(2);
    expect(loadConfig({ RENDER_THREADS: '2', RENDER_THREADS_PER_ORGANISATION: '8' }).render.perOrganisation).toBe(2);
    expect(loadConfig({ RENDER_MEMORY_MB: '256' }).render.memoryMb).toBe(256);
    expect(loadConfig({ RENDER_RECYCLE_AFTER_JOBS: '50' }).render.recycleAfterJobs).toBe(50);
    expect(loadConfig({ RENDER_RECYCLE_AFTER_JOBS: '0' }).render.recycleAfterJobs).toBeUndefined();
    expect(() => loadConfig({ RENDER_MEMORY_MB: '16' })).toThrow(/RENDER_MEMORY_MB/);
    expect(() => loadConfig({ RENDER_THREADS_PER_ORGANISATION: '0' })).toThrow(/RENDER_THREADS_PER_ORGANISATION/);
  });

  it('refuses a pool without threads, a negative queue and a timeout too short to render in', () => {
    expect(() => loadConfig({ RENDER_THREADS: '0' })).toThrow(/RENDER_THREADS/);
    expect(() => loadConfig({ RENDER_QUEUE: '-1' })).toThrow(/RENDER_QUEUE/);
    expect(() => loadConfig({ RENDER_TIMEOUT_MS: '10' })).toThrow(/RENDER_TIMEOUT_MS/);
    expect(() => loadConfig({ RENDER_THREADS: 'many' })).toThrow(/RENDER_THREADS/);
    expect(() => loadConfig({ RENDER_NICE: '20' })).toThrow(/RENDER_NICE/);
  });
});

describe('metrics and tracing configuration', () => {
  it('leaves metrics and tracing off unless asked; the metrics listener takes HOST unless told', () => {
    expect(loadConfig({})).toMatchObject({ metrics: undefined, tracing: undefined });
    expect(loadConfig({ METRICS_PORT: '9464', HOST: '0.0.0.0' }).metrics).toEqual({ port: 9464, host: '0.0.0.0', token: undefined });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5', METRICS_TOKEN: 'a-long-scrape-token' }).metrics).toEqual({ port: 9464, host: '10.0.0.5', token: 'a-long-scrape-token' });
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).tracing).toEqual({ endpoint: 'http://collector:4318' });
  });

  it('refuses metrics on the API port, a token without a port, a short token and a collector that is not a URL', () => {
    expect(() => loadConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(/METRICS_PORT=3000 is the API port/);
    expect(loadConfig({ PORT: '3000', METRICS_PORT: '3000', ROLE: 'worker', DATABASE_URL: 'postgres://db/fds' }).metrics?.port).toBe(3000);
    expect(() => loadConfig({ METRICS_TOKEN: 'a-long-scrape-token' })).toThrow(/METRICS_TOKEN guards the metrics port/);
    expect(() => loadConfig({ METRICS_PORT: '9464', METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ METRICS_PORT: 'ninety' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
  });
});

describe('trusted proxies', () => {
  it('reads a number of hops or a list of addresses and ranges, and trusts none when unset', () => {
    expect(loadConfig({}).trustProxy).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.7, 10.0.1.0/24,::1' }).trustProxy).toEqual(['10.0.0.7', '10.0.1.0/24', '::1']);
  });

  it('refuses what is neither', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.internal' })).toThrow(/TRUST_PROXY/);
  });
});

describe('eFTI gate configuration', () => {
  const certs = makeEftiCerts({ gateId: 'gate-nl', platformId: 'fds-platform' });
  afterAll(() => certs.remove());
  const gate = {
    EFTI_GATE_URL: 'https://gate.example/api/platform/',
    EFTI_GATE_ID: 'gate-nl',
    EFTI_PLATFORM_ID: 'fds-platform',
    EFTI_CLIENT_CERT: certs.platform.certPath,
    EFTI_CLIENT_KEY: certs.platform.keyPath,
    EFTI_GATE_CA: certs.ca.certPath,
    EFTI_PLATFORM_PORT: '8443',
  };

  it('reads the gate, the ids, the PEM files and the listener port; none of it leaves eFTI unconfigured', () => {
    expect(loadConfig({}).efti).toBeUndefined();
    const efti = loadConfig({ ...gate, EFTI_TEST_GATE_URL: 'https://test-gate.example' }).efti!;
    expect(efti).toMatchObject({ gateUrl: 'https://gate.example/api/platform', testGateUrl: 'https://test-gate.example', gateId: 'gate-nl', platformId: 'fds-platform', platformPort: 8443 });
    expect(efti.clientCert).toBe(certs.platform.cert);
    expect(efti.clientKey).toBe(certs.platform.key);
    expect(efti.gateCa).toBe(certs.ca.cert);
    expect(loadConfig(gate).efti?.testGateUrl).toBeUndefined();
  });

  it('refuses part of it, naming every missing variable', () => {
    expect(() => loadConfig({ EFTI_GATE_URL: gate.EFTI_GATE_URL, EFTI_GATE_ID: 'gate-nl' })).toThrow(
      'the eFTI gate configuration is all or none; missing: EFTI_PLATFORM_ID, EFTI_CLIENT_CERT, EFTI_CLIENT_KEY, EFTI_GATE_CA, EFTI_PLATFORM_PORT',
    );
    expect(() => loadConfig({ EFTI_TEST_GATE_URL: 'https://test-gate.example' })).toThrow(/EFTI_TEST_GATE_URL needs the rest/);
  });

  it('refuses a certificate whose CN is not the platform id, a key of another certificate, a missing file and plain http', () => {
    expect(() => loadConfig({ ...gate, EFTI_PLATFORM_ID: 'another-platform' })).toThrow('EFTI_CLIENT_CERT names CN=fds-platform, but EFTI_PLATFORM_ID is another-platform');
    expect(() => loadConfig({ ...gate, EFTI_CLIENT_KEY: certs.gateClient.keyPath })).toThrow(/EFTI_CLIENT_KEY is not the key of EFTI_CLIENT_CERT/);
    expect(() => loadConfig({ ...gate, EFTI_GATE_CA: '/nonexistent/ca.pem' })).toThrow(/EFTI_GATE_CA: cannot read \/nonexistent\/ca.pem \(ENOENT\)/);
    expect(() => loadConfig({ ...gate, EFTI_GATE_CA: certs.ca.keyPath })).toThrow(/must be PEM certificates/);
    expect(() => loadConfig({ ...gate, EFTI_GATE_URL: 'http://gate.example' })).toThrow(/EFTI_GATE_URL/);
    expect(() => loadConfig({ ...gate, EFTI_PLATFORM_PORT: '3000', PORT: '3000' })).toThrow(/EFTI_PLATFORM_PORT=3000 is taken/);
  });
});

describe('HTTP limits', () => {
  it('default to 10 s for headers, 120 s for a whole request, 72 s idle keep-alive, 300 s silence and a 1 MiB body', () => {
    expect(loadConfig({}).http).toEqual({ headersTimeoutMs: 10_000, requestTimeoutMs: 120_000, keepAliveTimeoutMs: 72_000, connectionTimeoutMs: 300_000, checkIntervalMs: 1000, bodyLimitBytes: 1024 * 1024 });
  });

  it('refuses a header limit longer than the request limit, and limits too short to be meant', () => {
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '60000', HTTP_REQUEST_TIMEOUT_MS: '30000' })).toThrow(/HTTP_HEADERS_TIMEOUT_MS must not exceed HTTP_REQUEST_TIMEOUT_MS/);
    expect(() => loadConfig({ HTTP_REQUEST_TIMEOUT_MS: '10' })).toThrow(/HTTP_REQUEST_TIMEOUT_MS/);
    expect(() => loadConfig({ HTTP_BODY_LIMIT_BYTES: '0' })).toThrow(/HTTP_BODY_LIMIT_BYTES/);
  });
});

describe('database roles', () => {
  it('migrates as MIGRATION_DATABASE_URL and grants DATABASE_URL\'s user, or DATABASE_SERVICE_ROLE', () => {
    const two = { DATABASE_URL: 'postgres://freight_service:s@db/freight', MIGRATION_DATABASE_URL: 'postgres://freight_owner:o@db/freight' };
    expect(loadConfig(two)).toMatchObject({ databaseUrl: two.DATABASE_URL, migrationDatabaseUrl: two.MIGRATION_DATABASE_URL, serviceRole: 'freight_service' });
    expect(loadConfig({ ...two, DATABASE_SERVICE_ROLE: 'freight_app' }).serviceRole).toBe('freight_app');
    // One role (development): nothing to grant.
    const one = loadConfig({ DATABASE_URL: two.DATABASE_URL });
    expect([one.migrationDatabaseUrl, one.serviceRole]).toEqual([undefined, undefined]);
  });

  it('refuses an owner without the service URL, one role named twice, and a service URL without a user', () => {
    expect(() => loadConfig({ MIGRATION_DATABASE_URL: 'postgres://o@db/f' })).toThrow(/set DATABASE_URL too/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://a@db/f', MIGRATION_DATABASE_URL: 'postgres://a@db/f' })).toThrow(/must be two roles/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/f', MIGRATION_DATABASE_URL: 'postgres://o@db/f' })).toThrow(/set DATABASE_SERVICE_ROLE/);
  });
});
