/**
 * POST /v1/public/validate: the dry run of POST /v1/shipments/validate without an API
 * key, behind the public door (per-IP window, bot check), callable from allowed origins (CORS).
 * One app per backend with the service's own limit of 10 a minute; every test speaks from a client
 * address of its own (X-Forwarded-For from the trusted 127.0.0.1), since test files share Redis.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { botcheckHeaders, botcheckToken } from '../support/botcheck.js';
import { expectProblem } from '../support/problems.js';
import { fullShipment } from '../support/shipment-fixtures.js';
import { buildTestApp, type Tenant, type TestApp } from '../support/test-app.js';

const ALLOWED = 'https://shipper.example';
const REFUSED = 'https://elsewhere.example';
const run = randomBytes(4).toString('hex');
let clients = 0;
/** A client address no other test (or earlier run within the window) has used. */
const newClient = () => ({ 'x-forwarded-for': `2001:db8:${run.slice(0, 4)}:${run.slice(4)}::${(++clients).toString(16)}` });

const invalidShipment = () => {
  const shipment = fullShipment() as Record<string, unknown>;
  delete shipment.consignee;
  (shipment.goods as Record<string, unknown>[])[0]!.gross_weight_kg = -5;
  return shipment;
};

describe.each(backends())('the public validator on $name', (backend) => {
  let t: TestApp;
  let tenant: Tenant;
  beforeAll(async () => {
    t = await buildTestApp(backend, { env: { VALIDATOR_RATE_LIMIT: '10', TRUST_PROXY: '127.0.0.1', CORS_ORIGINS: `${ALLOWED}, https://other.example` } });
    tenant = await t.newTenant();
  });
  afterAll(async () => t?.close());

  const validate = async (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/v1/public/validate', headers: { ...newClient(), ...(await botcheckHeaders(t.app)), ...headers }, payload: payload as object });
  const keyed = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/v1/shipments/validate', headers: { ...t.auth(tenant.testKey), ...headers }, payload: payload as object });

  it('answers exactly what POST /v1/shipments/validate answers, valid or not, in the requested language', async () => {
    for (const [body, language] of [[fullShipment(), 'en'], [invalidShipment(), 'en'], [invalidShipment(), 'nl'], [invalidShipment(), 'de'], [invalidShipment(), 'fr'], [[1, 2], 'en']] as const) {
      const open = await validate(body, { 'accept-language': language });
      const withKey = await keyed(body, { 'accept-language': language });
      expect(open.statusCode, open.body).toBe(200);
      expect(open.json()).toEqual(withKey.json());
    }
    const invalid = (await validate(invalidShipment())).json();
    expect(invalid.valid).toBe(false);
    expect(invalid.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: '$.goods[0].gross_weight_kg' }), expect.objectContaining({ code: 'consignee_missing', rule: expect.any(String), source: expect.any(String) })]));
    expect((await validate(fullShipment())).json()).toMatchObject({ valid: true, errors: [] });
    const consignee = async (language: string) =>
      ((await validate(invalidShipment(), { 'accept-language': language })).json().errors as { code: string; message: string }[]).find((f) => f.code === 'consignee_missing')?.message;
    expect(await consignee('de')).toContain('Der Frachtbrief hat keinen Empfänger');
    expect(await consignee('fr')).toContain("La lettre de voiture n'a pas de destinataire");
  });

  it('refuses what the keyed dry run refuses about the body, and stores nothing', async () => {
    const malformed = await t.app.inject({ method: 'POST', url: '/v1/public/validate', headers: { ...newClient(), ...(await botcheckHeaders(t.app)), 'content-type': 'application/json' }, payload: '{' });
    expectProblem(malformed, 'malformed_json');
    const tooLarge = await t.app.inject({ method: 'POST', url: '/v1/public/validate', headers: { ...newClient(), ...(await botcheckHeaders(t.app)), 'content-type': 'application/json' }, payload: `{"x":"${'a'.repeat(1024 * 1024)}"}` });
    expectProblem(tooLarge, 'payload_too_large');
    const list = await t.app.inject({ method: 'GET', url: '/v1/shipments', headers: t.auth(tenant.testKey) });
    expect(list.json().data).toEqual([]);
  });

  it('needs a solved bot check: missing, expired, reused and forged tokens are 403 botcheck_failed', async () => {
    const post = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url: '/v1/public/validate', headers: { ...newClient(), ...headers }, payload: fullShipment() });
    const missing = await post({});
    expectProblem(missing, 'botcheck_failed');
    expect(missing.json().detail).toMatch(/missing/);

    const token = await botcheckToken(t.app);
    expect((await post({ 'botcheck-token': token })).statusCode).toBe(200);
    const reused = await post({ 'botcheck-token': token });
    expectProblem(reused, 'botcheck_failed');
    expect(reused.json().detail).toMatch(/used already/);

    const forged = await post({ 'botcheck-token': Buffer.from(JSON.stringify({ challenge: {}, solution: {} })).toString('base64') });
    expectProblem(forged, 'botcheck_failed');

    const late = await botcheckToken(t.app);
    t.clock.advance(601_000);
    const expired = await post({ 'botcheck-token': late });
    expectProblem(expired, 'botcheck_failed');
    expect(expired.json().detail).toMatch(/expired/);
  });

  it('the 11th request in a minute from one address is 429 with Retry-After and the RateLimit headers', async () => {
    const client = newClient();
    const post = () => t.app.inject({ method: 'POST', url: '/v1/public/validate', headers: { ...client, origin: ALLOWED }, payload: fullShipment() });
    for (let i = 1; i <= 10; i++) {
      // Without a token: counted before the bot check, so a failing client spends its budget too.
      const res = await post();
      expect(res.statusCode).toBe(403);
      expect(res.headers['ratelimit-limit']).toBe('10');
      expect(res.headers['ratelimit-remaining']).toBe(String(10 - i));
    }
    const refused = await post();
    expectProblem(refused, 'rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    expect(refused.headers['ratelimit-reset']).toBeDefined();
    // A page of an allowed origin can read all of it.
    expect(refused.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(String(refused.headers['access-control-expose-headers'])).toMatch(/RateLimit-Limit.*RateLimit-Remaining.*RateLimit-Reset.*Retry-After.*Request-Id/);
    expect(refused.headers).not.toHaveProperty('access-control-allow-credentials');
    // Another address still passes.
    expect((await validate(fullShipment())).statusCode).toBe(200);
  });

  describe('CORS', () => {
    const preflight = (url: string, origin: string, method = 'POST') =>
      t.app.inject({ method: 'OPTIONS', url, headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'content-type, botcheck-token' } });

    it('answers an allowed origin’s preflight for the validator and the bot check', async () => {
      for (const [url, method] of [['/v1/public/validate', 'POST'], ['/v1/public/botcheck', 'GET']] as const) {
        const res = await preflight(url, ALLOWED, method);
        expect(res.statusCode).toBe(204);
        expect(res.body).toBe('');
        expect(res.headers['access-control-allow-origin']).toBe(ALLOWED);
        expect(String(res.headers['access-control-allow-methods'])).toContain(method);
        expect(String(res.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/)).toEqual(expect.arrayContaining(['content-type', 'botcheck-token', 'accept-language']));
        expect(Number(res.headers['access-control-max-age'])).toBeGreaterThan(0);
        expect(String(res.headers.vary)).toContain('Origin');
        expect(res.headers).not.toHaveProperty('access-control-allow-credentials');
      }
    });

    it('gives a refused origin’s preflight no allow header (the browser then blocks the call)', async () => {
      const res = await preflight('/v1/public/validate', REFUSED);
      expect(res.statusCode).toBe(204);
      for (const name of ['access-control-allow-origin', 'access-control-allow-methods', 'access-control-allow-headers', 'access-control-allow-credentials']) expect(res.headers).not.toHaveProperty(name);
      expect(String(res.headers.vary)).toContain('Origin');
      // Nor do its actual requests carry one.
      const answer = await validate(fullShipment(), { origin: REFUSED });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers).not.toHaveProperty('access-control-allow-origin');
    });

    it('puts the headers on answers and refusals alike, never allowing credentials', async () => {
      const ok = await validate(fullShipment(), { origin: ALLOWED });
      expect(ok.statusCode).toBe(200);
      const refused = await t.app.inject({ method: 'POST', url: '/v1/public/validate', headers: { ...newClient(), origin: ALLOWED }, payload: fullShipment() });
      expectProblem(refused, 'botcheck_failed');
      const challenge = await t.app.inject({ method: 'GET', url: '/v1/public/botcheck', headers: { origin: ALLOWED } });
      for (const res of [ok, refused, challenge]) {
        expect(res.headers['access-control-allow-origin']).toBe(ALLOWED);
        expect(String(res.headers['access-control-expose-headers'])).toContain('RateLimit-Remaining');
        expect(res.headers).not.toHaveProperty('access-control-allow-credentials');
      }
    });

    it('leaves the other routes alone: no CORS headers, OPTIONS elsewhere is still 404', async () => {
      const keyedAnswer = await keyed(fullShipment(), { origin: ALLOWED });
      expect(keyedAnswer.headers).not.toHaveProperty('access-control-allow-origin');
      expectProblem(await preflight('/v1/shipments/validate', ALLOWED), 'not_found');
    });
  });
});

describe('CORS_ORIGINS=*', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backends()[0]!, { env: { CORS_ORIGINS: '*' } });
  });
  afterAll(async () => t?.close());

  it('allows any origin with `*`, and still no credentials', async () => {
    const res = await t.app.inject({ method: 'OPTIONS', url: '/v1/public/validate', headers: { origin: 'https://any.example', 'access-control-request-method': 'POST' } });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers).not.toHaveProperty('access-control-allow-credentials');
  });
});
