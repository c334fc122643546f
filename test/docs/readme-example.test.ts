/**
 * The README's quick start sends examples/shipment.json: on a fresh checkout that body must be
 * created and issued as it stands, without a warning a new user would have to puzzle over (the
 * eFTI identifiers included: it names the trailer's country).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/core/clock.js';
import { buildTestApp, type TestApp } from '../support/test-app.js';

const example = JSON.parse(readFileSync(new URL('../../examples/shipment.json', import.meta.url), 'utf8'));

describe('examples/shipment.json (README quick start)', () => {
  let t: TestApp;
  // The day before its pickup window, as when the example was written.
  beforeAll(async () => (t = await buildTestApp({ name: 'embedded (PGlite, memory)' }, { clock: new ManualClock(new Date('2026-11-30T12:00:00Z')) })));
  afterAll(() => t.close());

  it('is created and issued with no finding, and its eFTI dataset omits nothing', async () => {
    const tenant = await t.newTenant();
    const headers = { authorization: `Bearer ${tenant.testKey}` };
    const created = await t.app.inject({ method: 'POST', url: '/v1/shipments', headers, payload: example });
    expect(created.statusCode).toBe(201);
    expect(created.json().warnings).toEqual([]);
    const issued = await t.app.inject({ method: 'POST', url: `/v1/shipments/${created.json().id}/issue`, headers });
    expect(issued.statusCode).toBe(200);
    expect(issued.json()).toMatchObject({ status: 'issued', warnings: [] });
    const efti = await t.app.inject({ method: 'GET', url: `/v1/shipments/${created.json().id}/efti`, headers });
    expect(efti.json()).toMatchObject({ applicable_subsets: ['EU01', 'EU05a'], omitted: [] });
  });
});
