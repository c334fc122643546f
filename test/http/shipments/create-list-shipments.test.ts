/** POST /v1/shipments, GET /v1/shipments/{id}, GET /v1/shipments and the dry run. */
import { describe, expect, it } from 'vitest';
import { backends } from '../../support/backends.js';
import { expectProblem } from '../../support/problems.js';
import { cabotageShipment } from '../../support/efti-fixtures.js';
import { fullShipment, minimalShipment } from '../../support/shipment-fixtures.js';
import { shipmentSuite } from '../../support/shipment-suite.js';
import { shipmentsApi } from '../../support/shipments-api.js';

describe.each(backends())('creating and listing shipments on $name', (backend) => {
  const s = shipmentSuite(backend);

  it('201: the stored shipment with every input field, id, status, derived transport_type, timestamps and Location', async () => {
    const input = fullShipment();
    const res = await s.api.create(input);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.id).toMatch(/^shp_[0-7][0-9A-HJKMNP-TV-Z]{25}$/);
    expect(res.headers.location).toBe(`/v1/shipments/${body.id}`);
    expect(body).toMatchObject({ ...input, status: 'draft', mode: 'test', transport_type: 'international', cancellation_reason: null, issued_at: null });
    expect(body.created_at).toBe(s.t.clock.now().toISOString());
    expect(body.updated_at).toBe(body.created_at);
    expect(Array.isArray(body.warnings)).toBe(true);
    const read = await s.api.get(body.id);
    expect(read.json()).toEqual(body);
  });

  it('warnings ride along in the 201 body, in the requested language', async () => {
    const input = fullShipment();
    // Dutch carrier, loading and unloading in Germany: cabotage.
    input.pickup!.address = { street: 'Kaiserstraße 1', city: 'Köln', country: 'DE' };
    input.consignor!.address = { street: 'Kaiserstraße 1', city: 'Köln', country: 'DE' };
    const res = await s.api.create(input, { headers: { 'accept-language': 'nl' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().transport_type).toBe('cabotage');
    const cabotage = res.json().warnings.find((w: { source?: string }) => w.source?.includes('1072/2009'));
    expect(cabotage).toBeTruthy();
    const english = (await s.api.get(res.json().id)).json().warnings.find((w: { code: string }) => w.code === cabotage.code);
    expect(english.message).not.toBe(cabotage.message);
  });

  it('eFTI: a mandatory element of an applicable subset the shipment cannot fill is a warning at validate, create and issue', async () => {
    const input = cabotageShipment();
    delete input.vehicle!.trailer_country;
    const missing = (warnings: unknown) =>
      (warnings as { code: string; path: string; params?: Record<string, unknown> }[]).filter((w) => w.code === 'efti_element_missing').map((w) => `${String(w.params?.subset)} ${String(w.params?.efti_id)} ${w.path}`);
    const expected = ['EU03 eFTI115 $', 'EU03 eFTI84 $', 'EU03 eFTI65 $', 'EU03 eFTI617 $', 'EU03 eFTI691 $.goods', 'EU03 eFTI578 $.vehicle.trailer_country'];
    const dry = await s.t.app.inject({ method: 'POST', url: '/v1/shipments/validate', headers: s.t.auth(s.tenant.testKey), payload: input as object });
    expect(dry.json()).toMatchObject({ valid: true, transport_type: 'cabotage' });
    expect(missing(dry.json().warnings)).toEqual(expected);
    const created = await s.api.created(input);
    expect(missing(created.warnings)).toEqual(expected);
    const issued = await s.api.post(created.id, 'issue');
    expect(issued.statusCode, issued.body).toBe(200);
    expect(missing(issued.json().warnings)).toEqual(expected);
    expect(missing((await s.api.created(fullShipment())).warnings)).toEqual([]);
  });

  it('422 validation_failed: schema findings with JSON paths and rule findings together', async () => {
    const input = fullShipment() as Record<string, unknown>;
    (input.goods as Record<string, unknown>[])[2]!.gross_weight_kg = -1;
    delete input.consignee;
    input.colour = 'blue';
    const body = expectProblem(await s.api.create(input), 'validation_failed');
    const found = body.errors.map((e: { path: string; code: string }) => `${e.path} ${e.code}`);
    expect(found).toEqual(expect.arrayContaining(['$.goods[2].gross_weight_kg out_of_range', '$.colour unknown_field', '$.consignee consignee_missing']));
    const rule = body.errors.find((e: { code: string }) => e.code === 'consignee_missing');
    expect(rule).toMatchObject({ rule: expect.any(String), source: expect.stringContaining('CMR') });
    expect((await s.t.app.inject({ method: 'GET', url: '/v1/shipments', headers: s.t.auth(s.tenant.testKey) })).json().data.every((s: { reference?: string }) => s.reference !== undefined || true)).toBe(true);
  });

  it('a transport_type that disagrees with the lane blocks the create; one that agrees is kept', async () => {
    const wrong = { ...fullShipment(), transport_type: 'national' as const };
    const body = expectProblem(await s.api.create(wrong), 'validation_failed');
    expect(body.errors.map((e: { path: string }) => e.path)).toContain('$.transport_type');
    const right = await s.api.create({ ...fullShipment(), transport_type: 'international' });
    expect(right.statusCode).toBe(201);
    const combined = await s.api.create({ ...minimalShipment(), combined_transport: { sequence: 2, carried_unit: { id: 'MSKU1234565', category: 'CN' } } });
    expect(combined.json().transport_type).toBe('combined');
  });

  it('Idempotency-Key: a retry replays the 201 and stores one shipment', async () => {
    const headers = { 'idempotency-key': `create-${Date.now()}` };
    const first = await s.api.create(fullShipment(), { headers });
    const again = await s.api.create(fullShipment(), { headers });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(again.headers.location).toBe(first.headers.location);
    const other = await s.api.create(minimalShipment(), { headers });
    expectProblem(other, 'idempotency_key_reused');
  });

  it('the dry run answers 200 with the Validation result and stores nothing', async () => {
    const fresh = await s.t.newTenant();
    const dry = (payload: unknown, headers: Record<string, string> = {}) =>
      s.t.app.inject({ method: 'POST', url: '/v1/shipments/validate', headers: { ...s.t.auth(fresh.testKey), ...headers }, payload: payload as object });
    const ok = await dry(fullShipment());
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ valid: true, errors: [], transport_type: 'international' });
    const bad = (await dry({ goods: [] })).json();
    expect(bad.valid).toBe(false);
    // No stop names a country: nothing to derive, and the spec's type has no null. The field is left out.
    expect(bad).not.toHaveProperty('transport_type');
    expect((await dry({ goods: [], transport_type: 'cabotage' })).json().transport_type).toBe('cabotage');
    // An invalid body still derives it whenever the stops allow (the countries' case is the schema's finding, not another country).
    const lane = (await dry({ goods: [], pickup: { address: { country: 'NL' } }, delivery: { address: { country: 'nl' } }, carrier: { address: { country: 'pl' } } })).json();
    expect(lane).toMatchObject({ valid: false, transport_type: 'cabotage' });
    expect((await dry({ pickup: { address: { country: 'NL' } }, delivery: { address: { country: 'DE' } } })).json().transport_type).toBe('international');
    expect(bad.errors.map((e: { code: string }) => e.code)).toEqual(expect.arrayContaining(['consignor_missing', 'consignee_missing', 'carrier_missing']));
    const nl = (await dry({ goods: [] }, { 'accept-language': 'nl' })).json();
    expect(nl.errors[0].message).not.toBe(bad.errors[0].message);
    expect((await dry([1, 2])).json()).toMatchObject({ valid: false, errors: [expect.objectContaining({ path: '$', code: 'invalid_type' })] });
    expectProblem(await s.t.app.inject({ method: 'POST', url: '/v1/shipments/validate', headers: { ...s.t.auth(fresh.testKey), 'content-type': 'application/json' }, payload: '{' }), 'malformed_json');
    const asText = await s.t.app.inject({ method: 'POST', url: '/v1/shipments', headers: { ...s.t.auth(fresh.testKey), 'content-type': 'text/plain' }, payload: JSON.stringify(minimalShipment()) });
    expectProblem(asText, 'unsupported_media_type');
    const list = await s.t.app.inject({ method: 'GET', url: '/v1/shipments', headers: s.t.auth(fresh.testKey) });
    expect(list.json().data).toEqual([]);
  });

  it('lists newest first with filters on status, reference, transport_type and creation time, and a cursor', async () => {
    const fresh = await s.t.newTenant();
    const mine = shipmentsApi(s.t, fresh);
    const start = s.t.clock.now();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      s.t.clock.advance(1000);
      const body = i % 2 === 0 ? { ...fullShipment(), reference: `REF-${i}` } : { ...minimalShipment(), reference: `REF-${i}` };
      ids.push((await mine.created(body, { issue: i === 4 })).id);
    }
    await mine.post(ids[1]!, 'cancel');
    const list = (q = '') => s.t.app.inject({ method: 'GET', url: `/v1/shipments${q}`, headers: s.t.auth(fresh.testKey) });
    const idsOf = (res: { json(): { data: { id: string }[] } }) => res.json().data.map((s) => s.id);
    expect(idsOf(await list())).toEqual([...ids].reverse());
    expect(idsOf(await list('?status=issued'))).toEqual([ids[4]]);
    expect(idsOf(await list('?status=cancelled'))).toEqual([ids[1]]);
    expect(idsOf(await list('?reference=REF-2'))).toEqual([ids[2]]);
    expect(idsOf(await list('?transport_type=national'))).toEqual([ids[3], ids[1]]);
    const after2 = new Date(start.getTime() + 2500).toISOString();
    expect(idsOf(await list(`?created_gte=${after2}`))).toEqual([ids[4], ids[3], ids[2]]);
    expect(idsOf(await list(`?created_lt=${after2}`))).toEqual([ids[1], ids[0]]);
    const page1 = (await list('?limit=2')).json();
    expect(page1.has_more).toBe(true);
    const page2 = (await list(`?limit=2&cursor=${page1.next_cursor}`)).json();
    expect(page2.data.map((s: { id: string }) => s.id)).toEqual([ids[2], ids[1]]);
    expectProblem(await list('?status=lost'), 'bad_request');
    expectProblem(await list('?transport_type=air'), 'bad_request');
    expectProblem(await list('?cursor=forged.cursor'), 'invalid_cursor');
  });

  it('isolates organisations and modes: another s.tenant or the live key sees nothing', async () => {
    const { id } = await s.api.created();
    const other = await s.t.newTenant();
    expectProblem(await s.api.get(id, other.testKey), 'not_found');
    expectProblem(await s.api.get(id, s.tenant.liveKey), 'not_found');
    const otherList = await s.t.app.inject({ method: 'GET', url: '/v1/shipments', headers: s.t.auth(other.testKey) });
    expect(otherList.json().data).toEqual([]);
    const live = await s.api.created(fullShipment(), { key: s.tenant.liveKey });
    expect(live.mode).toBe('live');
    expectProblem(await s.api.get(live.id), 'not_found');
    expect((await s.api.get(live.id, s.tenant.liveKey)).statusCode).toBe(200);
  });

  it('scopes: a read-only key cannot create, a key without shipments scopes cannot read', async () => {
    const readOnly = await s.t.newTenant({ scopes: ['shipments:read'] });
    expectProblem(await shipmentsApi(s.t, readOnly).create(), 'insufficient_scope');
    const none = await s.t.newTenant({ scopes: ['events:read'] });
    expectProblem(await shipmentsApi(s.t, none).get('shp_01JD0000000000000000000000'), 'insufficient_scope');
  });
});
