/**
 * GET /v1/requirements (docs/requirements.md) on every backend: the answer's
 * shape and sources, Dutch after Accept-Language, the day from the clock when none is given, and
 * every refusal: no key, a key without `requirements:read`, unknown countries and bad days (422
 * naming the parameter), a missing or unknown parameter (400).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUIREMENTS_PATHS } from '../../src/modules/requirements/requirements.routes.js';
import { backends } from '../support/backends.js';
import { expectProblem } from '../support/problems.js';
import { expectSourceOf } from '../support/requirement-sources.js';
import { buildTestApp, type Tenant, type TestApp } from '../support/test-app.js';

describe.each(backends())('requirements of a lane on $name', (backend) => {
  let t: TestApp;
  let tenant: Tenant;
  beforeAll(async () => {
    t = await buildTestApp(backend);
    tenant = await t.newTenant();
  });
  afterAll(() => t.close());

  const get = (query: string, key: string | null = tenant.testKey, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `${REQUIREMENTS_PATHS.lane}?${query}`, headers: { ...(key ? t.auth(key) : {}), ...headers } });
  const factOf = (body: any, country: string, code: string) => body.countries.find((c: any) => c.country === country)?.facts.find((f: any) => f.code === code);

  it('answers the requirements of NL→DE, each fact with its source, days and message', async () => {
    const res = await get('from=NL&to=DE&date=2026-11-28');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.lane).toEqual({ from: 'NL', to: 'DE', via: [], date: '2026-11-28', adr: false, combined: false, carrier_country: null, kind: 'international' });
    expect(body.paper_cmr_required).toBe(false);
    expect(body.language).toBe('en');
    expect(body.countries.map((c: any) => c.country)).toEqual(['NL', 'DE']);
    for (const country of body.countries) {
      for (const fact of country.facts) {
        expect(Object.keys(fact).sort()).toEqual(['applies', 'code', 'message', 'params', 'source', 'valid_from', 'valid_to']);
        expectSourceOf(fact);
      }
    }
    expect(factOf(body, 'DE', 'ecmr_protocol_party')).toMatchObject({ applies: true, valid_from: '2022-04-05', valid_to: null });
    expect(factOf(body, 'NL', 'benelux_ecmr_pilot')).toMatchObject({ applies: false, valid_to: '2027-07-09' });
    expect(factOf(body, 'DE', 'efti_acceptance')).toMatchObject({ applies: false, valid_from: '2027-07-09' });
  });

  it('takes via, adr, combined and carrier_country', async () => {
    const res = await get('from=FR&to=DE&via=BE,LU&adr=true&combined=true&carrier_country=PL&date=2026-11-28');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.countries.map((c: any) => c.country)).toEqual(['FR', 'BE', 'LU', 'DE']);
    expect(body.paper_cmr_required).toBe(true);
    expect(factOf(body, 'BE', 'paper_cmr_required')).toMatchObject({ applies: true });
    expect(factOf(body, 'BE', 'adr_documents')).toMatchObject({ applies: true });
    expect(factOf(body, 'LU', 'combined_transport')).toMatchObject({ applies: true });
    expect(factOf(body, 'DE', 'cabotage_allowance')).toMatchObject({ applies: true, params: { situation: 'after_delivery', operations: 3, days: 7, cooling_off_days: 4 } });
    expect(factOf(body, 'FR', 'cabotage_allowance')).toBeUndefined();
  });

  it('says a carriage within one country is domestic', async () => {
    const body = (await get('from=DE&to=DE&carrier_country=PL&date=2026-11-28')).json();
    expect(body.lane.kind).toBe('domestic');
    expect(body.paper_cmr_required).toBeNull();
    expect(factOf(body, 'DE', 'domestic_carriage').message).toMatch(/CMR art\. 1\(1\)/);
    expect(factOf(body, 'DE', 'cabotage_allowance')).toMatchObject({ applies: true, params: { situation: 'cabotage' } });
  });

  it('speaks Dutch after Accept-Language: nl', async () => {
    const body = (await get('from=NL&to=BE&date=2026-11-28', tenant.testKey, { 'accept-language': 'nl-NL, en;q=0.5' })).json();
    expect(body.language).toBe('nl');
    expect(factOf(body, 'BE', 'benelux_ecmr_pilot').message).toMatch(/^De Benelux-proef met de e-CMR dekt dit vervoer in BE/);
  });

  it('takes the day from the clock when none is given, and answers the same to a live key', async () => {
    t.clock.set('2027-07-09T08:00:00Z');
    const res = await get('from=BE&to=LU', tenant.liveKey);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.lane.date).toBe('2027-07-09');
    expect(factOf(body, 'BE', 'efti_acceptance')).toMatchObject({ applies: true });
    expect(factOf(body, 'BE', 'benelux_ecmr_pilot')).toMatchObject({ applies: true });
  });

  describe('refusals', () => {
    it('401 unauthorized without a key', async () => {
      expectProblem(await get('from=NL&to=DE', null), 'unauthorized');
    });

    it('403 insufficient_scope for a key without requirements:read', async () => {
      const other = await t.newTenant({ scopes: ['shipments:read'] });
      expectProblem(await get('from=NL&to=DE', other.testKey), 'insufficient_scope');
      const reader = await t.newTenant({ scopes: ['requirements:read'] });
      expect((await get('from=NL&to=DE', reader.testKey)).statusCode).toBe(200);
    });

    it('422 validation_failed naming each unknown country and a day that is not one', async () => {
      const problem = expectProblem(await get('from=XX&to=DE&via=BE,QQ&carrier_country=nl&date=2027-02-30'), 'validation_failed');
      expect(problem.errors.map((e: any) => [e.path, e.code])).toEqual([
        ['query.from', 'unknown_country'],
        ['query.via[1]', 'unknown_country'],
        ['query.carrier_country', 'unknown_country'],
        ['query.date', 'invalid_format'],
      ]);
      expect(problem.errors[0].message).toMatch(/^XX is not a country this service holds requirements for/);
      expect(problem.errors[0].params).toEqual({ country: 'XX' });
    });

    it('422 validation_failed in Dutch, for an unknown destination and for more than 10 via countries', async () => {
      const dutch = expectProblem(await get('from=NL&to=USA', tenant.testKey, { 'accept-language': 'nl' }), 'validation_failed');
      expect(dutch.errors).toEqual([expect.objectContaining({ path: 'query.to', code: 'unknown_country', message: expect.stringMatching(/^USA is geen land/) })]);
      const many = expectProblem(await get(`from=NL&to=DE&via=${Array(11).fill('BE').join(',')}`), 'validation_failed');
      expect(many.errors).toEqual([expect.objectContaining({ path: 'query.via', code: 'too_many_items' })]);
    });

    it('400 bad_request for a missing country, an unknown parameter or a flag that is not a boolean', async () => {
      expectProblem(await get('from=NL'), 'bad_request');
      expectProblem(await get('from=NL&to=DE&mode=rail'), 'bad_request');
      const flag = expectProblem(await get('from=NL&to=DE&adr=maybe'), 'bad_request');
      expect(flag.errors[0].path).toBe('query.adr');
    });
  });
});
