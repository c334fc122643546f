/**
 * Idempotency-Key on POST /v1/shipments, whose response is kept in the create's own transaction:
 * replays byte for byte, refusals replay too, and a burst with one key stores one shipment, also
 * across two API instances on one PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { REPLAY_HEADER } from '../../../src/http/idempotency.js';
import { backends } from '../../support/backends.js';
import { expectProblem } from '../../support/problems.js';
import { fullShipment, minimalShipment } from '../../support/shipment-fixtures.js';
import { shipmentSuite } from '../../support/shipment-suite.js';
import { buildTestApp } from '../../support/test-app.js';

describe.each(backends())('creating shipments with Idempotency-Key on $name', (backend) => {
  const s = shipmentSuite(backend);
  const key = (name: string) => ({ 'idempotency-key': `${name}-${Math.random().toString(36).slice(2)}` });
  const count = async (reference: string) =>
    (await s.t.runtime.services.db.selectFrom('shipments').select('id').where('organization_id', '=', s.tenant.organizationId).where('reference', '=', reference).execute()).length;

  it('a retry replays the 201 byte for byte with its Location, and stores one shipment and one event', async () => {
    const headers = key('replay');
    const body = { ...fullShipment(), reference: 'IDEM-1' };
    const first = await s.api.create(body, { headers });
    expect(first.statusCode).toBe(201);
    expect(first.headers[REPLAY_HEADER]).toBeUndefined();
    s.t.clock.advance(5000);
    const again = await s.api.create(body, { headers: { ...headers, 'accept-language': 'nl' } });
    expect(again.statusCode).toBe(201);
    expect(again.headers[REPLAY_HEADER]).toBe('true');
    expect(again.body).toBe(first.body);
    expect(again.headers.location).toBe(first.headers.location);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(await count('IDEM-1')).toBe(1);
    expect((await s.api.events(first.json().id)).json().data).toHaveLength(1);
  });

  it('a refused create (422) is replayed too; the same key with another body is idempotency_key_reused', async () => {
    const headers = key('refused');
    const first = expectProblem(await s.api.create({ goods: [] }, { headers }), 'validation_failed');
    const again = await s.api.create({ goods: [] }, { headers });
    expect(again.headers[REPLAY_HEADER]).toBe('true');
    expect(again.json().errors).toEqual(first.errors);
    expectProblem(await s.api.create(minimalShipment(), { headers }), 'idempotency_key_reused');
  });

  it('the same key in the live mode or another organisation is another key', async () => {
    const headers = key('scoped');
    const body = { ...minimalShipment(), reference: 'IDEM-SCOPE' };
    const test = await s.api.create(body, { headers });
    const live = await s.api.create(body, { headers, key: s.tenant.liveKey });
    expect(live.statusCode).toBe(201);
    expect(live.headers[REPLAY_HEADER]).toBeUndefined();
    expect(live.json().id).not.toBe(test.json().id);
  });

  it('a burst with one key stores exactly one shipment; the others replay it or are told to retry', async () => {
    const headers = key('burst');
    const body = { ...fullShipment(), reference: 'IDEM-BURST' };
    const responses = await Promise.all(Array.from({ length: 10 }, () => s.api.create(body, { headers })));
    expect(await count('IDEM-BURST')).toBe(1);
    const created = responses.filter((r) => r.statusCode === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((r) => r.json().id)).size).toBe(1);
    for (const r of responses.filter((r) => r.statusCode !== 201)) expectProblem(r, 'idempotency_in_progress');
    const after = await s.api.create(body, { headers });
    expect(after.headers[REPLAY_HEADER]).toBe('true');
    expect(after.json().id).toBe(created[0]!.json().id);
  });

  it.runIf(backend.databaseUrl)('two API instances on one PostgreSQL: a burst across both stores one shipment', async () => {
    const second = await buildTestApp(backend, { clock: s.t.clock });
    try {
      const headers = { ...s.t.auth(s.tenant.testKey), 'content-type': 'application/json', ...key('twin') };
      const payload = JSON.stringify({ ...fullShipment(), reference: 'IDEM-TWIN' });
      const apps = [s.t.app, second.app];
      const responses = await Promise.all(Array.from({ length: 16 }, (_, i) => apps[i % 2]!.inject({ method: 'POST', url: '/v1/shipments', payload, headers })));
      expect(await count('IDEM-TWIN')).toBe(1);
      const ids = new Set(responses.filter((r) => r.statusCode === 201).map((r) => r.json().id));
      expect(ids.size).toBe(1);
      expect(responses.every((r) => r.statusCode === 201 || r.json().code === 'idempotency_in_progress')).toBe(true);
    } finally {
      await second.close();
    }
  });
});
